import { z } from 'zod';
import { PAYMENT_METHODS } from '@harbour/domain';
import { listQueryBase } from './list.js';
import { defineResource, type ResourceField } from './resource.js';
import { V, isoDate } from './calculator.js';
import { moneyString, optionalText } from './stores.js';
import { loanPapersSchema } from './loan-papers.js';
import { PRINCIPAL_REPAYMENT_RULES } from './settings.js';
import { defineLoanAction } from './workflow.js';
import { voidWaiverBodySchema, waiveBodySchema, waiverItemSchema } from './waivers.js';

/**
 * Repayments (spec §2 Repayment process / list, §3 Repayment, §5 repayment rules). A receipt is
 * posted against a repaying loan: the domain allocates it (overdue interest, handling fees, then
 * the instalments in due order; the rest is held as the loan's temporary amount) and the server
 * writes the receipt, its lines and one balanced journal entry in one transaction. A receipt is
 * never edited: it is voided (entered in error) or refunded (money given back) by a reversal,
 * latest first, within the active period.
 */

/** How the counter asks the money to be used (spec §3 repayType; the domain's `RepaymentMode`). */
export const REPAY_TYPES = ['auto', 'instalment', 'overdue-interest', 'handling-fee', 'principal'] as const;
export type RepayType = (typeof REPAY_TYPES)[number];
/**
 * What a receipt row records: a receipt of one of the repay types, an early settlement (MLO
 * s.21), a held temporary amount applied to what is due, a temporary amount refunded, or the
 * opening position of a loan brought in from the previous system (docs/import.md).
 */
export const RECEIPT_KINDS = [...REPAY_TYPES, 'settlement', 'temporary', 'temp-refund', 'opening'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export { PAYMENT_METHODS };
export type { PaymentMethod } from '@harbour/domain';
/** How a receipt row was paid: a payment method, or `reloan` (an old loan settled out of a new loan's payout, never at the counter). */
export const RECEIPT_METHODS = [...PAYMENT_METHODS, 'reloan'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

/** What a correction of a receipt is called in the audit trail (spec §8 action log: void, refund). */
export const REPAYMENT_CORRECTIONS = ['void', 'refund'] as const;
export type RepaymentCorrection = (typeof REPAYMENT_CORRECTIONS)[number];

/** An instalment's place on the as-of date. */
export const INSTALMENT_STATES = ['paid', 'overdue', 'due', 'future'] as const;
export type InstalmentDueState = (typeof INSTALMENT_STATES)[number];

const id = z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive });
const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate().optional());
const money = z.string();

/** What a receipt asks of the allocation (previewed before it is posted). */
const allocationRequest = {
  loanId: id,
  repayDate: optionalDate,
  received: moneyString,
  repayType: z.enum(REPAY_TYPES, { message: V.choice }).default('auto'),
  /** the instalment to pay with repay type `instalment` (default: the earliest unpaid) */
  tenor: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive }).optional()),
  /** a principal repayment whose reschedule takes the loan above the company's maximum APR goes ahead (prompt-and-confirm) */
  confirmExcess: z.boolean().optional(),
};

/** A receipt at the counter. The date defaults to today (Hong Kong); a cheque needs its number. */
export const receiptInputSchema = z
  .object({
    ...allocationRequest,
    method: z.enum(PAYMENT_METHODS, { message: V.choice }),
    chequeNo: optionalText(32),
    remarks: optionalText(1000),
    /**
     * Chosen by the client once per receipt form: a double click or a retry with the same key
     * posts once and answers the receipt already posted.
     */
    idempotencyKey: z.string({ message: V.required }).trim().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'repayments.validation.idempotencyKey' }),
  })
  .superRefine((r, ctx) => {
    if (r.method === 'cheque' && !r.chequeNo) ctx.addIssue({ code: 'custom', path: ['chequeNo'], message: 'repayments.validation.chequeNoRequired' });
  });
export type ReceiptInput = z.input<typeof receiptInputSchema>;

/** The same receipt, to preview its allocation (nothing is written, no key needed). */
export const receiptPreviewSchema = z.object(allocationRequest);

/** How one receipt was split over an instalment. */
export const allocationLineSchema = z.object({
  tenor: z.number().int(),
  overdueInterest: money,
  handlingFee: money,
  interest: money,
  principal: money,
});

