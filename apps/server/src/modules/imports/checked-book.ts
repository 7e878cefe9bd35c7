/**
 * A workbook's sheets checked row by row as they are read (docs/import.md → Memory): each row's
 * cells go through its sheet's contract check at once and only the checked values are kept, so a
 * book's 1.15 million rows of cells are never held together. What the plan needs of a refused row
 * (its loan number, customer code or agent name, for "not named again") is taken as it is checked.
 */
import {
  type ImportIntern,
  type ImportSheetKey,
  agentRowChecker,
  blacklistRowChecker,
  customerRowChecker,
  importTextOf,
  instalmentRowChecker,
  loanRowChecker,
  openingRowChecker,
  partakerRowChecker,
  receiptRowChecker,
  temporaryRowChecker,
} from '@harbour/contracts';

/** The sheets whose refused rows the plan looks up by row for their loan number (`loanNoOfRefused`). */
const BY_LOAN: ReadonlySet<ImportSheetKey> = new Set(['loans', 'openingPositions', 'receipts', 'instalments']);

export class CheckedBook {
  /** the rows read per sheet the workbook has (a sheet present with no data row: 0) */
  readonly read = new Map<ImportSheetKey, number>();
  /** repeated typed values (dates, amounts, choices) shared: one string each, not one a cell */
  private strings: Map<string, string> | null = new Map();
  readonly intern: ImportIntern = (text) => {
    const strings = this.strings;
    if (!strings) return text;
    const held = strings.get(text);
    if (held !== undefined) return held;
    strings.set(text, text);
    return text;
  };
  readonly customers = customerRowChecker();
  readonly agents = agentRowChecker();
  readonly loans = loanRowChecker(this.intern);
  readonly openings = openingRowChecker(this.intern);
  readonly receipts = receiptRowChecker(this.intern);
  readonly instalments = instalmentRowChecker(this.intern);
  readonly temporary = temporaryRowChecker(this.intern);
  readonly partakers = partakerRowChecker();
  readonly blacklist = blacklistRowChecker();
  /** the customer codes of customer rows the contract refused (as the cell gives them) */
  readonly refusedCustomerCodes = new Set<string>();
  /** the English names of agent rows the contract refused */
  readonly refusedAgentNames = new Set<string>();
  /** a refused row's loan number, by sheet and row (loans, opening positions, receipts, instalments) */
  private readonly refusedLoanNos = new Map<string, string>();
  /** every loans row's loan number → the customer code it names, refused or not (the partakers' check; the last row of a number wins) */
  loanBorrowers: Map<string, string> | null = new Map();

  /** `sheet` is in the workbook (counted even when it has no data row). */
  sheet(sheet: ImportSheetKey): void {
    if (!this.read.has(sheet)) this.read.set(sheet, 0);
  }

  /** One data row of `sheet`, checked at once; its cells are not kept. */
  add(sheet: ImportSheetKey, row: number, cells: Record<string, unknown>): void {
    this.read.set(sheet, (this.read.get(sheet) ?? 0) + 1);
    const checker = this.checkerOf(sheet);
    const before = checker.problems.length;
    checker.add(row, cells);
    if (sheet === 'loans' && this.loanBorrowers) {
      const loanNo = importTextOf(cells.loanNo);
      if (loanNo !== '') this.loanBorrowers.set(loanNo, importTextOf(cells.customerCode));
    }
    if (checker.problems.length === before) return;
    if (sheet === 'customers') this.refusedCustomerCodes.add(String(cells.customerCode ?? '').trim());
    else if (sheet === 'referralAgents') this.refusedAgentNames.add(importTextOf(cells.nameEn));
    else if (BY_LOAN.has(sheet)) this.refusedLoanNos.set(`${sheet}:${row}`, String(cells.loanNo ?? '').trim());
  }

  /** The loan number a refused row of `sheet` gives ('' when none). */
  loanNoOfRefused(sheet: ImportSheetKey, row: number): string {
    return this.refusedLoanNos.get(`${sheet}:${row}`) ?? '';
  }

  /** The file is read: no more values to share (the map of them goes; the values stay), nor rows to check for duplicates (the receipts' numbers go). */
  doneReading(): void {
    this.strings = null;
    this.receipts.done?.();
  }

  /** The rows of all sheets read. */
  get rowsRead(): number {
    let n = 0;
    for (const count of this.read.values()) n += count;
    return n;
  }

  private checkerOf(sheet: ImportSheetKey): { add(row: number, cells: Record<string, unknown>): void; problems: unknown[] } {
    switch (sheet) {
      case 'customers':
        return this.customers;
      case 'referralAgents':
        return this.agents;
      case 'loans':
        return this.loans;
      case 'openingPositions':
        return this.openings;
      case 'receipts':
        return this.receipts;
      case 'instalments':
        return this.instalments;
      case 'temporaryAmounts':
        return this.temporary;
      case 'partakers':
        return this.partakers;
      case 'blacklist':
        return this.blacklist;
    }
  }
}
