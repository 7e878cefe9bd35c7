import { LOAN_STATUSES } from '@harbour/domain';
import { z } from 'zod';
import { listQueryBase, pageOf } from './list.js';
import { INTEREST_METHODS, REPAY_CYCLES } from './calculator.js';
import { COMMISSION_KINDS } from './counterparties.js';
import { CUSTOMER_TYPES, GENDERS } from './customers.js';
import { RECEIPT_METHODS } from './repayments.js';

/**
 * Data import (issue 28, docs/import.md): the workbook a lender fills from its old system. One sheet
 * per kind of record; each column's header, meaning, type, format and allowed values come from
 * here, so the template, the read-me sheet and the validation say the same.
 */
export const IMPORT_TEMPLATE_PATH = '/tools/import/template';
export const IMPORT_BATCHES_PATH = '/tools/import/batches';
export const IMPORT_PERMISSION = 'tools.dataImport' as const;

/** How a cell is read: `date` accepts YYYY-MM-DD, DD/MM/YYYY and YYYY/MM/DD; `money` a decimal of at most 2 places. */
export const IMPORT_COLUMN_TYPES = ['text', 'date', 'money', 'decimal', 'integer', 'choice', 'idNumber', 'phone', 'reference'] as const;
export type ImportColumnType = (typeof IMPORT_COLUMN_TYPES)[number];

export interface ImportColumn {
  key: string;
  type: ImportColumnType;
  required: boolean;
  /** The allowed values of a `choice` column. */
  choices?: readonly string[];
  /** The sheet and column a `reference` column names a row of. */
  refers?: { sheet: ImportSheetKey; column: string };
}

const col = (key: string, type: ImportColumnType, required = false, extra: Partial<ImportColumn> = {}): ImportColumn => ({
  key,
  type,
  required,
  ...extra,
});
const customerRef = (key = 'customerCode', required = true) => col(key, 'reference', required, { refers: { sheet: 'customers', column: 'customerCode' } });
const loanRef = () => col('loanNo', 'reference', true, { refers: { sheet: 'loans', column: 'loanNo' } });

export const IMPORT_SHEETS = ['customers', 'partakers', 'loans', 'instalments', 'receipts', 'openingPositions', 'temporaryAmounts', 'blacklist', 'referralAgents'] as const;
export type ImportSheetKey = (typeof IMPORT_SHEETS)[number];

/** How an imported loan's money was paid out (as the payout screen allows). */
export const IMPORT_PAYOUT_METHODS = ['cash', 'cheque'] as const;

/**
 * The loan statuses an import brings in: being repaid, repaid in full, with an OCA agent (with the
 * agent and the date it went there), written off (with the date), and closed by a reloan. A loan
 * still at application or approval is not a book to bring in; such a row is refused by name
 * (`tools.import.problems.statusNotImported`).
 */
export const IMPORT_LOAN_STATUSES = ['repaying', 'complete', 'oca', 'bad', 'reloaned'] as const;
export type ImportLoanStatus = (typeof IMPORT_LOAN_STATUSES)[number];

/** Roles a partaker row may take (the loan's referees are asked for at application, not imported). */
export const IMPORT_PARTAKER_ROLES = ['guarantor', 'joint', 'consultant'] as const;

