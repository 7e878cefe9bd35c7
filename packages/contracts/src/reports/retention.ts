import { defineReport } from './define.js';

/**
 * The retention job's dry run (docs/operations.md → Retention and anonymisation): the customers
 * whose personal data the daily job will anonymise by `dateTo` (a month ahead unless told) — those
 * already due and those falling due — with the date their last loan closed and the date they fall
 * due under the `retentionYears` setting. Nothing is changed by reading it.
 */
const retentionDue = defineReport({
  name: 'retentionDue',
  menuOrder: 27,
  permission: 'reports.retentionDue',
  params: [{ name: 'dateTo', kind: 'date', default: 'monthAhead' }],
  columns: [
    { key: 'dueOn', kind: 'date' },
    { key: 'customerCode', kind: 'code' },
    { key: 'customerName', kind: 'text' },
    { key: 'idNumber', kind: 'masked' },
    { key: 'lastClosedOn', kind: 'date' },
    { key: 'loans', kind: 'integer', width: 'narrow' },
  ],
  rowKey: 'customerCode',
  defaultSort: { key: 'dueOn', order: 'asc' },
  print: { orientation: 'portrait' },
});

export const retentionReports = [retentionDue];
