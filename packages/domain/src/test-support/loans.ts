// Shared fixtures for the ledger tests.
import { buildSchedule } from '../schedule.js';
import { createLedger, type LedgerOptions, type LoanLedger } from '../ledger.js';
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

export function ledgerOf(terms: LoanTerms, options: LedgerOptions = {}): LoanLedger {
  return createLedger(buildSchedule(terms), options);
}
