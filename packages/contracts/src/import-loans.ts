import { dec } from '@harbour/domain';
import { IMPORT_LOAN_STATUSES, IMPORT_COLUMNS, type ImportSheetKey } from './imports.js';
import { type ImportIntern, type ImportProblem, type ImportSheetChecker, type ImportSheetRows, MONEY, asIs, checkAll, importDateOf, importMoneyOf, importPercentOf, importTextOf } from './import-rows.js';

/**
 * The loans and opening-position sheets of an import workbook, cell by cell (docs/import.md): the
 * types of the template's read-me (money with at most 2 decimals, whole numbers, percentages,
 * choices from the contracts' lists, dates in every spelling `importDateOf` reads), required cells, and loan
 * numbers that appear twice. What needs Harbour's data or the domain's rules (the customer, the
 * store, the staff member, the rate of the loan's own cash flows, the schedule the opening
 * position is applied to) is checked by the server's dry run on the rows accepted here.
 */

const INTEGER = /^\d{1,4}$/;

/**
 * One row's cells as typed text (money without thousands separators, dates as YYYY-MM-DD), with its
 * cell problems. `intern`: applied to the typed values of every column but free text and
 * references (codes and numbers, mostly unique, are not worth sharing).
 */
export function typedImportRow(sheet: ImportSheetKey, row: number, cells: Record<string, unknown>, problems: ImportProblem[], intern: ImportIntern = asIs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of IMPORT_COLUMNS[sheet]) {
    const raw = cells[c.key];
    let text = importTextOf(raw);
    const bad = (message: string, params?: Record<string, string | number>) => problems.push({ sheet, row, column: c.key, message, ...(params ? { params } : {}) });
    if (text === '') {
      if (c.required) bad('validation.required');
      continue;
    }
    if (c.type === 'date') {
      const date = importDateOf(raw);
      if (date === null) bad('validation.date');
      text = date ?? '';
    } else if (c.type === 'money') {
      const money = importMoneyOf(raw);
      if (money === null) bad('validation.money');
      text = money ?? text;
    } else if (c.type === 'decimal') {
      const percent = importPercentOf(raw);
      if (percent === null) bad('validation.decimal');
      text = percent ?? text;
    } else if (c.type === 'integer') {
      if (!INTEGER.test(text)) bad('validation.integer');
    } else if (c.type === 'choice' && !c.choices!.includes(text)) bad('validation.choice');
    out[c.key] = c.type === 'text' || c.type === 'reference' ? text : intern(text);
  }
  return out;
}

/** A loan row the cells accept: the file's own figures, still to be checked against Harbour and the domain. */
export interface ImportLoanRow {
  row: number;
  fields: Record<string, string>;
}

