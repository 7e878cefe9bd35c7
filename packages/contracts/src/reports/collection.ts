/** The collection reports' declarations (docs/reports.md says what each one means). */
import { defineReport, type ReportDecl } from './define.js';

/** A period, this month unless told, and a store. */
const monthPeriod: ReportDecl['params'] = [
  { name: 'dateFrom', kind: 'date', default: 'monthStart' },
  { name: 'dateTo', kind: 'date', default: 'monthEnd' },
  { name: 'store', kind: 'store' },
];

/** The write-off reports' rows are ledger entries: their date, loan, kind first; entry number and store last. */
const entryHead: ReportDecl['columns'] = [
  { key: 'onDate', kind: 'date' },
  { key: 'loanNo', kind: 'code' },
  { key: 'customerName', kind: 'text' },
  { key: 'entryKind', kind: 'text', width: 'narrow' },
];
const entryTail: ReportDecl['columns'] = [
  { key: 'entryNo', kind: 'integer', width: 'narrow' },
  { key: 'storeName', kind: 'text' },
];

/** The OCA loan reports: as of a date, by agent and store; a row is a loan with its agent. */
const asOfAgentStore: ReportDecl['params'] = [
  { name: 'asOf', kind: 'date', default: 'today' },
  { name: 'ocaAgent', kind: 'ocaAgent' },
  { name: 'store', kind: 'store' },
];
const ocaLoanHead: ReportDecl['columns'] = [
  { key: 'loanNo', kind: 'code' },
  { key: 'customerName', kind: 'text' },
  { key: 'agentName', kind: 'text', width: 'wide' },
  { key: 'transferDate', kind: 'date' },
];

/** Loans with an OCA agent on the as-of date, what went to the agent and what it has recovered. */
const currentlyOcaLoan = defineReport({
  name: 'currentlyOcaLoan',
  menuOrder: 14,
  permission: 'reports.currentlyOcaLoan',
  params: asOfAgentStore,
  columns: [
    ...ocaLoanHead,
    { key: 'daysAtAgent', kind: 'integer', width: 'narrow' },
    { key: 'chargePercent', kind: 'percent', width: 'narrow' },
    { key: 'transferredPrincipal', kind: 'money', total: true },
    { key: 'recovered', kind: 'money', total: true },
    { key: 'ocaCharges', kind: 'money', total: true },
    { key: 'outstandingPrincipal', kind: 'money', total: true },
    { key: 'lastRecoveryDate', kind: 'date' },
    { key: 'storeName', kind: 'text' },
  ],
  rowKey: 'loanNo',
  defaultSort: { key: 'transferDate', order: 'asc' },
  ledger: ['loansReceivable'],
  print: { orientation: 'landscape' },
});

/** Each recovery receipt's agent charge as of a date: paid to the agent (oldest first) or still owed. */
const ocaChargesPayable = defineReport({
  name: 'ocaChargesPayable',
  menuOrder: 15,
  permission: 'reports.ocaChargesPayable',
  params: [
    { name: 'dateFrom', kind: 'date' },
    { name: 'dateTo', kind: 'date', default: 'today' },
    { name: 'chargeStatus', kind: 'enum', options: ['unpaid', 'all'], default: 'unpaid' },
    { name: 'ocaAgent', kind: 'ocaAgent' },
    { name: 'store', kind: 'store' },
  ],
  columns: [
    { key: 'recoveredOn', kind: 'date' },
    { key: 'repayNo', kind: 'code' },
    { key: 'loanNo', kind: 'code' },
    { key: 'customerName', kind: 'text' },
    { key: 'agentName', kind: 'text', width: 'wide' },
    { key: 'recovered', kind: 'money', total: true },
    { key: 'charge', kind: 'money', total: true },
    { key: 'paid', kind: 'money', total: true },
    { key: 'unpaid', kind: 'money', total: true },
    { key: 'storeName', kind: 'text' },
  ],
  rowKey: 'repayNo',
  defaultSort: { key: 'recoveredOn', order: 'asc' },
  ledger: ['ocaPayable', 'ocaCharges'],
  print: { orientation: 'landscape' },
});

