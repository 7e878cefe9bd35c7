import { action, page } from './define.js';
import { REPORT_NAMES } from '../reports/index.js';

/**
 * A report's menu page opens `GET /reports/<name>` and its export: one page per report declaration
 * (`packages/contracts/src/reports/`), in the declarations' menu order.
 */
export const reportsPermissions = REPORT_NAMES.map((name, i) =>
  page('reports', 100 + i, name, {
    icon: 'bar-chart',
    available: true,
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
