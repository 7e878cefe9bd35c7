import { z } from 'zod';
import { CURRENT_STATUS_FILTER, type LoanStatus } from '@harbour/domain';
import { listQueryBase } from './list.js';
import { isoDate, V } from './calculator.js';
import { repaymentItemSchema, RECEIPT_KINDS, REPAYMENT_CORRECTIONS } from './repayments.js';
import { waivableSchema, waiverItemSchema } from './waivers.js';

/**
 * Repayment → process list and Repayment → operation (spec §2). The process list is every
 * paid-out loan of the caller's stores that is being (or was) serviced, with what it owes as the
 * daily servicing job summarised it (`loan_due_summaries`); the operation page is one loan's
 * servicing view: its instalments with what each has paid and been charged, its receipts (voided
 * ones too) and its temporary amount's movements, from which the counter, early settlement,
 * statement and void are reached.
 */
export const REPAYMENT_PROCESS_LIST_PATH = '/repayments/processList';
export const REPAYMENT_PROCESS_LIST_EXPORT_PATH = '/repayments/processList/export';
export const REPAYMENT_PROCESS_LIST_PERMISSION = 'repayment.processList' as const;
export const REPAYMENT_OPERATION_PATH = '/repayments/operation';
export const REPAYMENT_OPERATION_PERMISSION = 'repayment.operation' as const;

/** The statuses of a loan already paid out (spec §4 current-status filter); `all` lists them all. */
export const PROCESS_LIST_STATUSES = CURRENT_STATUS_FILTER as readonly LoanStatus[];
const STATUS_CHOICES = [...CURRENT_STATUS_FILTER, 'all'] as unknown as [string, ...string[]];

/** The columns the process list sorts by (`sort=<column>:asc|desc`). */
export const PROCESS_LIST_SORTS = [
  'loanNo',
  'payoutDate',
  'loanAmount',
  'instalmentAmount',
  'paidTenors',
  'nextDueDate',
  'overdueTenors',
  'daysOverdue',
  'overdueAmount',
  'unpaidPrincipal',
  'tempAmount',
  'lastReceiptDate',
  'lastReceiptAmount',
] as const;
export type ProcessListSort = (typeof PROCESS_LIST_SORTS)[number];

const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate().optional());
const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive }).optional(),
);

export const processListQuerySchema = listQueryBase.extend({
  /** default `repaying` */
  status: z.enum(STATUS_CHOICES, { message: V.choice }).default('repaying'),
  /** a loan number or name (contains); an ID number or phone matches the borrower exactly, normalised (the loan list's search) */
  q: z.string().trim().max(64, { message: 'validation.tooLong' }).optional(),
  /** only loans with an instalment overdue (or charges unpaid) */
  overdueOnly: z.enum(['yes', 'no'], { message: V.choice }).optional(),
  /** the next due date from / to (inclusive) */
  dueFrom: optionalDate,
  dueTo: optionalDate,
  staffId: optionalId,
  loanType: z.string().trim().max(32, { message: 'validation.tooLong' }).optional(),
});
export type ProcessListQuery = z.input<typeof processListQuerySchema>;

const money = z.string();

/**
 * One loan of the process list. The figures after `totalTenor` are the daily summary's (as of
 * `asOf`); a loan no longer serviced (complete, reloaned) owes nothing, and one written off (bad)
 * keeps no summary, so its figures are null.
 */
export const processListItemSchema = z.object({
  loanId: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  loanNo: z.string(),
  loanType: z.string(),
  status: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  /** the borrower's ID number and mobile, masked to the "visible tel. no." digits */
  idNumber: z.string().nullable(),
  mobile: z.string().nullable(),
  payoutDate: z.string().nullable(),
  loanAmount: money,
  instalmentAmount: money,
  totalTenor: z.number().int(),
  paidTenors: z.number().int().nullable(),
  nextTenor: z.number().int().nullable(),
  nextDueDate: z.string().nullable(),
  overdueTenors: z.number().int().nullable(),
  daysOverdue: z.number().int().nullable(),
  /** unpaid principal + interest of the overdue instalments */
  overdueAmount: money.nullable(),
  overdueInterest: money.nullable(),
  handlingFee: money.nullable(),
  unpaidPrincipal: money.nullable(),
  /** the temporary amount held for the customer */
  tempAmount: money,
  /** the latest standing receipt that took money */
  lastReceiptDate: z.string().nullable(),
  lastReceiptAmount: money.nullable(),
  staffId: z.number().int(),
  staffName: z.string(),
  /** the business date of the summary (null: none kept) */
  asOf: z.string().nullable(),
});
export type ProcessListItem = z.infer<typeof processListItemSchema>;

