import { originationReports } from './origination.js';
import { servicingReports } from './servicing.js';
import { collectionReports } from './collection.js';

/** The names of the reports that have a declaration (their menu pages are available). */
export const DECLARED_REPORTS: ReadonlySet<string> = new Set([...originationReports, ...servicingReports, ...collectionReports].map((r) => r.name));
