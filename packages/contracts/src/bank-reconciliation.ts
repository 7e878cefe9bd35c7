import { BANK_LEDGER_ACCOUNTS } from '@harbour/domain';
import { z } from 'zod';
import { V } from './calculator.js';
import { listQueryBase } from './list.js';
import { defineResource } from './resource.js';
import { optionalText } from './stores.js';

/**
 * The bank's money in (docs/bank-reconciliation.md): the stores' bank accounts (master data), bank
 * statements imported as ISO 20022 camt.053 or CSV, each credit line matched to a loan and posted
 * as a normal receipt, parked in suspense or ignored with a reason.
 *
 * Permission keys: `masterdata.bankAccount.*` (the accounts), `repayment.bankReconciliation`
 * (the page: statements, lines, totals, CSV preview), `repayment.bankReconciliation.post`
 * (import, post, assign, park, ignore, save a CSV mapping).
 */
export const BANK_ACCOUNTS_PATH = '/bankAccounts';
export const BANK_STATEMENTS_PATH = '/bankStatements';
export const BANK_LINES_PATH = '/bankStatementLines';
export const RECONCILIATION_VIEW = 'repayment.bankReconciliation' as const;
export const RECONCILIATION_POST = 'repayment.bankReconciliation.post' as const;

const text = (max: number) => z.string({ message: V.required }).trim().min(1, { message: V.required }).max(max, { message: V.range });
const idOf = () => z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.integer }).max(2_147_483_647, { message: V.integer });

/** The columns of a CSV statement a mapping names (header names as the bank's file spells them). */
export const CSV_COLUMNS = ['bookingDate', 'valueDate', 'amount', 'direction', 'reference', 'payerName', 'bankTxnId'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * How a bank's CSV reads: which header holds which field; `direction` holds CR/DR (or C/D,
 * credit/debit) — without it the amount's sign tells (negative = debit); dates as YYYY-MM-DD or
 * DD/MM/YYYY (`dateFormat`).
 */
export const csvMappingSchema = z.object({
  bookingDate: text(64),
  valueDate: optionalText(64),
  amount: text(64),
  direction: optionalText(64),
  reference: optionalText(64),
  payerName: optionalText(64),
  bankTxnId: text(64),
  dateFormat: z.enum(['YYYY-MM-DD', 'DD/MM/YYYY'], { message: V.choice }).default('YYYY-MM-DD'),
  delimiter: z.enum([',', ';', '\t'], { message: V.choice }).default(','),
});
export type CsvMapping = z.output<typeof csvMappingSchema>;
/** A saved mapping as answers carry it (no defaults or trimming on the way out). */
const csvMappingItemSchema = z.object({
  bookingDate: z.string(),
  valueDate: z.string().nullable().optional(),
  amount: z.string(),
  direction: z.string().nullable().optional(),
  reference: z.string().nullable().optional(),
  payerName: z.string().nullable().optional(),
  bankTxnId: z.string(),
  dateFormat: z.enum(['YYYY-MM-DD', 'DD/MM/YYYY']),
  delimiter: z.enum([',', ';', '\t']),
});

export const bankAccountSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  bankName: z.string(),
  bankCode: z.string().nullable(),
  accountName: z.string(),
  accountNo: z.string(),
  currency: z.literal('HKD'),
  ledgerAccount: z.enum(BANK_LEDGER_ACCOUNTS),
  active: z.boolean(),
  csvMapping: csvMappingItemSchema.nullable(),
});
export type BankAccountItem = z.infer<typeof bankAccountSchema>;

export const bankAccountCreateSchema = z.object({
  bankName: text(128),
  bankCode: z.union([z.literal('').transform(() => null), z.string().trim().regex(/^\d{3}$/, { message: 'parties.bankCode' })]).nullable().optional(),
  accountName: text(128),
  accountNo: z.string({ message: V.required }).trim().regex(/^[0-9][0-9 -]{4,30}[0-9]$/, { message: 'reconciliation.errors.accountNo' }),
  currency: z.literal('HKD', { message: V.choice }).default('HKD'),
  ledgerAccount: z.enum(BANK_LEDGER_ACCOUNTS, { message: V.choice }).default('bank'),
  active: z.boolean().default(true),
});
export const bankAccountUpdateSchema = bankAccountCreateSchema.partial();