/** The remaining schedule after a partial principal repayment (repay type principal). */
export const rescheduleSchema = z.object({
  /** the rule applied: the setting, except interest-first loans, which always keep their tenor */
  rule: z.enum(PRINCIPAL_REPAYMENT_RULES),
  /** the first rescheduled tenor and the loan's total tenor after */
  fromTenor: z.number().int(),
  totalTenor: z.number().int(),
  remainingBefore: z.number().int(),
  remainingAfter: z.number().int(),
  instalmentBefore: money,
  instalmentAfter: money,
  /** the principal the new instalments repay */
  outstandingPrincipal: money,
  /** scheduled interest no longer due */
  droppedInterest: money,
  lines: z.array(
    z.object({ tenor: z.number().int(), dueDate: z.string(), principal: money, interest: money, instalment: money, balance: money }),
  ),
});
export type ReschedulePreview = z.infer<typeof rescheduleSchema>;

export const allocationSchema = z.object({
  repayDate: z.string(),
  received: money,
  overdueInterest: money,
  handlingFee: money,
  interest: money,
  principal: money,
  /** held for the customer as a temporary amount */
  tempAmount: money,
  lines: z.array(allocationLineSchema),
  /** nothing left to pay once this receipt is posted */
  completes: z.boolean(),
  /** repay type principal: the remaining schedule after the receipt */
  reschedule: rescheduleSchema.nullable().optional(),
});
export type AllocationPreview = z.infer<typeof allocationSchema>;

/** One instalment of the due state. */
export const dueInstalmentSchema = z.object({
  tenor: z.number().int(),
  dueDate: z.string(),
  principal: money,
  interest: money,
  paidPrincipal: money,
  paidInterest: money,
  /** principal + interest not yet paid */
  unpaid: money,
  /** overdue days counted to the as-of date (0 when not overdue) */
  overdueDays: z.number().int(),
  /** overdue interest accrued and not paid, to the as-of date */
  overdueInterest: money,
  /** handling fee (overdue penalty) charged and not paid */
  handlingFee: money,
  state: z.enum(INSTALMENT_STATES),
});

/** A loan as the repayment counter sees it on a date (nothing is written). */
export const dueStateSchema = z.object({
  loanId: z.number().int(),
  storeId: z.number().int(),
  loanNo: z.string(),
  status: z.string(),
  customerName: z.string(),
  /** the borrower's phones, masked to the "visible tel. no." digits as loans show them */
  customerPhones: z.array(z.string()),
  loanAmount: money,
  instalmentAmount: money,
  totalTenor: z.number().int(),
  asOf: z.string(),
  lastRepaymentDate: z.string().nullable(),
  instalments: z.array(dueInstalmentSchema),
  /** principal + interest of instalments due on or before the date and unpaid */
  overdueAmount: z.string(),
  overdueInterest: money,
  handlingFee: money,
  /** what clears everything due on the date: overdue amount + overdue interest + fees */
  amountDue: money,
  tempAmount: money,
  unpaidPrincipal: money,
  remainingScheduled: money,
  /** the next instalment still to fall due: the first unpaid one due on the date or later (past-due ones are overdue, in `overdueAmount`) */
  nextTenor: z.number().int().nullable(),
  nextDueDate: z.string().nullable(),
});
export type DueState = z.infer<typeof dueStateSchema>;

export const dueStateQuerySchema = z.object({ loanId: id, date: optionalDate });

/** The counter's loan finder: paid-out loans by loan number, name, ID number or phone (the loan list's search). */
export const REPAYMENT_LOAN_FINDER_PATH = '/repayments/loans';
export const repaymentLoanFinderQuerySchema = z.object({
  q: z.string({ message: V.required }).trim().min(1, { message: V.required }).max(64, { message: 'validation.tooLong' }),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** A posted receipt. */
export const repaymentItemSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  repayNo: z.string(),
  loanId: z.number().int(),
  loanNo: z.string(),
  customerName: z.string(),
  repayDate: z.string(),
  repayType: z.enum(RECEIPT_KINDS),
  tenor: z.number().int().nullable(),
  received: money,
  overdueInterest: money,
  handlingFee: money,
  interest: money,
  principal: money,
  tempAmount: money,
  /** taken from the temporary amount (applied, or refunded) */
  tempUsed: money,
  /** a temporary amount refunded to the customer */
  paidOut: money,
  lockPeriodFee: money,
  rebate: money,
  /** none when a temporary amount is applied (no money moves) */
  method: z.enum(RECEIPT_METHODS).nullable(),
  chequeNo: z.string().nullable(),
  remarks: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** the correction that reversed it, if any */
  correction: z.enum(REPAYMENT_CORRECTIONS).nullable(),
  correctionReason: z.string().nullable(),
  correctedOn: z.string().nullable(),
  correctedByName: z.string().nullable(),
  /** it is the loan's latest receipt still standing (only that one may be voided or refunded) */
  latest: z.boolean(),
  lines: z.array(allocationLineSchema),
  /** a principal receipt: the schedule it left (while it stands) */
  reschedule: rescheduleSchema.nullable().optional(),
  /**
   * What the receipt left owing, printed on it: the schedule's unpaid principal and interest after
   * the receipts standing up to and including this one, and the next instalment due (none once all
   * are paid). None for a receipt corrected since.
   */
  balanceAfter: z
    .object({ outstanding: money, outstandingPrincipal: money, nextDueDate: z.string().nullable(), nextDueAmount: money.nullable() })
    .nullable()
    .optional(),
});
export type RepaymentItem = z.infer<typeof repaymentItemSchema>;

