import type { ReportDecl } from './define.js';
import { originationReports } from './origination.js';
import { servicingReports } from './servicing.js';
import { collectionReports } from './collection.js';
import { retentionReports } from './retention.js';

export * from './define.js';

/**
 * Every declared report, in menu order (`menuOrder`, spec §2). This list is the one place that
 * knows which reports exist: their names, menu pages and permission keys all derive from it.
 */
export const REPORTS = [...originationReports, ...servicingReports, ...collectionReports, ...retentionReports].sort((a, b) => a.menuOrder - b.menuOrder);

/** A declared report's name (a route, a query map or a permission naming another fails to compile). */
export type ReportName = (typeof REPORTS)[number]['name'];

/** The reports' names in menu order. */
export const REPORT_NAMES: readonly ReportName[] = REPORTS.map((r) => r.name);

const byName = new Map<string, ReportDecl>(REPORTS.map((r) => [r.name, r]));
export const reportByName = (name: string): ReportDecl | undefined => byName.get(name);
export const isReportName = (name: string): name is ReportName => byName.has(name);
