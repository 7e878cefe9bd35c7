import { z } from 'zod';
import { V, isoDate } from './calculator.js';
import { moneyString, optionalText } from './stores.js';

/**
 * Statements the Money Lenders Ordinance requires (compliance.md): s.19, the borrower's statement
 * of account on a written request — the loan's date, principal and rate, the amounts paid with
 * their dates, the sums due and unpaid with their due dates, and the sums not yet due with their
 * dates; not owed again within one month of the last — and s.20, the same for a surety of the
 * loan. Each request is logged (who asked, on what day, the fee paid) before the statement prints.
 */
export const STATEMENT_KINDS = ['s19', 's20'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

const id = z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive });

/** A written request for a statement, recorded when it is issued. */
export const statementRequestBodySchema = z
  .object({
    kind: z.enum(STATEMENT_KINDS, { message: V.choice }),
    /** the day the written request was received */
    requestedOn: isoDate(),
    /** s.20: the surety (a guarantor of the loan, by customer id) */
    suretyId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional()),
    /** the prescribed fee received, if any */
    fee: z.preprocess((v) => (v === '' || v === null ? undefined : v), moneyString.optional()),
    remarks: optionalText(500),
  })
  .superRefine((r, ctx) => {
    if (r.kind === 's20' && !r.suretyId) ctx.addIssue({ code: 'custom', path: ['suretyId'], message: 'statements.validation.suretyRequired' });
  });

export const statementRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STATEMENT_KINDS),
  requestedOn: z.string(),
  issuedOn: z.string(),
  suretyName: z.string().nullable(),
  fee: z.string().nullable(),
  remarks: z.string().nullable(),
  issuedByName: z.string().nullable(),
});
export type StatementRequest = z.infer<typeof statementRequestSchema>;

const money = z.string();

/** A statement of account on a date. */
export const statementSchema = z.object({
  loanId: z.number().int(),
  loanNo: z.string(),
  asOf: z.string(),
  borrowerName: z.string(),
  borrowerAddress: z.string().nullable(),
  /** the loan's sureties (guarantors), for an s.20 statement */
  sureties: z.array(z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable() })),
  loanDate: z.string(),
  principal: money,
  /** the effective rate, percent a year (the s.18 note's rate) */
  annualRate: z.string(),
  flatRate: z.string().nullable(),
  /** receipts standing on the date, oldest first */
  paid: z.array(z.object({ repayNo: z.string(), date: z.string(), amount: money })),
  totalPaid: money,
  /** overdue interest and fees waived by the lender (standing waivers on or before the date), oldest first */
  waived: z.array(z.object({ date: z.string(), overdueInterest: money, fee: money, amount: money, reason: z.string() })),
  totalWaived: money,
  /** instalments due on or before the date and not fully paid */
  dueUnpaid: z.array(z.object({ tenor: z.number().int(), dueDate: z.string(), amount: money })),
  /** overdue interest and fees charged and unpaid on the date */
  overdueInterest: money,
  handlingFee: money,
  totalDueUnpaid: money,
  /** instalments not yet due */
  notYetDue: z.array(z.object({ tenor: z.number().int(), dueDate: z.string(), amount: money })),
  totalNotYetDue: money,
  /** the last s.19 statement issued, and the first day another is owed */
  lastIssuedOn: z.string().nullable(),
  nextOwedFrom: z.string().nullable(),
  requests: z.array(statementRequestSchema),
});
export type Statement = z.infer<typeof statementSchema>;
