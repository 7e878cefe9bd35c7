import { REPORTS, type ReportName } from '@harbour/contracts';
import type { ReportDefinition, ReportQuery } from './query.js';
import { originationQueries } from './queries/origination.js';
import { servicingQueries } from './queries/servicing.js';
import { collectionQueries } from './queries/collection.js';
import { retentionQueries } from './queries/retention.js';

const QUERIES: Partial<Record<ReportName, ReportQuery>> = { ...originationQueries, ...servicingQueries, ...collectionQueries, ...retentionQueries };

/**
 * Reports whose page comes from an index in the default order (instalments by due date, receipts
 * and corrections by entry date), with their count and totals apart (`ReportDefinition.totalsApart`):
 * on a whole book over five years they are 800,000–900,000 rows.
 */
const TOTALS_APART: ReadonlySet<ReportName> = new Set(['repayment', 'repaymentSchedule']);

/** Every declared report with its query; a declaration without a query (or the reverse) fails start-up. */
export const REPORT_DEFINITIONS: ReadonlyMap<string, ReportDefinition> = (() => {
  const map = new Map<string, ReportDefinition>();
  for (const decl of REPORTS) {
    const query = QUERIES[decl.name];
    if (!query) throw new Error(`report ${decl.name} is declared but has no query`);
    map.set(decl.name, { decl, query, ...(TOTALS_APART.has(decl.name) ? { totalsApart: true } : {}) });
  }
  for (const name of Object.keys(QUERIES)) if (!map.has(name)) throw new Error(`report ${name} has a query but no declaration`);
  return map;
})();