export const IMPORT_COLUMNS: Record<ImportSheetKey, readonly ImportColumn[]> = {
  customers: [
    col('customerCode', 'text', true),
    col('type', 'choice', true, { choices: CUSTOMER_TYPES }),
    col('name', 'text', true),
    col('englishName', 'text'),
    col('gender', 'choice', false, { choices: GENDERS }),
    col('dateOfBirth', 'date'),
    col('idType', 'text', true),
    col('idNumber', 'idNumber', true),
    col('mobile1', 'phone', true),
    col('mobile2', 'phone'),
    col('homeNo', 'phone'),
    col('email', 'text'),
    col('residentialAddress', 'text'),
    col('mailingAddress', 'text'),
    col('companyName', 'text'),
    col('companyAddress', 'text'),
    col('officeNo', 'phone'),
    col('position', 'text'),
    col('employmentType', 'text'),
    col('workFrom', 'date'),
    col('salary', 'money'),
    col('remarks', 'text'),
  ],
  partakers: [loanRef(), customerRef(), col('role', 'choice', true, { choices: IMPORT_PARTAKER_ROLES })],
  loans: [
    col('loanNo', 'text', true),
    col('applicationNo', 'text'),
    customerRef(),
    col('storeCode', 'text', true),
    col('status', 'choice', true, { choices: LOAN_STATUSES }),
    col('loanType', 'text', true),
    col('applicationDate', 'date', true),
    col('loanDate', 'date', true),
    col('loanAmount', 'money', true),
    col('amountDeducted', 'money'),
    col('totalTenor', 'integer', true),
    col('repayCycle', 'choice', true, { choices: REPAY_CYCLES }),
    col('cycleDays', 'integer'),
    col('interestMethod', 'choice', true, { choices: INTEREST_METHODS }),
    col('flatRate', 'decimal'),
    col('effectiveRate', 'decimal'),
    col('firstDueDate', 'date'),
    col('staffLogin', 'text'),
    col('referralAgent', 'reference', false, { refers: { sheet: 'referralAgents', column: 'nameEn' } }),
    col('payoutMethod', 'choice', true, { choices: IMPORT_PAYOUT_METHODS }),
    col('chequeNo', 'text'),
    col('overdueRate', 'decimal'),
    col('overduePenalty', 'money'),
    // status oca: the agent (by English name, one Harbour holds), the date the loan went there and the agent's charge (default: the agent's own)
    col('ocaAgent', 'text'),
    col('ocaDate', 'date'),
    col('ocaChargePercent', 'decimal'),
    // status bad: the date it was written off and why
    col('writeOffDate', 'date'),
    col('writeOffReason', 'text'),
  ],
  instalments: [loanRef(), col('tenor', 'integer', true), col('dueDate', 'date', true), col('principal', 'money', true), col('interest', 'money', true)],
  receipts: [
    loanRef(),
    col('receiptNo', 'text'),
    col('receiptDate', 'date', true),
    col('amount', 'money', true),
    col('method', 'choice', true, { choices: RECEIPT_METHODS }),
  ],
  openingPositions: [
    loanRef(),
    col('cutOverDate', 'date', true),
    col('principalPaid', 'money', true),
    col('interestPaid', 'money', true),
    col('overduePaid', 'money', true),
    col('outstandingPrincipal', 'money', true),
  ],
  temporaryAmounts: [customerRef(), loanRef(), col('amount', 'money', true), col('receivedOn', 'date', true)],
  blacklist: [col('name', 'text', true), col('idNumber', 'idNumber'), col('phone', 'phone'), col('reason', 'text', true)],
  // the commission is what the agents' own create contract requires of every agent
  referralAgents: [
    col('nameZh', 'text', true),
    col('nameEn', 'text', true),
    col('phone', 'phone'),
    col('brNo', 'text'),
    col('licenceNo', 'text'),
    col('commissionKind', 'choice', true, { choices: COMMISSION_KINDS }),
    col('commission', 'text', true),
  ],
};

/** The label of a sheet or column in the caller's language (`tools.import.…` message keys). */
export const importSheetLabel = (sheet: ImportSheetKey) => `tools.import.sheets.${sheet}`;
export const importColumnLabel = (sheet: ImportSheetKey, key: string) => `tools.import.columns.${sheet}.${key}`;

/**
 * `rollingBack`: the rollback's server job is running (its progress in `rollbackDone` of
 * `rollbackTotal`); it ends `rolledBack`, or `committed` again with its `failure` when it could not.
 */
export const IMPORT_BATCH_STATES = ['dryRun', 'committing', 'committed', 'rollingBack', 'rolledBack', 'failed'] as const;

