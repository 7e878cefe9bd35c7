import { z } from 'zod';
import { PAYMENT_METHODS } from '@harbour/domain';
import { listQueryBase, pageOf } from './list.js';
import { V, isoDate } from './calculator.js';
import { moneyString, optionalText } from './stores.js';
import { percentString } from './counterparties.js';

/**
 * Collection (spec §2 OCA write-off list / process list, §3 OCA/write-off, §8 write-off errors):
 * a repaying loan with something overdue passed to an OCA agent and recalled, money recovered on
 * it (credited to the repayments, with the agent's charge payable to it), a loan written off as
 * bad debt and the write-off cancelled, and money recovered after the write-off (recovery income).
 * Collection-level routes under `/collection`; the loan resource itself is not touched.
 */
export const COLLECTION_STATUSES = ['oca', 'bad'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];
/** receipt: credited to the repayments of an OCA loan; income: recovered on a written-off loan. */
export const RECOVERY_KINDS = ['receipt', 'income'] as const;
export type RecoveryKind = (typeof RECOVERY_KINDS)[number];

const id = z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive });
const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate().optional());
const reason = z.string({ message: V.required }).trim().min(1, { message: V.required }).max(500, { message: 'validation.tooLong' });
const positiveMoney = moneyString.refine((v) => /[1-9]/.test(v), { message: V.positive });

/** A loan handed to an OCA agent; the charge percent defaults to the agent's. */
export const ocaTransferSchema = z.object({
  loanId: id,
  agentId: id,
  ocaDate: optionalDate,
  chargePercent: z.preprocess((v) => (v === '' || v === null ? undefined : v), percentString.optional()),
  solicitorFee: z.preprocess((v) => (v === '' || v === null ? undefined : v), moneyString.optional()),
  remarks: optionalText(1000),
});
export type OcaTransferInput = z.input<typeof ocaTransferSchema>;

/** A loan taken back from its OCA agent. */
export const ocaRecallSchema = z.object({ loanId: id, date: optionalDate, reason });

/** Money recovered on a loan with an OCA agent (a receipt) or written off (recovery income). */
export const recoveryInputSchema = z.object({
  loanId: id,
  amount: positiveMoney,
  date: optionalDate,
  method: z.enum(PAYMENT_METHODS, { message: V.choice }),
  remarks: optionalText(1000),
  idempotencyKey: z.string({ message: V.required }).trim().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'repayments.validation.idempotencyKey' }),
});
export type RecoveryInput = z.input<typeof recoveryInputSchema>;

/** A recovery record deleted (entered in error): only write-off recovery income. */
export const recoveryVoidSchema = z.object({ recoveryId: id, reason });

export const writeOffSchema = z.object({ loanId: id, date: optionalDate, reason });
export const writeOffCancelSchema = z.object({ loanId: id, reason });

export const recoveryItemSchema = z.object({
  id: z.number().int(),
  loanId: z.number().int(),
  kind: z.enum(RECOVERY_KINDS),
  recoveredOn: z.string(),
  amount: z.string(),
  method: z.string(),
  ocaCharge: z.string(),
  repaymentId: z.number().int().nullable(),
  voided: z.boolean(),
});
export type RecoveryItem = z.infer<typeof recoveryItemSchema>;

/** A loan in collection (spec §3 OCA/write-off). */
export const collectionLoanSchema = z.object({
  loanId: z.number().int(),
  storeId: z.number().int(),
  loanNo: z.string().nullable(),
  customerName: z.string(),
  status: z.string(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  ocaDate: z.string().nullable(),
  chargePercent: z.string().nullable(),
  solicitorFee: z.string().nullable(),
  writeOffDate: z.string().nullable(),
  writtenOff: z.string(),
  recovered: z.string(),
  ocaCharges: z.string(),
});
export type CollectionLoan = z.infer<typeof collectionLoanSchema>;

export const collectionFiltersSchema = listQueryBase.extend({
  status: z.enum(COLLECTION_STATUSES).optional(),
  loanNo: z.string().trim().max(32).optional(),
  customerName: z.string().trim().max(64).optional(),
  agentId: z.coerce.number().int().positive().optional(),
});
export type CollectionFilters = z.input<typeof collectionFiltersSchema>;
export const collectionPageSchema = pageOf(collectionLoanSchema);
