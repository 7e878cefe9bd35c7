import { z } from 'zod';
import { V } from './calculator.js';

/**
 * The dashboard's figures (issue 12 item 4, `docs/reports.md` → Dashboard): the loan book of the
 * current store, one store or every store the caller reaches, as of the business day.
 *
 * `GET /dashboard?store=<id|all>` under the page key `dashboard.view`. Store scope: a caller
 * without all-stores reach always reads its current store (`all` reads that store too; naming
 * another store answers 404, like the ledger); an all-stores caller reads the store it names
 * (404 when there is none), `all`, or by default its current store.
 */
export const DASHBOARD_API_PATH = '/dashboard';
export const DASHBOARD_PERMISSION = 'dashboard.view' as const;

export const dashboardQuerySchema = z.object({
  store: z
    .union([
      z.literal('all'),
      z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.integer }).max(2_147_483_647, { message: V.integer }),
    ])
    .optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Money as a decimal string ("1234.50"); a percent as a decimal string with 2 places ("3.25"). */
const money = z.string();
const percent = z.string();

export const dashboardMonthSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  disbursed: money,
  disbursedLoans: z.number().int(),
  collected: money,
});

export const dashboardPeriodFiguresSchema = z.object({
  /** principal paid out */
  disbursed: money,
  disbursedLoans: z.number().int(),
  /** money received by receipts, voided receipts left out */
  collected: money,
});

export const dashboardParSchema = z.object({
  par30: percent,
  par60: percent,
  par90: percent,
});

export const dashboardParPointSchema = dashboardParSchema.extend({
  /** the month-end (YYYY-MM-DD) the figures are as of */
  asOf: z.string(),
  outstanding: money,
});

export const dashboardSchema = z.object({
  /** the store the figures are of, or null: every store the caller reaches */
  storeId: z.number().int().nullable(),
  /** the stores the caller may pick (its current one only, without all-stores reach) */
  stores: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** whether `all` means more than the current store for this caller */
  allowAll: z.boolean(),
  /** the business day the figures are as of */
  today: z.string(),
  book: z.object({
    repayingLoans: z.number().int(),
    ocaLoans: z.number().int(),
    /** unpaid principal of repaying and OCA loans (= the ledger's loans receivable) */
    outstandingPrincipal: money,
  }),
  /** month to date, the whole last month, and last month up to the same day of the month */
  thisMonth: dashboardPeriodFiguresSchema,
  lastMonth: dashboardPeriodFiguresSchema,
  lastMonthToDate: dashboardPeriodFiguresSchema,
  /** the last 6 months, oldest first, this month last (to date) */
  months: z.array(dashboardMonthSchema),
  par: dashboardParSchema.extend({ par30Principal: money, par60Principal: money, par90Principal: money }),
  /** PAR as of each of the last 6 month-ends, oldest first */
  parTrend: z.array(dashboardParPointSchema),
  /** loans whose first unpaid instalment falls due today, and loans overdue (as the tips list counts them) */
  dueToday: z.number().int(),
  overdue: z.number().int(),
  /** top 5 referral agents by principal paid out this year */
  topAgents: z.array(z.object({ agentId: z.number().int(), name: z.string(), loans: z.number().int(), principal: money })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
