/**
 * Loan types (spec §9): private loan, one click / first mortgage, second mortgage, revolving loan.
 * The web's `sys_list.loan_type` (GET /getSystemConfigList) lists them; labels are the message
 * catalogue's `enums:loanType.<value>`.
 */
export const LOAN_TYPES = ['private', 'first-mortgage', 'second-mortgage', 'revolving'] as const;
export type LoanType = (typeof LOAN_TYPES)[number];