export const repaymentListItemSchema = repaymentItemSchema.omit({ lines: true });
export type RepaymentListItem = z.infer<typeof repaymentListItemSchema>;

export const repaymentFiltersSchema = listQueryBase.extend({
  repayNo: z.string().trim().max(32).optional(),
  loanNo: z.string().trim().max(32).optional(),
  loanId: z.coerce.number().int().positive().optional(),
  customerName: z.string().trim().max(64).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  repayType: z.enum(RECEIPT_KINDS).optional(),
  repayDateFrom: optionalDate,
  repayDateTo: optionalDate,
  /** standing receipts only, or corrected ones only */
  corrected: z.enum(['yes', 'no']).optional(),
});
export type RepaymentFilters = z.input<typeof repaymentFiltersSchema>;

export const correctionBodySchema = z.object({
  kind: z.enum(REPAYMENT_CORRECTIONS, { message: V.choice }),
  reason: z.string({ message: V.required }).trim().min(1, { message: V.required }).max(500, { message: 'validation.tooLong' }),
});

const fields: readonly ResourceField[] = [
  { name: 'repayNo', kind: 'text', label: 'repayments:fields.repayNo', list: true, sortable: true, filter: 'text' },
  { name: 'loanNo', kind: 'text', label: 'repayments:fields.loanNo', list: true, sortable: true, filter: 'text' },
  { name: 'customerName', kind: 'text', label: 'repayments:fields.customerName', list: true, filter: 'text' },
  { name: 'repayDate', kind: 'date', label: 'repayments:fields.repayDate', list: true, sortable: true, filter: 'dateRange' },
  { name: 'repayType', kind: 'enum', label: 'repayments:fields.repayType', list: true, options: RECEIPT_KINDS, enumName: 'repayType', filter: 'enum' },
  { name: 'received', kind: 'money', label: 'repayments:fields.received', list: true, sortable: true },
  { name: 'method', kind: 'enum', label: 'repayments:fields.method', list: true, options: PAYMENT_METHODS, enumName: 'paymentMethod', filter: 'enum' },
];

/**
 * Receipts: the list (spec §2 Repayment list), one receipt, posting one (the repayment process),
 * and its correction. The example is a receipt on the first demo loan (旺角, repaying), as the
 * authorization × store matrix posts it.
 */
export const repaymentResource = defineResource({
  name: 'repayments',
  path: '/repayments',
  title: 'shell:menu.repayment.list',
  permissions: { list: 'repayment.list', create: 'repayment.process' },
  storeScoped: true,
  fields,
  item: repaymentItemSchema,
  listItem: repaymentListItemSchema,
  create: receiptInputSchema,
  filters: repaymentFiltersSchema,
  defaultSort: 'id:desc',
  example: { loanId: 1, received: '20000.00', repayType: 'auto', method: 'cash', idempotencyKey: 'matrix-example-receipt' },
  messages: { create: 'repayments.success.posted' },
  actions: {
    correct: {
      permission: 'repayment.void',
      label: 'repayments:actions.correct',
      summary: "Void or refund a receipt (the loan's latest standing one, within the active period) by a reversal",
      body: correctionBodySchema,
      message: 'repayments.success.corrected',
      confirm: true,
      example: { kind: 'void', reason: 'entered in error' },
      fourEyes: (body: z.output<typeof correctionBodySchema>) => (body.kind === 'void' ? 'repayments.void' : 'repayments.refund'),
    },
  },
});

