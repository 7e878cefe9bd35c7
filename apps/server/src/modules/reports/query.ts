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
}
