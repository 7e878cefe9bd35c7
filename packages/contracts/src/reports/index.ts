import type { ReportDecl, ReportName } from './define.js';
import { originationReports } from './origination.js';
import { servicingReports } from './servicing.js';
import { collectionReports } from './collection.js';

export * from './define.js';

/** Every declared report, in no particular order (the menu orders them by spec §2). */
export const REPORTS: readonly ReportDecl[] = [...originationReports, ...servicingReports, ...collectionReports];

const byName = new Map<string, ReportDecl>(REPORTS.map((r) => [r.name, r]));
export const reportByName = (name: string): ReportDecl | undefined => byName.get(name);
export const isReportName = (name: string): name is ReportName => byName.has(name);
