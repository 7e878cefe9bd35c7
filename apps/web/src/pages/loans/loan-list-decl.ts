import { CURRENT_STATUS_FILTER, LOAN_STATUSES } from '@harbour/domain';
import { loanResource, RELOAN_FILTERS, type ResourceDecl, type ResourceField } from '@harbour/contracts';
import { endpoints } from '../../api/endpoints.js';

/**
 * The loan list as the web shows it: the declaration's routes, keys and sortable columns, with
 * every filter of `loanFiltersSchema` and the columns of spec §2 Loan list in their order.
 * Sortable are only the columns the declaration sorts by (the server refuses others).
 */
const fields: ResourceField[] = [
  { name: 'q', kind: 'text', label: 'loans:fields.q', filter: 'text' },
  { name: 'applyNo', kind: 'text', label: 'loans:fields.applyNo', list: true, sortable: true },
  { name: 'loanNo', kind: 'text', label: 'loans:fields.loanNo', list: true, sortable: true },
  { name: 'reloanOfLoanNo', kind: 'text', label: 'loans:fields.reloanOfLoanNo', list: true },
  { name: 'customer', kind: 'text', label: 'loans:fields.customer', list: true },
  { name: 'loanType', kind: 'text', label: 'loans:fields.loanType', list: true, filter: 'text' },
  { name: 'loanAmount', kind: 'money', label: 'loans:fields.loanAmount', list: true, sortable: true },
  { name: 'totalTenor', kind: 'integer', label: 'loans:fields.totalTenor', list: true },
  { name: 'instalmentAmount', kind: 'money', label: 'loans:fields.instalmentAmount', list: true },
  { name: 'status', kind: 'enum', label: 'loans:fields.status', list: true, sortable: true, filter: 'enum', options: LOAN_STATUSES, enumName: 'loanStatus' },
  { name: 'currentStatus', kind: 'enum', label: 'loans:fields.currentStatus', filter: 'enum', options: CURRENT_STATUS_FILTER, enumName: 'loanStatus' },
  { name: 'applyDate', kind: 'date', label: 'loans:fields.applyDate', list: true, sortable: true, filter: 'dateRange' },
  { name: 'payoutDate', kind: 'date', label: 'loans:fields.payoutDate', sortable: true, filter: 'dateRange' },
  { name: 'storeId', kind: 'ref', label: 'loans:fields.store', list: true, filter: 'ref' },
  { name: 'staffId', kind: 'ref', label: 'loans:fields.staff', list: true, filter: 'ref', refPath: endpoints.staff.allAdmins.path },
  { name: 'reloan', kind: 'enum', label: 'loans:fields.reloan', filter: 'enum', options: RELOAN_FILTERS, enumName: 'reloanFilter' },
];

export const loanListDecl: ResourceDecl = { ...loanResource, fields };