/** OCA loans the agent has recovered money on that are not settled: recovered against the balance at transfer. */
const nonSettledOcaRepayment = defineReport({
  name: 'nonSettledOcaRepayment',
  menuOrder: 16,
  permission: 'reports.nonSettledOcaRepayment',
  params: asOfAgentStore,
  columns: [
    ...ocaLoanHead,
    { key: 'transferredPrincipal', kind: 'money', total: true },
    { key: 'recovered', kind: 'money', total: true },
    { key: 'recoveredPercent', kind: 'percent', width: 'narrow' },
    { key: 'recoveries', kind: 'integer', total: true, width: 'narrow' },
    { key: 'lastRecoveryDate', kind: 'date' },
    { key: 'remainingPrincipal', kind: 'money', total: true },
    { key: 'storeName', kind: 'text' },
  ],
  rowKey: 'loanNo',
  defaultSort: { key: 'transferDate', order: 'asc' },
  ledger: ['loansReceivable'],
  print: { orientation: 'landscape' },
});

/** Write-offs and their cancellations dated in a period; the net is the period's bad-debt expense. */
const writeOff = defineReport({
  name: 'writeOff',
  menuOrder: 17,
  permission: 'reports.writeOff',
  params: monthPeriod,
  columns: [
    ...entryHead,
    { key: 'principal', kind: 'money', total: true },
    { key: 'interest', kind: 'money', total: true },
    { key: 'amount', kind: 'money', total: true },
    { key: 'cancelledOn', kind: 'date' },
    { key: 'reason', kind: 'text', width: 'wide' },
    { key: 'staffName', kind: 'text' },
    ...entryTail,
  ],
  rowKey: 'entryNo',
  defaultSort: { key: 'onDate', order: 'asc' },
  ledger: ['badDebtExpense'],
  print: { orientation: 'landscape' },
});

/** Money recovered on written-off loans in a period (and such recoveries deleted in it): bad debts recovered. */
const writeOffCollection = defineReport({
  name: 'writeOffCollection',
  menuOrder: 18,
  permission: 'reports.writeOffCollection',
  params: monthPeriod,
  columns: [
    ...entryHead,
    { key: 'amount', kind: 'money', total: true },
    { key: 'method', kind: 'enum', enumNs: 'paymentMethod' },
    { key: 'writeOffDate', kind: 'date' },
    { key: 'writtenOff', kind: 'money' },
    { key: 'staffName', kind: 'text' },
    { key: 'remarks', kind: 'text', width: 'wide' },
    ...entryTail,
  ],
  rowKey: 'entryNo',
  defaultSort: { key: 'onDate', order: 'asc' },
  ledger: ['badDebtRecovered'],
  print: { orientation: 'landscape' },
});

/** SMS reminders queued in a period (Hong Kong dates) with where each stands. */
const smsSentRecord = defineReport({
  name: 'smsSentRecord',
  menuOrder: 26,
  permission: 'reports.smsSentRecord',
  params: [
    { name: 'dateFrom', kind: 'date', default: 'monthStart' },
    { name: 'dateTo', kind: 'date', default: 'today' },
    { name: 'smsStatus', kind: 'enum', options: ['queued', 'sending', 'sent', 'failed'] },
    { name: 'smsKind', kind: 'enum', options: ['overdue', 'upcoming', 'almostComplete', 'complete'] },
    { name: 'store', kind: 'store' },
  ],
  columns: [
    { key: 'queuedAt', kind: 'datetime' },
    { key: 'sentAt', kind: 'datetime' },
    { key: 'loanNo', kind: 'code' },
    { key: 'customerName', kind: 'text' },
    { key: 'phone', kind: 'masked' },
    { key: 'kind', kind: 'enum', enumNs: 'smsKind' },
    { key: 'status', kind: 'enum', enumNs: 'smsStatus', width: 'narrow' },
    { key: 'segments', kind: 'integer', total: true, width: 'narrow' },
    { key: 'attempts', kind: 'integer', width: 'narrow' },
    { key: 'providerRef', kind: 'code' },
    { key: 'error', kind: 'text', width: 'wide' },
    { key: 'staffName', kind: 'text' },
    { key: 'messageId', kind: 'integer', width: 'narrow' },
  ],
  rowKey: 'messageId',
  defaultSort: { key: 'queuedAt', order: 'desc' },
  print: { orientation: 'landscape' },
});

