import { z } from 'zod';
import { PAYMENT_METHODS } from '@harbour/domain';
import { listQueryBase, pageOf } from './list.js';
import { V, isoDate } from './calculator.js';
import { moneyString, optionalText } from './stores.js';
import { percentString } from './counterparties.js';
import { defineLoanAction } from './workflow.js';

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
  /** the instalments of the loan */
  totalTenor: z.number().int(),
  /** from the loan's due summary (an OCA loan): unpaid principal, instalments overdue and their amount */
  unpaidPrincipal: z.string().nullable(),
  overdueTenors: z.number().int().nullable(),
  overdueAmount: z.string().nullable(),
});
export type CollectionLoan = z.infer<typeof collectionLoanSchema>;

/**
 * The collection's workflow actions on a loan (served by `registerWorkflow`). Their names are
 * what `nextActions` of a list item carry; their keys' catalogue entries derive from them
 * (`permissions/oca.ts`).
 */
export const COLLECTION_ACTIONS = [
  defineLoanAction({
    name: 'transfer',
    method: 'POST',
    path: '/collection/transfers',
    permission: 'oca.transfer',
    summary: 'Transfer a repaying loan with an overdue amount to an OCA agent (status oca)',
    body: ocaTransferSchema,
    answer: collectionLoanSchema,
    statusAction: 'transfer_to_oca',
    refusal: 'collection.errors.notOverdue',
    audit: 'edit',
    message: 'collection.success.transferred',
  }),
  defineLoanAction({
    name: 'recall',
    method: 'POST',
    path: '/collection/recalls',
    permission: 'oca.transfer',
    summary: 'Recall a loan from its OCA agent (status repaying)',
    body: ocaRecallSchema,
    answer: collectionLoanSchema,
    statusAction: 'recall_from_oca',
    refusal: 'collection.errors.notOca',
    audit: 'edit',
    message: 'collection.success.recalled',
  }),
  defineLoanAction({
    name: 'writeOff',
    method: 'POST',
    path: '/collection/writeOffs',
    permission: 'oca.writeOff',
    summary: 'Write off a repaying or OCA loan: its unpaid principal to bad debt (status bad)',
    body: writeOffSchema,
    answer: collectionLoanSchema,
    statusAction: 'write_off',
    refusal: 'collection.errors.notWriteOffable',
    audit: 'edit',
    message: 'collection.success.writtenOff',
  }),
  defineLoanAction({
    name: 'cancelWriteOff',
    method: 'POST',
    path: '/collection/writeOffs/cancel',
    permission: 'oca.writeOff',
    summary: 'Cancel a write-off once no recovery record stands (its entry reversed; status repaying)',
    body: writeOffCancelSchema,
    answer: collectionLoanSchema,
    statusAction: 'cancel_write_off',
    refusal: 'collection.errors.notBad',
    audit: 'edit',
    message: 'collection.success.writeOffCancelled',
  }),
  defineLoanAction({
    name: 'recover',
    method: 'POST',
    path: '/collection/recoveries',
    permission: 'oca.recovery',
    summary: "Record money recovered: a receipt plus the agent's charge on an OCA loan, recovery income on a written-off loan",
    body: recoveryInputSchema,
    answer: recoveryItemSchema,
    // with an agent (it could be recalled) or written off (it could be recovered)
    offeredWhere: ['recall_from_oca', 'recover'],
    refusal: 'collection.errors.notRecoverable',
    audit: 'add',
    idempotent: true,
    message: 'collection.success.recovered',
  }),
  defineLoanAction({
    name: 'voidRecovery',
    method: 'POST',
    path: '/collection/recoveries/void',
    permission: 'oca.recovery',
    summary: 'Delete a write-off recovery record entered in error (its entry reversed)',
    body: recoveryVoidSchema,
    answer: recoveryItemSchema,
    audit: 'void',
    message: 'collection.success.recoveryVoided',
  }),
] as const;
export type CollectionActionName = (typeof COLLECTION_ACTIONS)[number]['name'];
export const COLLECTION_ACTION_NAMES = COLLECTION_ACTIONS.map((a) => a.name) as [CollectionActionName, ...CollectionActionName[]];

/** A row of the OCA / write-off list: the loan and the actions its status allows the caller. */
export const collectionListItemSchema = collectionLoanSchema.extend({ nextActions: z.array(z.enum(COLLECTION_ACTION_NAMES)) });
export type CollectionListItem = z.infer<typeof collectionListItemSchema>;

export const collectionFiltersSchema = listQueryBase.extend({
  status: z.enum(COLLECTION_STATUSES).optional(),
  loanNo: z.string().trim().max(32).optional(),
  customerName: z.string().trim().max(64).optional(),
  agentId: z.coerce.number().int().positive().optional(),
});
export type CollectionFilters = z.input<typeof collectionFiltersSchema>;
export const collectionPageSchema = pageOf(collectionListItemSchema);

