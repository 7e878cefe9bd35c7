import { z } from 'zod';
import { V, moneyAmount } from './calculator.js';

/**
 * Waivers of overdue interest and fees (issue 26): staff give up, in part or whole and with a
 * reason, what a borrower owes of the charges for paying late — the overdue interest and the
 * overdue handling fee (penalty). On today's business date; each component at most what is
 * outstanding of it then. The web's "in full" sends the outstanding figure it shows, so a waiver
 * decided now and carried out later never waives more than was seen (it is refused instead when
 * a receipt has paid part of it in between). Voided (entered in error) only while it is the loan's
 * latest event.
 */
export const WAIVER_PERMISSION = 'repayment.waive' as const;

const id = z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive });
const reason = z.string({ message: V.required }).trim().min(1, { message: V.required }).max(500, { message: 'validation.tooLong' });
const optionalAmount = z.preprocess((v) => (v === '' || v === null ? undefined : v), moneyAmount({ positive: true }).optional());
const idempotencyKey = z.string({ message: V.required }).trim().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'repayments.validation.idempotencyKey' });
const money = z.string();

export const waiveBodySchema = z
  .object({
    loanId: id,
    /** overdue interest to waive (at most what is outstanding today) */
    overdueInterest: optionalAmount,
    /** overdue handling fee (penalty) to waive */
    fee: optionalAmount,
    reason,
    idempotencyKey,
  })
  .superRefine((b, ctx) => {
    if (b.overdueInterest === undefined && b.fee === undefined) ctx.addIssue({ code: 'custom', path: ['overdueInterest'], message: 'repayments.waiver.nothing' });
  });
export type WaiveBody = z.input<typeof waiveBodySchema>;

export const voidWaiverBodySchema = z.object({ waiverId: id, reason });
export type VoidWaiverBody = z.input<typeof voidWaiverBodySchema>;

/** What a waiver did to one instalment. */
export const waiverLineSchema = z.object({
  tenor: z.number().int(),
  overdueInterestCharged: money,
  feeCharged: money,
  accruedTo: z.string().nullable(),
  overdueInterestWaived: money,
  feeWaived: money,
});

export const waiverItemSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  loanId: z.number().int(),
  loanNo: z.string(),
  waiveDate: z.string(),
  /** outstanding on the date before the waiver */
  overdueInterestBefore: money,
  feeBefore: money,
  overdueInterest: money,
  fee: money,
  /** overdue interest + fee waived */
  total: money,
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  voided: z.boolean(),
  voidReason: z.string().nullable(),
  voidedOn: z.string().nullable(),
  voidedByName: z.string().nullable(),
  /** it is the loan's latest event still standing (only then may it be voided) */
  latest: z.boolean(),
  lines: z.array(waiverLineSchema),
});
export type WaiverItem = z.infer<typeof waiverItemSchema>;

/** What may be waived today: the overdue interest and fees outstanding, accrued to the date. */
export const waivableSchema = z.object({ asOf: z.string(), overdueInterest: money, fee: money });
export type Waivable = z.infer<typeof waivableSchema>;