export const bankAccountResource = defineResource({
  name: 'bankAccounts',
  path: BANK_ACCOUNTS_PATH,
  title: 'shell:menu.masterdata.bankAccount.list',
  permissions: {
    list: 'masterdata.bankAccount.list',
    view: 'masterdata.bankAccount.list',
    create: 'masterdata.bankAccount.create',
    update: 'masterdata.bankAccount.update',
  },
  storeScoped: true,
  fields: [
    { name: 'bankName', kind: 'text', label: 'reconciliation:fields.bankName', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'bankCode', kind: 'text', label: 'reconciliation:fields.bankCode', list: true, form: true },
    { name: 'accountName', kind: 'text', label: 'reconciliation:fields.accountName', list: true, form: true, required: true },
    { name: 'accountNo', kind: 'text', label: 'reconciliation:fields.accountNo', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'currency', kind: 'enum', label: 'reconciliation:fields.currency', list: true, options: ['HKD'], enumName: 'currency', form: 'create' },
    { name: 'ledgerAccount', kind: 'enum', label: 'reconciliation:fields.ledgerAccount', list: true, options: BANK_LEDGER_ACCOUNTS, enumName: 'bankLedgerAccount', form: true, required: true },
    { name: 'active', kind: 'boolean', label: 'reconciliation:fields.active', list: true, filter: 'boolean', form: true },
  ],
  item: bankAccountSchema,
  create: bankAccountCreateSchema,
  update: bankAccountUpdateSchema,
  filters: listQueryBase.extend({
    bankName: z.string().trim().max(128).optional(),
    accountNo: z.string().trim().max(32).optional(),
    active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  }),
  defaultSort: 'accountNo:asc',
  example: { bankName: 'The Hongkong and Shanghai Banking Corporation', bankCode: '004', accountName: 'Harbour Finance Ltd', accountNo: '004-123456-838', ledgerAccount: 'bank' },
  actions: {
    saveCsvMapping: {
      permission: RECONCILIATION_POST,
      label: 'reconciliation:csv.save',
      summary: 'Saves the column mapping of the bank account’s CSV statements (after its preview)',
      body: csvMappingSchema,
      message: 'success.updated',
      example: { bookingDate: 'Date', amount: 'Amount', bankTxnId: 'Txn ID' },
    },
  },
});

// ── Statements ────────────────────────────────────────────────────────────────

export const STATEMENT_FORMATS = ['camt053', 'csv'] as const;

/** A statement file as text (camt.053 XML or CSV), at most 20 MB. */
export const bankStatementImportSchema = z.object({
  bankAccountId: idOf(),
  format: z.enum(STATEMENT_FORMATS, { message: V.choice }),
  fileName: text(255),
  content: z.string({ message: V.required }).min(1, { message: V.required }).max(20_000_000, { message: V.range }),
});

export const csvPreviewSchema = z.object({
  bankAccountId: idOf(),
  content: z.string({ message: V.required }).min(1, { message: V.required }).max(20_000_000, { message: V.range }),
  mapping: csvMappingSchema,
});

/**
 * A line's state. Credits: `matched` (reference names the loan), `suggested` (payer and amount,
 * or several candidates), `unmatched`, then `posted`, `suspense`, `ignored`. Debits: `debit`.
 */
