import type { Language, ReportDecl } from '@harbour/contracts';
import type { SQL } from 'drizzle-orm';

/** A parameter as the query receives it: defaults applied, absent ones null. */
export type ReportParamValue = string | number | null;

export interface ReportInput {
  /** Every declared parameter by name, validated and with its default applied (null when absent). */
  params: Readonly<Record<string, ReportParamValue>>;
  /** The business day (Hong Kong), 'YYYY-MM-DD'. */
  today: string;
  lang: Language;
}

/**
 * A report's one SQL query: a SELECT whose output columns are named exactly as the declaration's
 * column keys (quoted camelCase: `l.loan_no as "loanNo"`). Money as `numeric` (never float),
 * dates as `date` or 'YYYY-MM-DD' text, datetimes as `timestamptz`, `masked` columns the whole
 * number (the engine masks them for the caller). No ORDER BY / LIMIT: the engine sorts, pages and
 * totals around it. It runs in a read-only transaction carrying the caller's store scope, so
 * row-level security already limits store-owned rows; a `store` parameter narrows further.
 */
export type ReportQuery = (input: ReportInput) => SQL;

/** A report's declaration and its query, as the registry holds them. */
export interface ReportDefinition {
  decl: ReportDecl;
  query: ReportQuery;
  /**
   * A page is read in the asked order with a limit, and the count and totals in a statement of
   * their own. For reports of many rows that an index gives in their default order: the page then
   * reads only its own rows, and the totals read only the columns they add up (the query's
   * display joins are left joins, which PostgreSQL leaves out when none of their columns is
   * read). Without it the totals are window aggregates of the page's statement, which must
   * compute and sort every row before the first page.
   */
  totalsApart?: boolean;
}