/**
 * A loan's held temporary amount (an over-payment) applied to what is due: no money moves, the
 * allocation takes it from the temporary amount instead. Without an amount, what is due on the
 * date (capped at what is held); with one, at most what is held, and only what the allocation
 * uses of it is taken.
 */
export const TEMPORARY_APPLY_TYPES = ['auto', 'instalment', 'overdue-interest', 'handling-fee'] as const;
export type TemporaryApplyType = (typeof TEMPORARY_APPLY_TYPES)[number];

const idempotencyKey = z.string({ message: V.required }).trim().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'repayments.validation.idempotencyKey' });
const positiveMoney = moneyString.refine((v) => !/^[0.]+$/.test(v), { message: V.positive });

export const applyTemporaryBodySchema = z.object({
  loanId: id,
  repayDate: optionalDate,
  repayType: z.enum(TEMPORARY_APPLY_TYPES, { message: V.choice }).default('auto'),
  /** the instalment to pay with repay type `instalment` (default: the earliest unpaid) */
  tenor: allocationRequest.tenor,
  amount: z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveMoney.optional()),
  idempotencyKey,
});
export type ApplyTemporaryBody = z.input<typeof applyTemporaryBodySchema>;

/** A held temporary amount paid back to the customer (a manager's); a cheque needs its number. */
export const refundTemporaryBodySchema = z
  .object({
    loanId: id,
    amount: positiveMoney,
    method: z.enum(PAYMENT_METHODS, { message: V.choice }),
    chequeNo: optionalText(32),
    reason: z.string({ message: V.required }).trim().min(1, { message: V.required }).max(500, { message: 'validation.tooLong' }),
    idempotencyKey,
  })
  .superRefine((r, ctx) => {
    if (r.method === 'cheque' && !r.chequeNo) ctx.addIssue({ code: 'custom', path: ['chequeNo'], message: 'repayments.validation.chequeNoRequired' });
  });
export type RefundTemporaryBody = z.input<typeof refundTemporaryBodySchema>;

/**
 * Early settlement (MLO s.21): the borrower repays early by paying the outstanding principal with
 * interest to the date of payment. Actuarial, or the rule of 78 when the loan says so.
 */
export const SETTLEMENT_METHODS = ['actuarial', 'rule-of-78'] as const;
export type SettlementMethodName = (typeof SETTLEMENT_METHODS)[number];

export const settlementQuoteQuerySchema = z.object({ loanId: id, date: optionalDate });

/** What settling the loan on a date costs (nothing is written). */
export const settlementQuoteAnswerSchema = z.object({
  loanId: z.number().int(),
  loanNo: z.string(),
  customerName: z.string(),
  status: z.string(),
  asOf: z.string(),
  method: z.enum(SETTLEMENT_METHODS),
  principal: money,
  /** interest to the date (net of the rule-of-78 rebate) */
  interest: money,
  /** the rule-of-78 rebate (0 for actuarial) */
  rebate: money,
  /** the lock-period fee charged: the agreed fee, or the most s.21 allows on the date if less */
  lockPeriodFee: money,
  /** the lock-period fee the approval agreed (0 outside the lock period) */
  agreedLockPeriodFee: money,
  /** the most s.21 allows as a lock-period fee on the date (null: no fee agreed on the date) */
  lockPeriodFeeCeiling: money.nullable(),
  /** the loan's rate (percent, two places): the rate of its last accepted cash flows */
  loanRate: z.string(),
  /** the rate a year (percent, two places) of the borrower's whole cash flows if they settle on the date */
  settlementRate: z.string().nullable(),
  /** the rebate to keep within the 48% cap (s.24): what s.21's figure pays above the largest lawful settlement */
  capRebate: money,
  /** the company's maximum APR (percent) when settling on this date costs more a year and the settings ask to confirm it (prompt-and-confirm); otherwise null */
  confirmMaxApr: z.string().nullable(),
  overdueInterest: money,
  handlingFee: money,
  /** principal + interest + lock-period fee − cap rebate + overdue interest + handling fee */
  total: money,
  /** the temporary amount held for the customer */
  tempAmount: money,
  /** total less the temporary amount applied */
  payable: money,
  /** the unpaid scheduled principal + interest, for comparison */
  remainingScheduled: money,
  inLockPeriod: z.boolean(),
  /** the last day of the early-settle lock period (null: none) */
  lockPeriodEnds: z.string().nullable(),
  /** how the settlement clears each instalment */
  lines: z.array(allocationLineSchema.extend({ interestWaived: money })),
  /** the lender's particulars, for the printed quote's header */
  lender: loanPapersSchema.shape.lender,
});
export type SettlementQuoteAnswer = z.infer<typeof settlementQuoteAnswerSchema>;

