import { action, page } from './define.js';
import { DECLARED_REPORTS } from '../reports/declared.js';

/** The reports of spec §2, in its order. */
export const REPORT_NAMES = [
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

/**
 * A report's menu page opens `GET /reports/<name>` and its export; the page is available once the
 * report is declared (`packages/contracts/src/reports/`), which is what `DECLARED_REPORTS` lists.
 */
export const reportsPermissions = REPORT_NAMES.map((name, i) =>
  page('reports', 100 + i, name, {
    icon: 'bar-chart',
    available: DECLARED_REPORTS.has(name),
    api: [`GET /reports/${name}`, `GET /reports/${name}/export`],
  }),
);

/**
 * The ledger's trial balance (Harbour's own, after the spec's reports): the page reads the chart
 * and the trial balance; the journal list with its lines is a key of its own.
 */
export const ledgerPermissions = [
  page('reports', 100 + REPORT_NAMES.length, 'trialBalance', { icon: 'calculator', available: true, api: ['GET /ledger/accounts', 'GET /ledger/trialBalance', 'GET /ledger/trialBalance/export'] }),
  action('reports', 100 + REPORT_NAMES.length, 'reports.trialBalance.entries', ['GET /ledger/entries']),
];
