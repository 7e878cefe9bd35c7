import { z } from 'zod';
import { isoDate, V } from './calculator.js';

/**
 * Autopay (direct debit, docs/autopay.md): the instruction file for a store's instalments due on
 * a date, the bank's result file imported back (each debit paid posts a receipt once; each one
 * rejected goes to the rejected list with the bank's reason), and the rejected list.
 */
export const AUTOPAY_PATH = '/autopay';
export const AUTOPAY_RUNS_PATH = '/autopay/runs';
export const AUTOPAY_RESULTS_PATH = '/autopay/results';
export const AUTOPAY_REJECTED_PATH = '/autopay/rejected';
/** Viewing the page, the files sent and the rejected list. */
export const AUTOPAY_VIEW_PERMISSION = 'repayment.autopay' as const;
/** Making an instruction file and importing the bank's results (which post receipts). */
export const AUTOPAY_POST_PERMISSION = 'repayment.autopayPost' as const;

/** The instruction file's columns, in order (the layout in docs/autopay.md). */
export const AUTOPAY_FILE_COLUMNS = [
  'instruction_id',
  'creditor_reference',
  'debtor_bank_code',
  'debtor_branch_code',
  'debtor_account_no',
  'debtor_account_name',
  'amount',
  'currency',
  'due_date',
  'loan_reference',
] as const;
/** The result file's columns the import reads (by header name; others are ignored). */
export const AUTOPAY_RESULT_COLUMNS = ['instruction_id', 'status', 'reason'] as const;
/** Status values of a result line that mean the debit was made; every other value is a rejection. */
export const AUTOPAY_PAID_STATUSES = ['SUCCESS', 'PAID', 'ACSC', 'OK'] as const;

export const AUTOPAY_STATUSES = ['sent', 'paid', 'rejected'] as const;
export type AutopayStatus = (typeof AUTOPAY_STATUSES)[number];

export const autopayRunRequestSchema = z.object({
  dueDate: isoDate(),
  /** the store whose loans are debited; the caller's current store when left out */
  storeId: z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.integer }).optional(),
});

export const autopayRunSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  dueDate: z.string(),
  instructionCount: z.number().int(),
  total: z.string(),
  paid: z.number().int(),
  rejected: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type AutopayRun = z.infer<typeof autopayRunSchema>;

/** A run just made, with its file to hand to the bank. */
export const autopayRunFileSchema = z.object({ run: autopayRunSchema, fileName: z.string(), content: z.string() });
export type AutopayRunFile = z.infer<typeof autopayRunFileSchema>;

export const autopayResultImportSchema = z.object({
  /** the bank's result CSV as text (header row first) */
  content: z.string({ message: V.required }).min(1, { message: V.required }).max(5_000_000, { message: 'validation.tooLong' }),
});

export const autopayResultSummarySchema = z.object({
  /** lines that posted a receipt now */
  paid: z.number().int(),
  /** lines that put a debit on the rejected list now */
  rejected: z.number().int(),
  /** debits the bank made that Harbour could not post (the loan no longer takes receipts, …): listed with the reason */
  refused: z.number().int(),
  /** lines whose instruction already had its result (a re-import): nothing changed */
  unchanged: z.number().int(),
  /** instruction ids the file names that no run sent (in the caller's stores) */
  unknown: z.array(z.string()),
});
export type AutopayResultSummary = z.infer<typeof autopayResultSummarySchema>;

export const autopayRejectedSchema = z.object({
  id: z.number().int(),
  instructionId: z.string(),
  loanId: z.number().int(),
  loanNo: z.string(),
  customerName: z.string(),
  dueDate: z.string(),
  amount: z.string(),
  /** `rejected`: the bank did not debit; `refused`: the bank debited, Harbour could not post it */
  status: z.enum(['rejected', 'refused']),
  /** the bank's reason, or Harbour's (in the importer's language) */
  reason: z.string().nullable(),
  resultAt: z.string().nullable(),
});
export type AutopayRejected = z.infer<typeof autopayRejectedSchema>;
export const autopayRejectedListSchema = z.array(autopayRejectedSchema);
export const autopayRunListSchema = z.array(autopayRunSchema);