/** The loans sheet's rows by loan number, and every cell problem (statuses not imported yet, loan numbers twice). */
export function loanRowChecker(intern: ImportIntern = asIs): ImportSheetChecker<Map<string, ImportLoanRow>> {
  const problems: ImportProblem[] = [];
  const valid = new Map<string, ImportLoanRow>();
  return {
    valid,
    problems,
    add(row, cells) {
      const before = problems.length;
      const fields = typedImportRow('loans', row, cells, problems, intern);
      const bad = (column: string, message: string, params?: Record<string, string | number>) => problems.push({ sheet: 'loans', row, column, message, ...(params ? { params } : {}) });
      if (fields.status && !(IMPORT_LOAN_STATUSES as readonly string[]).includes(fields.status) && !problems.slice(before).some((p) => p.column === 'status')) {
        bad('status', 'tools.import.problems.statusNotImported', { status: fields.status });
      }
      if (!fields.flatRate && !fields.effectiveRate && !problems.slice(before).some((p) => p.column === 'flatRate' || p.column === 'effectiveRate')) bad('flatRate', 'validation.rateRequired');
      if (fields.flatRate && fields.effectiveRate) bad('effectiveRate', 'validation.oneRateOnly');
      if (fields.repayCycle === 'every-n-days' && !fields.cycleDays) bad('cycleDays', 'validation.required');
      if (fields.payoutMethod === 'cheque' && !fields.chequeNo) bad('chequeNo', 'validation.required');
      if (fields.applicationDate && fields.loanDate && fields.loanDate < fields.applicationDate) bad('loanDate', 'tools.import.problems.loanBeforeApplication');
      // what a loan in collection needs: the agent and date of its transfer, or the date of its write-off
      const needs = fields.status === 'oca' ? ['ocaAgent', 'ocaDate'] : fields.status === 'bad' ? ['writeOffDate'] : [];
      for (const column of needs) if (!fields[column] && !problems.slice(before).some((p) => p.column === column)) bad(column, 'validation.required');
      for (const column of ['ocaDate', 'writeOffDate']) if (fields[column] && fields.loanDate && fields[column]! < fields.loanDate) bad(column, 'tools.import.problems.beforeLoanDate');
      if (fields.loanAmount && MONEY.test(fields.loanAmount) && dec(fields.loanAmount).lte(0)) bad('loanAmount', 'validation.positive');
      if (problems.length > before) return;
      const same = valid.get(fields.loanNo!);
      if (same) {
        bad('loanNo', 'tools.import.problems.duplicateInFile', { row: same.row });
        return;
      }
      valid.set(fields.loanNo!, { row, fields });
    },
  };
}

/** The whole sheet at once (`loanRowChecker` row by row). */
export const checkLoanRows = (input: ImportSheetRows): { valid: Map<string, ImportLoanRow>; problems: ImportProblem[] } => checkAll(loanRowChecker(), input);

/** An opening position: what the previous system says the loan was paid up to the cut-over date. */
export interface ImportOpeningRow {
  row: number;
  cutOverDate: string;
  principalPaid: string;
  interestPaid: string;
  overduePaid: string;
  outstandingPrincipal: string;
}

/** The opening-positions sheet's rows by loan number (one a loan), and every cell problem. */
export function openingRowChecker(intern: ImportIntern = asIs): ImportSheetChecker<Map<string, ImportOpeningRow>> {
  const problems: ImportProblem[] = [];
  const valid = new Map<string, ImportOpeningRow>();
  return {
    valid,
    problems,
    add(row, cells) {
      const before = problems.length;
      const f = typedImportRow('openingPositions', row, cells, problems, intern);
      if (problems.length > before) return;
      const same = valid.get(f.loanNo!);
      if (same) {
        problems.push({ sheet: 'openingPositions', row, column: 'loanNo', message: 'tools.import.problems.duplicateInFile', params: { row: same.row } });
        return;
      }
      valid.set(f.loanNo!, { row, cutOverDate: f.cutOverDate!, principalPaid: f.principalPaid!, interestPaid: f.interestPaid!, overduePaid: f.overduePaid!, outstandingPrincipal: f.outstandingPrincipal! });
    },
  };
}

/** The whole sheet at once (`openingRowChecker` row by row). */
export const checkOpeningRows = (input: ImportSheetRows): { valid: Map<string, ImportOpeningRow>; problems: ImportProblem[] } => checkAll(openingRowChecker(), input);

/** A receipt the previous system took: Harbour posts it again by its own allocation (docs/import.md). */
export interface ImportReceiptRow {
  row: number;
  receiptNo: string;
  receiptDate: string;
  amount: string;
  method: string;
}