export const importBatchSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  state: z.enum(IMPORT_BATCH_STATES),
  fileName: z.string(),
  sha256: z.string(),
  cutOverDate: z.string().nullable(),
  rowsTotal: z.number().int(),
  rowsRead: z.number().int(),
  rowsValidated: z.number().int(),
  rowsWritten: z.number().int(),
  problemCount: z.number().int(),
  /** why the commit failed (nothing of it was written), or why the last rollback failed (the batch stays committed) */
  failure: z.string().nullable(),
  /** a rollback's progress: the opening entries to reverse and records to remove, and how many are done */
  rollbackTotal: z.number().int(),
  rollbackDone: z.number().int(),
  /** when the batch last changed (a rollback's job moves it as it goes: a batch rolling back that has not moved for minutes may have lost its job) */
  updatedAt: z.string(),
  startedByName: z.string().nullable(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

/** The store whose book a file is (default: the caller's current store) and the cut-over date, as the upload's query. */
export const importTargetQuerySchema = z.object({
  storeId: z.coerce.number().int().positive().optional(),
  cutOverDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' }).optional(),
});
export type ImportTargetQuery = z.infer<typeof importTargetQuerySchema>;

export const importBatchParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const IMPORT_DRY_RUN_PATH = '/tools/import/dryRun';

/** A dry run's answer: rows per sheet read, accepted and rejected, and every problem in the caller's language. */
export const importDryRunSchema = z.object({
  counts: z.array(z.object({ sheet: z.enum(IMPORT_SHEETS), read: z.number().int(), valid: z.number().int(), rejected: z.number().int() })),
  problems: z.array(z.object({ sheet: z.enum(IMPORT_SHEETS), row: z.number().int(), column: z.string().nullable(), message: z.string() })),
  /** the loans the file would bring in, and of them those whose previous-system figures differ from Harbour's on the cut-over date */
  reconciliation: z.object({ loans: z.number().int(), differing: z.number().int() }),
});
export type ImportDryRun = z.infer<typeof importDryRunSchema>;

/** The figures both systems state of a loan on the cut-over date (the domain's `RECONCILED_FIGURES`). */
export const IMPORT_RECONCILED_FIGURES = ['principalPaid', 'interestPaid', 'overduePaid', 'outstandingPrincipal'] as const;
const reconciledFiguresSchema = z.object({ principalPaid: z.string(), interestPaid: z.string(), overduePaid: z.string(), outstandingPrincipal: z.string() });

export const importReconciliationQuerySchema = listQueryBase.extend({
  /** only the loans whose figures differ */
  differing: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ImportReconciliationQuery = z.input<typeof importReconciliationQuerySchema>;

/** One imported loan in the batch's reconciliation: the previous system's figures beside Harbour's on the cut-over date. */
export const importReconciliationLoanSchema = z.object({
  row: z.number().int(),
  loanId: z.number().int(),
  loanNo: z.string(),
  customerName: z.string(),
  status: z.string(),
  cutOverDate: z.string(),
  /** null: the file gave the loan's receipts, not an opening position */
  file: reconciledFiguresSchema.nullable(),
  harbour: reconciledFiguresSchema.extend({ tempHeld: z.string(), overdueAmount: z.string(), overdueCharges: z.string(), daysOverdue: z.number().int() }),
  differences: z.array(z.enum(IMPORT_RECONCILED_FIGURES)),
});
export type ImportReconciliationLoan = z.infer<typeof importReconciliationLoanSchema>;

/** The totals of a batch's reconciliation for its store: each figure summed over the loans that state it. */
export const importReconciliationTotalsSchema = z.object({
  storeName: z.string(),
  loans: z.number().int(),
  differing: z.number().int(),
  file: reconciledFiguresSchema,
  harbour: reconciledFiguresSchema.extend({ tempHeld: z.string(), overdueAmount: z.string(), overdueCharges: z.string() }),
});

export const importReconciliationSchema = pageOf(importReconciliationLoanSchema).extend({
  batch: z.object({ id: z.number().int(), fileName: z.string(), state: z.enum(IMPORT_BATCH_STATES), cutOverDate: z.string().nullable() }),
  totals: importReconciliationTotalsSchema,
});
export type ImportReconciliation = z.infer<typeof importReconciliationSchema>;
