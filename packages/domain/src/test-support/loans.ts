// Shared fixtures for the state tests.
import { buildSchedule } from '../schedule.js';
import { createRepaymentState, type RepaymentStateOptions, type RepaymentState } from '../repayment-state.js';
import type { LoanTerms } from '../terms.js';

/** 12,000 at 1% flat a month × 12 from 10 Jan 2024: 1,120.00 an instalment, due the 10th. */
export const FLAT_12000: LoanTerms = {
  loanAmount: '12000',
  loanDate: '2024-01-10',
  totalTenor: 12,
  repayCycle: { kind: 'monthly' },
  interestMethod: 'amortization',
  flatRate: '1',
};

export function repaymentStateOf(terms: LoanTerms, options: RepaymentStateOptions = {}): RepaymentState {
  return createRepaymentState(buildSchedule(terms), options);
}
