/**
 * A report is one declaration (this file's `ReportDecl`) plus one SQL query on the server
 * (`apps/server/src/modules/reports/queries/`). The declaration says everything the engine and the
 * one report page need: its parameters with their kinds and defaults, its columns with their kinds
 * (which fix alignment, format and totals), its sort, its permission key and which ledger accounts
 * its figures reconcile with. Texts are in the `reports` namespace:
 * `reports:<name>.title`, `reports:<name>.description`, `reports:<name>.columns.<key>`; parameter
 * labels are shared, `reports:params.<param>`.
 */
import { z } from 'zod';

/**
 * A parameter's kind fixes its input and its validation:
 * - `date` 'YYYY-MM-DD'; `month` 'YYYY-MM'; `year` a four-digit year;
 * - `store` a store id the caller reaches (left out: every store the caller reaches);
 * - `staff` / `agent` (referral agent) / `ocaAgent` a record id; `customer` a customer id;
 * - `enum` one of `options` (labels `reports:params.<name>Options.<value>`);
 * - `text` a search text (≤ 100 characters); `integer` a whole number ≥ 0.
 */
export type ReportParamKind = 'date' | 'month' | 'year' | 'store' | 'staff' | 'agent' | 'ocaAgent' | 'customer' | 'enum' | 'text' | 'integer';

/** Defaults resolved on the server against the business day (Hong Kong). */
export type ReportParamDefault =
  | 'today'
  /** the same day next month (the last day of next month when it has no such day) */
  | 'monthAhead'
  | 'monthStart'
  | 'monthEnd'
  | 'lastMonthStart'
  | 'lastMonthEnd'
  | 'yearStart'
  | 'thisMonth'
  | 'thisYear'
  | 'lastYear';

export interface ReportParamDecl {
  readonly name: string;
  readonly kind: ReportParamKind;
  readonly required?: boolean;
  readonly default?: ReportParamDefault | string;
  /** `enum` only. */
  readonly options?: readonly string[];
  /**
   * `enum` only: the options' labels are `enums:<enumNs>.<value>` (e.g. `loanStatus`) instead of
   * `reports:params.<name>Options.<value>`.
   */
  readonly enumNs?: string;
}

/**
 * A column's kind fixes its alignment (money, integer, percent right), its format (money with
 * thousands separators and two decimals; dates 'YYYY-MM-DD'; datetimes Hong Kong time) and its
 * cell type in the xlsx export. `enum` values are translated through `enumNs` (`enums:<enumNs>.<value>`).
 * `masked`: an ID or phone number the query already masked (`platform/masking.ts` rules in SQL).
 */
export type ReportColumnKind = 'text' | 'code' | 'date' | 'datetime' | 'money' | 'integer' | 'percent' | 'enum' | 'masked';

export interface ReportColumnDecl {
  readonly key: string;
  readonly kind: ReportColumnKind;
  /** Sum this column in the totals row (money and integer columns). */
  readonly total?: boolean;
  readonly enumNs?: string;
  /** Narrow (≈ 8 characters) or wide (≈ 28) in table, print and xlsx; normal otherwise. */
  readonly width?: 'narrow' | 'wide';
  /** Hidden on screen until the user shows it with the column chooser (print and export keep every column). */
  readonly optional?: true;
  /** On screen only: a narrow column with compact amounts ("12.3K", exact value on hover); papers and exports stay exact. */
  readonly compact?: true;
}

export interface ReportDecl<N extends string = string> {
  readonly name: N;
  /** The report's place in the Reports menu, from 1 (spec §2's order); unique among the reports. */
  readonly menuOrder: number;
  readonly permission: `reports.${N}`;
  readonly params: readonly ReportParamDecl[];
  readonly columns: readonly ReportColumnDecl[];
  /** A column whose value is unique per row (ties in any sort are broken by it). */
  readonly rowKey: string;
  readonly defaultSort: { readonly key: string; readonly order: 'asc' | 'desc' };
  /** Ledger account keys (`LEDGER_ACCOUNTS`) its money totals agree with; documented in docs/reports.md. */
  readonly ledger?: readonly string[];
  readonly print?: { readonly orientation: 'landscape' | 'portrait' };
}

export const defineReport = <const N extends string>(decl: ReportDecl<N>): ReportDecl<N> => decl;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const paramSchema = (p: ReportParamDecl): z.ZodType => {
  switch (p.kind) {
    case 'date':
      return z.string().regex(DATE, 'validation.date');
    case 'month':
      return z.string().regex(MONTH, 'validation.month');
    case 'year':
      return z.coerce.number().int().min(2000).max(2100);
    case 'store':
    case 'staff':
    case 'agent':
    case 'ocaAgent':
    case 'customer':
      return z.coerce.number().int().positive();
    case 'integer':
      return z.coerce.number().int().min(0).max(100000);
    case 'enum':
      return z.enum((p.options ?? []) as [string, ...string[]]);
    case 'text':
      return z.string().trim().max(100);
  }
};

export const REPORT_PAGE_SIZES = [20, 50, 100, 200] as const;
/** The print view asks for every row up to this many; more must be exported. */
export const REPORT_PRINT_MAX_ROWS = 5000;

/**
 * The query string of `GET /reports/:name`: the declaration's parameters (every one optional here:
 * defaults and `required` are applied on the server, which answers 422 for a required one left
 * empty), `sort=<column>:<asc|desc>`, `page`, `pageSize` (≤ 200; the print view asks for
 * `REPORT_PRINT_MAX_ROWS`).
 */
export const reportQuerySchema = (decl: ReportDecl) =>
  z
    .object({
      ...Object.fromEntries(decl.params.map((p) => [p.name, paramSchema(p).optional()])),
      sort: z
        .string()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*:(asc|desc)$/)
        .refine((s) => decl.columns.some((c) => c.key === s.split(':')[0]), 'validation.sort')
        .optional(),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(REPORT_PRINT_MAX_ROWS).default(50),
    })
    .strict();

export const REPORT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/**
 * The query string of `GET /reports/:name/export`: the report's parameters and sort as above, and
 * the file's format (xlsx by default); every row is exported, so no page.
 */
export const reportExportQuerySchema = (decl: ReportDecl) =>
  reportQuerySchema(decl)
    .omit({ page: true, pageSize: true })
    .extend({ format: z.enum(REPORT_EXPORT_FORMATS).default('xlsx') })
    .strict();

/** A cell: money, percent and big counts as decimal strings (exact), integers as numbers, null for none. */
export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);

export const reportAnswerSchema = z.object({
  name: z.string(),
  /** The parameters as applied: defaults filled in. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  /** Sums of the columns declared `total`, over every row (not only this page). */
  totals: z.record(z.string(), reportCellSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** When the figures were read (ISO). */
  generatedAt: z.string(),
  /**
   * Set when the report was read on a standby that was this many whole seconds behind the primary,
   * more than the server's notice threshold (`HARBOUR_REPLICA_LAG_SECONDS`): the page says the
   * latest changes may be missing. Absent on the primary and on a standby keeping up.
   */
  replicaBehindSeconds: z.number().int().optional(),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

/** One report in `GET /reports` (the ones the caller may run): the declaration itself. */
export const REPORTS_PATH = '/reports';
