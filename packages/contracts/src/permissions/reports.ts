import { action, page } from './define.js';

/** The reports of spec §2, in its order. */
const REPORTS = [
  'approvalStatus',
  'loan',
  'loanDetail',
  'repayment',
  'repaymentSchedule',
  'estimatedRepayment',
  'monthlyReceivable',
  'outstandingSummary',
  'outstandingDetails',
  'interestReceivable',
  'temporaryAmount',
  'temporaryAmountEscrow',
  'customerRepaymentHistory',
  'currentlyOcaLoan',
  'ocaChargesPayable',
  'nonSettledOcaRepayment',
  'writeOff',
  'writeOffCollection',
  'incomeExpenditure',
  'staffSales',
  'referralAgentSales',
  'overdue',
  'semiComplete',
  'completedLoan',
  'annualLoanStatement',
  'smsSentRecord',
] as const;

export const reportsPermissions = REPORTS.map((name, i) =>
  page('reports', 100 + i, name, { icon: 'bar-chart' }),
);

/**
 * The ledger's trial balance (Harbour's own, after the spec's reports): the page reads the chart
 * and the trial balance; the journal list with its lines is a key of its own.
 */
export const ledgerPermissions = [
  page('reports', 100 + REPORTS.length, 'trialBalance', { icon: 'calculator', available: true, api: ['GET /ledger/accounts', 'GET /ledger/trialBalance', 'GET /ledger/trialBalance/export'] }),
  action('reports', 100 + REPORTS.length, 'reports.trialBalance.entries', ['GET /ledger/entries']),
];