export const processListPageSchema = z.object({
  items: z.array(processListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** today (Hong Kong), the list's reference date */
  today: z.string(),
  /** the staff of the loans in the caller's stores, for the staff filter */
  staff: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProcessListPage = z.infer<typeof processListPageSchema>;

export const operationQuerySchema = z.object({
  loanId: z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive }),
});

/** An instalment's place on the page: paid in full, partly paid (not yet overdue), overdue, due today, not yet due. */
export const OPERATION_INSTALMENT_STATES = ['paid', 'partly', 'overdue', 'due', 'future'] as const;
export type OperationInstalmentState = (typeof OPERATION_INSTALMENT_STATES)[number];

const instalmentFigures = {
  principal: money,
  interest: money,
  paidPrincipal: money,
  /** interest paid (an early settlement's waived interest is not counted here) */
  paidInterest: money,
  /** scheduled interest an early settlement did not charge */
  interestWaived: money,
  /** overdue interest charged by receipts and accrued to the as-of date */
  overdueInterestCharged: money,
  overdueInterestPaid: money,
  /** overdue interest a waiver gave up */
  overdueInterestWaived: money,
  /** handling fees (overdue penalty) charged */
  feeCharged: money,
  feePaid: money,
  /** handling fees a waiver gave up */
  feeWaived: money,
  /** what is left to pay: principal, interest, overdue interest and fees */
  outstanding: money,
};

export const operationInstalmentSchema = z.object({
  tenor: z.number().int(),
  dueDate: z.string(),
  ...instalmentFigures,
  overdueDays: z.number().int(),
  state: z.enum(OPERATION_INSTALMENT_STATES),
});
export type OperationInstalment = z.infer<typeof operationInstalmentSchema>;

/** A movement of the loan's temporary amount: a receipt's surplus kept, or an amount applied or refunded. */
export const temporaryMovementSchema = z.object({
  repaymentId: z.number().int(),
  repayNo: z.string(),
  repayDate: z.string(),
  repayType: z.enum(RECEIPT_KINDS),
  /** added to the temporary amount */
  amountIn: money,
  /** taken from it (applied to what was due, or refunded) */
  amountOut: money,
  /** what is held after it (null for a corrected one, which no longer counts) */
  balance: money.nullable(),
  correction: z.enum(REPAYMENT_CORRECTIONS).nullable(),
});
export type TemporaryMovement = z.infer<typeof temporaryMovementSchema>;

export const operationSchema = z.object({
  loan: z.object({
    loanId: z.number().int(),
    storeId: z.number().int(),
    storeName: z.string(),
    loanNo: z.string(),
    applyNo: z.string(),
    loanType: z.string(),
    status: z.string(),
    loanDate: z.string(),
    interestStartDate: z.string(),
    payoutDate: z.string().nullable(),
    loanAmount: money,
    instalmentAmount: money,
    totalTenor: z.number().int(),
    repayCycle: z.string(),
    staffName: z.string(),
  }),
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    /** masked to the "visible tel. no." digits */
    idNumber: z.string().nullable(),
    mobile: z.string().nullable(),
  }),
  figures: z.object({
    /** the business date the figures are as of (today, or the last receipt's date when later) */
    asOf: z.string(),
    paidTenors: z.number().int(),
    nextTenor: z.number().int().nullable(),
    nextDueDate: z.string().nullable(),
    overdueTenors: z.number().int(),
    daysOverdue: z.number().int(),
    overdueAmount: money,
    overdueInterest: money,
    handlingFee: money,
    /** overdue amount + overdue interest + fees */
    amountDue: money,
    unpaidPrincipal: money,
    tempAmount: money,
    lastRepaymentDate: z.string().nullable(),
  }),
  instalments: z.array(operationInstalmentSchema),
  totals: z.object(instalmentFigures),
  /** every receipt of the loan, newest first, corrected ones too */
  receipts: z.array(repaymentItemSchema),
  temporary: z.array(temporaryMovementSchema),
  /** every waiver of overdue interest and fees, newest first, voided ones too */
  waivers: z.array(waiverItemSchema),
  /** what may be waived today (zeros when the loan's status allows no waiver) */
  waivable: waivableSchema,
});
export type RepaymentOperation = z.infer<typeof operationSchema>;