/** OCA list filters added to the list (spec §2): OCA and write-off date ranges. */
export const collectionListQuerySchema = collectionFiltersSchema.extend({
  ocaFrom: optionalDate,
  ocaTo: optionalDate,
  writeOffFrom: optionalDate,
  writeOffTo: optionalDate,
});
export type CollectionListQuery = z.input<typeof collectionListQuerySchema>;
export const COLLECTION_LOANS_EXPORT_PATH = '/collection/loans/export';

// ---- the process list: every collection step ----

/** The steps of the collection, as the process list names them. */
export const COLLECTION_STEP_KINDS = ['transfer', 'recall', 'recovery', 'recoveryVoid', 'writeOff', 'writeOffCancel', 'agentPayment', 'agentPaymentVoid'] as const;
export type CollectionStepKind = (typeof COLLECTION_STEP_KINDS)[number];

/** One step (spec §2 OCA process list): a row of one of the collection tables. */
export const collectionStepSchema = z.object({
  /** `<kind>:<row id>` */
  key: z.string(),
  kind: z.enum(COLLECTION_STEP_KINDS),
  /** the row's id in its table (a recovery's, a payment's, …) */
  id: z.number().int(),
  date: z.string(),
  loanId: z.number().int().nullable(),
  loanNo: z.string().nullable(),
  customerName: z.string().nullable(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  amount: z.string().nullable(),
  staffName: z.string().nullable(),
  remarks: z.string().nullable(),
  createdAt: z.string(),
  /** a recovery on a written-off loan or a payment to an agent, not voided: it may be voided here */
  undoable: z.boolean(),
});
export type CollectionStep = z.infer<typeof collectionStepSchema>;

export const COLLECTION_STEP_SORTS = ['date', 'createdAt'] as const;
export const collectionStepsQuerySchema = listQueryBase.extend({
  kind: z.enum(COLLECTION_STEP_KINDS).optional(),
  agentId: z.coerce.number().int().positive().optional(),
  loanNo: z.string().trim().max(32).optional(),
  dateFrom: optionalDate,
  dateTo: optionalDate,
});
export type CollectionStepsQuery = z.input<typeof collectionStepsQuerySchema>;
export const collectionStepsPageSchema = pageOf(collectionStepSchema);
export const COLLECTION_STEPS_PATH = '/collection/steps';
export const COLLECTION_STEPS_EXPORT_PATH = '/collection/steps/export';

// ---- OCA agents: their terms and what they are owed ----

/** An OCA agent with its default charge and, in the caller's stores, what it is owed. */
export const collectionAgentSchema = z.object({
  agentId: z.number().int(),
  name: z.string(),
  state: z.string(),
  chargePercent: z.string(),
  /** the agent's charges on recoveries standing */
  charged: z.string(),
  /** payments to the agent standing */
  paid: z.string(),
  /** charged − paid */
  owed: z.string(),
});
export type CollectionAgent = z.infer<typeof collectionAgentSchema>;
export const collectionAgentsSchema = z.array(collectionAgentSchema);
export const COLLECTION_AGENTS_PATH = '/collection/agents';

/** A repaying loan with an overdue amount, to transfer to an OCA agent. */
export const overdueLoanSchema = z.object({
  loanId: z.number().int(),
  loanNo: z.string(),
  customerName: z.string(),
  overdueTenors: z.number().int(),
  overdueAmount: z.string(),
  daysOverdue: z.number().int(),
  unpaidPrincipal: z.string(),
});
export type OverdueLoan = z.infer<typeof overdueLoanSchema>;
export const overdueLoansQuerySchema = z.object({ search: z.string().trim().max(64).optional() });
export const overdueLoansSchema = z.array(overdueLoanSchema);
export const COLLECTION_OVERDUE_PATH = '/collection/overdueLoans';

/** A payment to an OCA agent of what it is owed (never more). */
export const agentPaymentInputSchema = z.object({
  agentId: id,
  amount: positiveMoney,
  date: optionalDate,
  method: z.enum(PAYMENT_METHODS, { message: V.choice }),
  remarks: optionalText(1000),
  idempotencyKey: z.string({ message: V.required }).trim().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'repayments.validation.idempotencyKey' }),
});
export type AgentPaymentInput = z.input<typeof agentPaymentInputSchema>;
export const agentPaymentVoidSchema = z.object({ paymentId: id, reason });
export const agentPaymentItemSchema = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  paidOn: z.string(),
  amount: z.string(),
  method: z.string(),
  voided: z.boolean(),
});
export type AgentPaymentItem = z.infer<typeof agentPaymentItemSchema>;
