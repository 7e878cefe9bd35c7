import type { LoanRow } from './row.js';

/** The loan's terms as the calculator takes them (interest from the interest start date), with what is deducted at payout. */
export const termsOf = (loan: LoanRow, amountDeducted: string) => ({
  loanAmount: loan.loanAmount,
  totalTenor: loan.totalTenor,
  repayCycle: loan.repayCycle as 'monthly',
  cycleMonths: loan.cycleMonths ?? undefined,
  cycleDays: loan.cycleDays ?? undefined,
  interestMethod: loan.interestMethod as 'amortization',
  flatRate: loan.flatRate ?? undefined,
  effectiveRate: loan.effectiveRate ?? undefined,
  ruleOf78: loan.ruleOf78,
  loanDate: loan.interestStartDate,
  firstDueDate: loan.firstDueDate ?? undefined,
  amountDeducted,
  maxInterest: loan.maxInterest ?? undefined,
});
