/**
 * Typed domain errors. Each has a stable `code` (listed in DOMAIN_ERROR_CODES with its English
 * message, so other layers can translate by code) and `params` for interpolation.
 */

export const DOMAIN_ERROR_CODES = {
  // spec §5 "Repayment"
  RECEIVED_BELOW_OVERDUE_INTEREST_AND_FEE: 'Received amount must exceed overdue interest plus fee',
  RECEIVED_BELOW_HANDLING_FEE: 'Received amount must exceed handling fee',
  RECEIVED_BELOW_AMOUNT_DUE: 'Received amount must exceed overdue amount plus repay amount plus fee',
  ALREADY_AT_MAXIMUM_TENOR: 'Already at maximum tenor',
  SETTLE_EARLIER_INSTALMENTS_FIRST: 'Please settle earlier instalments first',
  PRINCIPAL_EXCEEDS_UNPAID_PRINCIPAL: 'Principal repaid cannot exceed unpaid principal',
  USE_EARLY_SETTLEMENT: 'Please choose early settlement to clear all principal',
  DATE_BEFORE_LAST_REPAYMENT: 'Repayment date cannot be earlier than the last repayment date',
  DATE_BEFORE_INTEREST_START: 'Repayment date cannot be earlier than the interest start date',
  // further repayment checks of the engine
  RECEIVED_NOT_POSITIVE: 'Received amount must be greater than 0',
  PARTIAL_PRINCIPAL_NOT_ALLOWED: 'This loan does not allow partial principal repayment',
  LOAN_ALREADY_SETTLED: 'The loan has no outstanding amount',
  RESCHEDULE_ABOVE_MLO_RATE: 'The rescheduled instalments would carry {{rate}}% a year, above the 48% the Money Lenders Ordinance allows',
  // waivers of overdue interest and fees
  WAIVER_NOTHING_TO_WAIVE: 'Nothing to waive: give an amount of overdue interest or fees outstanding',
  WAIVER_AMOUNT_INVALID: 'The amount to waive ({{amount}}) must be greater than 0 with at most two decimals',
  WAIVER_ABOVE_OUTSTANDING: 'The amount to waive ({{amount}}) is above what is outstanding ({{outstanding}})',
  // terms and status
  INVALID_TERMS: 'Invalid loan terms',
  INVALID_STATUS_TRANSITION: 'This action is not allowed in the current status',
  // the accounting ledger
  UNBALANCED_JOURNAL_ENTRY: 'The journal entry does not balance',
  INVALID_JOURNAL_AMOUNT: 'A journal amount must be zero or more with at most two decimals',
  OPENING_EXCEEDS_SCHEDULE: 'An opening position pays more of a part than the schedule asks',
  JOURNAL_REVERSAL_NOT_REVERSIBLE: 'A reversal entry cannot itself be reversed; post the event again instead',
  JOURNAL_ENTRY_ALREADY_REVERSED: 'This journal entry has already been reversed',
  // payout
  DEDUCTIONS_EXCEED_LOAN: 'The deductions ({{deducted}}) leave nothing of the loan amount ({{loanAmount}})',
  SETTLEMENT_EXCEEDS_PAYOUT: 'The old loan’s settlement ({{settlement}}) is not less than what the new loan pays out ({{payable}})',
  INVALID_AMOUNT: 'Not an amount that can be written in words: {{value}}',
  // System → active period
  OUTSIDE_ACTIVE_PERIOD: 'Posted on {{postedDate}}: the active period of {{days}} days ended on {{lastDate}}; it can no longer be changed',
} as const;

export type DomainErrorCode = keyof typeof DOMAIN_ERROR_CODES;

export type ErrorParams = Readonly<Record<string, string | number | boolean | readonly unknown[]>>;

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly params: ErrorParams;

  constructor(code: DomainErrorCode, params: ErrorParams = {}) {
    super(DOMAIN_ERROR_CODES[code]);
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }
}

export function isDomainError(e: unknown, code?: DomainErrorCode): e is DomainError {
  return e instanceof DomainError && (code === undefined || e.code === code);
}

/** Field-level problems with loan terms or a calculator request. */
export const TERMS_ISSUE_CODES = {
  REQUIRED: 'This field is required',
  RATE_REQUIRED: 'Monthly flat rate or actual annual rate: one must be filled',
  ONE_RATE_ONLY: 'Give only one of the flat rate and the annual rate',
  NOT_A_NUMBER: 'Please enter a correct number',
  MUST_BE_POSITIVE: 'Must be greater than 0',
  MUST_NOT_BE_NEGATIVE: 'Must not be negative',
  TENOR_AT_LEAST_1: 'Total tenor must be a whole number of 1 or more',
  CYCLE_DAYS_AT_LEAST_1: 'Repayment cycle days must be 1 or more',
  CYCLE_MONTHS_INVALID: 'Months per period must be a whole number from 1 to 12',
  INVALID_DATE: 'Date must be YYYY-MM-DD',
  FIRST_DUE_NOT_AFTER_LOAN_DATE: 'First due date must be later than the loan date',
  RULE_OF_78_MONTHLY_ONLY: 'Rule of 78 applies to monthly cycles only',
  DEDUCTED_NOT_BELOW_AMOUNT: 'Amount deducted must be less than the loan amount',
  INVALID_CHOICE: 'Not an allowed value',
} as const;

export type TermsIssueCode = keyof typeof TERMS_ISSUE_CODES;

export interface TermsIssue {
  field: string;
  code: TermsIssueCode;
  message: string;
}

export function termsIssue(field: string, code: TermsIssueCode): TermsIssue {
  return { field, code, message: TERMS_ISSUE_CODES[code] };
}

/** Thrown for invalid loan terms / calculator requests; carries every field problem found. */
export class TermsValidationError extends DomainError {
  readonly issues: readonly TermsIssue[];

  constructor(issues: readonly TermsIssue[]) {
    super('INVALID_TERMS', { fields: issues.map((i) => i.field) });
    this.name = 'TermsValidationError';
    this.issues = issues;
  }
}