export const BANK_LINE_STATES = ['matched', 'suggested', 'unmatched', 'posted', 'suspense', 'ignored', 'debit'] as const;
export type BankLineState = (typeof BANK_LINE_STATES)[number];
/** Why a line was matched or suggested (shown on the page, `reconciliation:reasons.<reason>`). */
export const MATCH_REASONS = ['loanNo', 'autopayRef', 'nameAmount', 'severalReferenced', 'severalNameAmount', 'none', 'assigned'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export const bankStatementLineSchema = z.object({
  id: z.number().int(),
  statementId: z.number().int(),
  bankTxnId: z.string(),
  bookingDate: z.string(),
  valueDate: z.string().nullable(),
  direction: z.enum(['credit', 'debit']),
  amount: z.string(),
  reference: z.string().nullable(),
  payerName: z.string().nullable(),
  state: z.enum(BANK_LINE_STATES),
  reason: z.enum(MATCH_REASONS),
  loanId: z.number().int().nullable(),
  loanNo: z.string().nullable(),
  candidates: z.array(z.object({ loanId: z.number().int(), loanNo: z.string(), customerName: z.string(), amountDue: z.string() })),
  repaymentId: z.number().int().nullable(),
  repayNo: z.string().nullable(),
  ignoreReason: z.string().nullable(),
});
export type BankStatementLine = z.infer<typeof bankStatementLineSchema>;

/** Credits = posted + suspense + ignored + open (matched, suggested, unmatched), always. */
export const bankStatementTotalsSchema = z.object({
  credits: z.string(),
  debits: z.string(),
  posted: z.string(),
  suspense: z.string(),
  ignored: z.string(),
  open: z.string(),
  creditCount: z.number().int(),
});

export const bankStatementSchema = z.object({
  id: z.number().int(),
  bankAccountId: z.number().int(),
  accountNo: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  statementRef: z.string(),
  fileName: z.string(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  openingBalance: z.string().nullable(),
  closingBalance: z.string().nullable(),
  importedAt: z.string(),
  totals: bankStatementTotalsSchema,
});
export type BankStatementItem = z.infer<typeof bankStatementSchema>;

export const bankStatementDetailSchema = bankStatementSchema.extend({
  lines: z.array(bankStatementLineSchema),
  /** The bank account's ledger balance up to the statement's last day, beside its closing balance. */
  ledger: z.object({ account: z.enum(BANK_LEDGER_ACCOUNTS), asOf: z.string().nullable(), balance: z.string(), difference: z.string().nullable() }),
});
export type BankStatementDetail = z.infer<typeof bankStatementDetailSchema>;

export const bankStatementImportResultSchema = z.object({
  statement: bankStatementSchema,
  /** true when the same file was imported before: nothing changed */
  alreadyImported: z.boolean(),
  added: z.number().int(),
  /** lines already on file (the same bank transaction id), from this or an earlier statement */
  duplicates: z.number().int(),
});

export const csvPreviewResultSchema = z.object({
  headers: z.array(z.string()),
  lines: z.array(z.object({ row: z.number().int(), bankTxnId: z.string(), bookingDate: z.string(), valueDate: z.string().nullable(), direction: z.enum(['credit', 'debit']), amount: z.string(), reference: z.string().nullable(), payerName: z.string().nullable() })),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  total: z.number().int(),
});

export const bankStatementListQuerySchema = listQueryBase.extend({ bankAccountId: idOf().optional() });
export const bankStatementPageSchema = z.object({ items: z.array(bankStatementSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const bankIdParamsSchema = z.object({ id: idOf() });

/** What "post all matched" did: each line once, whoever else clicked at the same time. */
export const postMatchedResultSchema = z.object({
  posted: z.number().int(),
  /** posted already (by another click, or earlier) */
  skipped: z.number().int(),
  failed: z.array(z.object({ lineId: z.number().int(), bankTxnId: z.string(), message: z.string() })),
  totals: bankStatementTotalsSchema,
});

export const assignLineSchema = z.object({ loanId: idOf() });
export const ignoreLineSchema = z.object({ reason: text(500) });

/** What a step on one line answers: the line as it is now, and the statement's totals. */
export const bankLineResultSchema = z.object({ line: bankStatementLineSchema, totals: bankStatementTotalsSchema });
