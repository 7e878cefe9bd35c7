import { page } from './define.js';

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