/** The receipts sheet's rows by loan number (in the file's order), and every cell problem (receipt numbers twice, amounts not above zero). */
export function receiptRowChecker(intern: ImportIntern = asIs): ImportSheetChecker<Map<string, ImportReceiptRow[]>> {
  const problems: ImportProblem[] = [];
  const valid = new Map<string, ImportReceiptRow[]>();
  const numbers = new Map<string, number>();
  return {
    valid,
    problems,
    add(row, cells) {
      const before = problems.length;
      const f = typedImportRow('receipts', row, cells, problems, intern);
      if (f.amount && MONEY.test(f.amount) && dec(f.amount).lte(0)) problems.push({ sheet: 'receipts', row, column: 'amount', message: 'validation.positive' });
      if (f.receiptNo) {
        const same = numbers.get(f.receiptNo);
        if (same !== undefined) problems.push({ sheet: 'receipts', row, column: 'receiptNo', message: 'tools.import.problems.duplicateInFile', params: { row: same } });
        else numbers.set(f.receiptNo, row);
      }
      if (problems.length > before) return;
      const list = valid.get(f.loanNo!) ?? [];
      list.push({ row, receiptNo: f.receiptNo ?? '', receiptDate: f.receiptDate!, amount: f.amount!, method: f.method! });
      valid.set(f.loanNo!, list);
    },
    done() {
      numbers.clear();
    },
  };
}

/** The whole sheet at once (`receiptRowChecker` row by row). */
export const checkReceiptRows = (input: ImportSheetRows): { valid: Map<string, ImportReceiptRow[]>; problems: ImportProblem[] } => checkAll(receiptRowChecker(), input);

/** A temporary amount the previous system held for a loan: money received and not applied. */
export interface ImportTemporaryRow {
  row: number;
  customerCode: string;
  amount: string;
  receivedOn: string;
}

/** The temporary-amounts sheet's rows by loan number (in the file's order), and every cell problem. */
export function temporaryRowChecker(intern: ImportIntern = asIs): ImportSheetChecker<Map<string, ImportTemporaryRow[]>> {
  const problems: ImportProblem[] = [];
  const valid = new Map<string, ImportTemporaryRow[]>();
  return {
    valid,
    problems,
    add(row, cells) {
      const before = problems.length;
      const f = typedImportRow('temporaryAmounts', row, cells, problems, intern);
      if (f.amount && MONEY.test(f.amount) && dec(f.amount).lte(0)) problems.push({ sheet: 'temporaryAmounts', row, column: 'amount', message: 'validation.positive' });
      if (problems.length > before) return;
      const list = valid.get(f.loanNo!) ?? [];
      list.push({ row, customerCode: f.customerCode!, amount: f.amount!, receivedOn: f.receivedOn! });
      valid.set(f.loanNo!, list);
    },
  };
}

/** The whole sheet at once (`temporaryRowChecker` row by row). */
export const checkTemporaryRows = (input: ImportSheetRows): { valid: Map<string, ImportTemporaryRow[]>; problems: ImportProblem[] } => checkAll(temporaryRowChecker(), input);

/** An instalment of a loan's schedule as the previous system had it (the instalments sheet). */
export interface ImportInstalmentRow {
  row: number;
  tenor: number;
  dueDate: string;
  principal: string;
  interest: string;
}

/**
 * The instalments sheet's rows by loan number (in the file's order), and every cell problem. The
 * schedule as a whole (tenors, dates, sums, the cap) is the domain's `checkImportedSchedule`.
 */
export function instalmentRowChecker(intern: ImportIntern = asIs): ImportSheetChecker<Map<string, ImportInstalmentRow[]>> {
  const problems: ImportProblem[] = [];
  const valid = new Map<string, ImportInstalmentRow[]>();
  return {
    valid,
    problems,
    add(row, cells) {
      const before = problems.length;
      const f = typedImportRow('instalments', row, cells, problems, intern);
      if (problems.length > before) return;
      const list = valid.get(f.loanNo!) ?? [];
      list.push({ row, tenor: Number(f.tenor), dueDate: f.dueDate!, principal: f.principal!, interest: f.interest! });
      valid.set(f.loanNo!, list);
    },
  };
}

/** The whole sheet at once (`instalmentRowChecker` row by row). */
export const checkInstalmentRows = (input: ImportSheetRows): { valid: Map<string, ImportInstalmentRow[]>; problems: ImportProblem[] } => checkAll(instalmentRowChecker(), input);
