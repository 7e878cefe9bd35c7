import { z } from 'zod';
import { listQueryBase } from './list.js';
import { isoDate } from './calculator.js';

/**
 * The daily servicing job and the repayment tips list (spec §2 Repayment → tips list, §9 overdue
 * reminder days and page size). The job refreshes what each repaying (or OCA) loan owes on the
 * business date (`loan_due_summaries`); the tips list reads those summaries: the loans due within
 * the "overdue reminder days" setting and the overdue ones, for the counter and the collectors.
 */
export const REPAYMENT_TIPS_PATH = '/repayments/tips';
export const REPAYMENT_TIPS_EXPORT_PATH = '/repayments/tips/export';
export const DAILY_JOB_PATH = '/repayments/dailyJob';
export const REPAYMENT_TIPS_PERMISSION = 'repayment.tipsList' as const;
export const DAILY_JOB_PERMISSION = 'repayment.dailyJob' as const;

const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate().optional());

/** Filters of the tips list; the page size defaults to the "overdue reminder page size" setting. */
export const repaymentTipsQuerySchema = listQueryBase.extend({
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  /** the next due date from / to (inclusive) */
  dueFrom: optionalDate,
  dueTo: optionalDate,
  /** only loans with an overdue instalment */
  overdueOnly: z.enum(['yes', 'no']).optional(),
  customerName: z.string().trim().max(64).optional(),
  loanNo: z.string().trim().max(32).optional(),
});
export type RepaymentTipsQuery = z.input<typeof repaymentTipsQuerySchema>;

/** The columns the tips list sorts by (`sort=<column>:asc|desc`). */
export const REPAYMENT_TIPS_SORTS = ['nextDueDate', 'daysOverdue', 'loanNo', 'customerName', 'amountDue', 'overdueAmount'] as const;

const money = z.string();

export const repaymentTipSchema = z.object({
  loanId: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  loanNo: z.string(),
  loanStatus: z.string(),
  customerName: z.string(),
  /** the customer's mobile, masked to the "visible tel. no." digits */
  mobile: z.string().nullable(),
  totalTenor: z.number().int(),
  nextTenor: z.number().int().nullable(),
  nextDueDate: z.string().nullable(),
  /** unpaid principal + interest of the next instalment */
  nextAmount: money,
  overdueTenors: z.number().int(),
  overdueAmount: money,
  overdueInterest: money,
  handlingFee: money,
  /** what is due now: the overdue instalments (or the next one when none is overdue) plus overdue interest and fees */
  amountDue: money,
  daysOverdue: z.number().int(),
  unpaidPrincipal: money,
  tempAmount: money,
  /** the business date the figures are as of (the daily job's run) */
  asOf: z.string(),
});
export type RepaymentTip = z.infer<typeof repaymentTipSchema>;

export const repaymentTipsPageSchema = z.object({
  items: z.array(repaymentTipSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** the "overdue reminder days" setting the list used */
  reminderDays: z.number().int(),
  /** today (Hong Kong), the list's reference date */
  today: z.string(),
  /** the oldest summary date on the list (null: no rows); older than today means the daily job has not run today */
  asOf: z.string().nullable(),
  totals: z.object({ amountDue: money, overdueAmount: money }),
});
export type RepaymentTipsPage = z.infer<typeof repaymentTipsPageSchema>;

/**
 * Running the daily servicing job by hand: for today (Hong Kong) unless a past date is given. A date
 * the job already ran for is not run again unless `force` is true (audited as a forced re-run).
 */
export const dailyJobBodySchema = z.object({ date: optionalDate, force: z.boolean().optional() }).strict();
export type DailyJobBody = z.input<typeof dailyJobBodySchema>;

export const dailyJobResultSchema = z.object({
  asOf: z.string(),
  /** summaries written (repaying and OCA loans) */
  loans: z.number().int(),
  /** of which with an overdue instalment */
  overdue: z.number().int(),
  /** summaries removed (loans no longer repaying) */
  removed: z.number().int(),
  durationMs: z.number().int(),
  /** customers whose personal data the run's retention step anonymised (docs/operations.md); absent when it did not run */
  anonymised: z.number().int().optional(),
  /** true: the job had already run for `asOf`; nothing was done now and the figures are that run's */
  alreadyRan: z.boolean(),
  /** the run was a forced re-run (this one, or the earlier one when `alreadyRan`) */
  forced: z.boolean(),
  /** when the run (this one, or the earlier one) finished, ISO 8601 */
  ranAt: z.string(),
  /** what happened, in the caller's language */
  message: z.string(),
});
export type DailyJobResult = z.infer<typeof dailyJobResultSchema>;