/**
 * The collector's desk: each staff member's contacts logged in a period (their Hong Kong business
 * dates), by channel, with the promises to pay among them; cancelled entries left out. SMS the
 * daily schedule queued are the system's row.
 */
const collectorActivity = defineReport({
  name: 'collectorActivity',
  menuOrder: 28,
  permission: 'reports.collectorActivity',
  params: [
    { name: 'dateFrom', kind: 'date', default: 'monthStart' },
    { name: 'dateTo', kind: 'date', default: 'today' },
    { name: 'staff', kind: 'staff' },
    { name: 'store', kind: 'store' },
  ],
  columns: [
    { key: 'staffName', kind: 'text' },
    { key: 'username', kind: 'code' },
    { key: 'calls', kind: 'integer', total: true, width: 'narrow' },
    { key: 'sms', kind: 'integer', total: true, width: 'narrow' },
    { key: 'visits', kind: 'integer', total: true, width: 'narrow' },
    { key: 'letters', kind: 'integer', total: true, width: 'narrow' },
    { key: 'contacts', kind: 'integer', total: true, width: 'narrow' },
    { key: 'promises', kind: 'integer', total: true, width: 'narrow' },
    { key: 'promisedAmount', kind: 'money', total: true },
    { key: 'loans', kind: 'integer', width: 'narrow' },
  ],
  rowKey: 'username',
  defaultSort: { key: 'contacts', order: 'desc' },
  print: { orientation: 'landscape' },
});

/**
 * One row per standing promise to pay falling due in the period, with the judgement the domain's
 * `promiseOutcome` gave it (kept on the contact row, docs/collection.md): a kept / broken / open
 * count of 1 and its amount in that state's column, so the totals (and a collector's filter) give
 * the counts and amounts per state.
 */
const promiseOutcomes = defineReport({
  name: 'promiseOutcomes',
  menuOrder: 29,
  permission: 'reports.promiseOutcomes',
  params: [
    { name: 'dateFrom', kind: 'date', default: 'monthStart' },
    { name: 'dateTo', kind: 'date', default: 'monthEnd' },
    { name: 'staff', kind: 'staff' },
    { name: 'store', kind: 'store' },
  ],
  columns: [
    { key: 'staffName', kind: 'text' },
    { key: 'loanNo', kind: 'code' },
    { key: 'customerName', kind: 'text' },
    { key: 'madeOn', kind: 'date', optional: true },
    { key: 'promiseDate', kind: 'date' },
    { key: 'promiseAmount', kind: 'money', total: true },
    { key: 'state', kind: 'enum', enumNs: 'promiseState', width: 'narrow' },
    { key: 'decidedOn', kind: 'date' },
    { key: 'received', kind: 'money', total: true },
    { key: 'kept', kind: 'integer', total: true, width: 'narrow' },
    { key: 'keptAmount', kind: 'money', total: true, compact: true },
    { key: 'broken', kind: 'integer', total: true, width: 'narrow' },
    { key: 'brokenAmount', kind: 'money', total: true, compact: true },
    { key: 'open', kind: 'integer', total: true, width: 'narrow' },
    { key: 'openAmount', kind: 'money', total: true, compact: true },
    { key: 'contactId', kind: 'integer', optional: true, width: 'narrow' },
  ],
  rowKey: 'contactId',
  defaultSort: { key: 'staffName', order: 'asc' },
  print: { orientation: 'landscape' },
});

export const collectionReports = [currentlyOcaLoan, ocaChargesPayable, nonSettledOcaRepayment, writeOff, writeOffCollection, smsSentRecord, collectorActivity, promiseOutcomes];