/** Posting an early settlement. The date defaults to today (Hong Kong); a cheque needs its number. */
export const settlementBodySchema = z
  .object({
    loanId: id,
    repayDate: optionalDate,
    method: z.enum(PAYMENT_METHODS, { message: V.choice }),
    chequeNo: optionalText(32),
    remarks: optionalText(1000),
    idempotencyKey: z.string({ message: V.required }).trim().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'repayments.validation.idempotencyKey' }),
    /** apply the temporary amount held against the settlement (default) */
    useTemporary: z.boolean({ message: V.choice }).default(true),
    /** settling costs more a year than the company's maximum APR and the settings ask to confirm: go ahead */
    confirmExcess: z.boolean().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.method === 'cheque' && !r.chequeNo) ctx.addIssue({ code: 'custom', path: ['chequeNo'], message: 'repayments.validation.chequeNoRequired' });
  });
export type SettlementBody = z.input<typeof settlementBodySchema>;

/** A posted early settlement: its receipt and the loan's status afterwards. */
export const settlementResultSchema = z.object({ repayment: repaymentItemSchema, loanStatus: z.string() });

/**
 * The repayments' workflow actions on a loan (served by `registerLoanAction`): a receipt at the
 * counter (on `repaymentResource`'s path and with its create schema; its correction is the
 * resource's action on the receipt), a temporary amount applied or refunded, an early settlement. Their keys' catalogue entries list them
 * (`permissions/repayment.ts`).
 */
export const REPAYMENT_ACTIONS = [
  defineLoanAction({
    name: 'receipt',
    method: 'POST',
    path: '/repayments',
    permission: 'repayment.process',
    summary: 'Create repayments',
    body: receiptInputSchema,
    answer: repaymentItemSchema,
    audit: 'add',
    idempotent: true,
    message: 'repayments.success.posted',
  }),
  defineLoanAction({
    name: 'applyTemporary',
    method: 'POST',
    path: '/repayments/applyTemporary',
    permission: 'repayment.process',
    summary: "Applies the loan's held temporary amount to what is due (a receipt row of type temporary; no money moves)",
    body: applyTemporaryBodySchema,
    answer: repaymentItemSchema,
    audit: 'add',
    idempotent: true,
    message: 'repayments.success.temporaryApplied',
  }),
  defineLoanAction({
    name: 'refundTemporary',
    method: 'POST',
    path: '/repayments/refundTemporary',
    permission: 'repayment.void',
    summary: "Pays part or all of the loan's held temporary amount back to the customer (a manager's)",
    body: refundTemporaryBodySchema,
    answer: repaymentItemSchema,
    audit: 'add',
    idempotent: true,
    message: 'repayments.success.temporaryRefunded',
  }),
  defineLoanAction({
    name: 'settle',
    method: 'POST',
    path: '/repayments/settle',
    permission: 'repayment.settlement',
    summary: 'Post an early settlement: one receipt that clears the loan, its journal entry, and the loan completed',
    body: settlementBodySchema,
    answer: settlementResultSchema,
    statusAction: 'settle',
    refusal: 'repayments.errors.notRepaying',
    audit: 'add',
    idempotent: true,
    message: 'settlement.success.posted',
  }),
  defineLoanAction({
    name: 'waive',
    method: 'POST',
    path: '/repayments/waive',
    permission: 'repayment.waive',
    summary: 'Waive overdue interest and fees outstanding today, in part or whole, with a reason (no money moves)',
    body: waiveBodySchema,
    answer: waiverItemSchema,
    // only where something is still owed: the statuses an early settlement is allowed in
    offeredWhere: ['settle'],
    refusal: 'repayments.waiver.notOwing',
    audit: 'add',
    idempotent: true,
    message: 'repayments.waiver.posted',
  }),
  defineLoanAction({
    name: 'voidWaiver',
    method: 'POST',
    path: '/repayments/waivers/void',
    permission: 'repayment.void',
    summary: "Void a waiver entered in error (the loan's latest event only): what it waived is owed again",
    body: voidWaiverBodySchema,
    answer: waiverItemSchema,
    audit: 'void',
    message: 'repayments.waiver.voided',
  }),
] as const;
export type SettlementResult = z.infer<typeof settlementResultSchema>;
