/**
 * A loan's schedule brought in as the previous system had it (the import's instalments sheet,
 * docs/import.md): checked as a whole and, when sound, taken instead of the one the domain builds
 * from the loan's terms. The cap is checked on the loan's own cash flows — the amount paid out on
 * the loan date and each instalment on its due date — by the one Ordinance function
 * (`mloEffectiveRate`, `mloStatus`) the calculator, approval and payout use.
 */
import { type Decimal, dec, sum } from './decimal.js';
import { type MloStatus, formatRate, mloEffectiveRate, mloStatus } from './mlo.js';
import { formatMoney } from './rounding.js';
import type { CalculatorLine } from './calculator.js';

/** One instalment row of the file (in the file's order). */
export interface ImportedInstalment {
  /** the file row it came from: problems name it */
  row: number;
  tenor: number;
  dueDate: string;
  principal: string;
  interest: string;
}

/** The loan the rows belong to, as its own row gives it. */
export interface ImportedScheduleLoan {
  loanDate: string;
  loanAmount: string;
  /** kept back at payout (up-front interest, fees): the borrower receives the amount less this */
  amountDeducted?: string | undefined;
  totalTenor: number;
}

export type ImportedScheduleProblemCode =
  | 'AMOUNT_INVALID'
  | 'TENOR_OUT_OF_RANGE'
  | 'TENOR_TWICE'
  | 'TENOR_MISSING'
  | 'DUE_NOT_AFTER_LOAN_DATE'
  | 'DUE_NOT_AFTER_PREVIOUS'
  | 'PRINCIPAL_SUM'
  | 'ILLEGAL_RATE';

export interface ImportedScheduleProblem {
  row: number;
  column: 'tenor' | 'dueDate' | 'principal' | 'interest';
  code: ImportedScheduleProblemCode;
  params?: Record<string, string | number>;
}

/** A schedule line as the calculator answers it (money with 2 places). */
export type ImportedScheduleLine = CalculatorLine;

export interface ImportedScheduleCheck {
  problems: ImportedScheduleProblem[];
  /** the schedule in tenor order, balance the principal left after each; null when a problem was found */
  schedule: ImportedScheduleLine[] | null;
  /** the Ordinance's rate (a fraction a year) of the loan's own cash flows; null when the dates or tenors do not allow it */
  mloRate: Decimal | null;
  mloStatus: MloStatus | null;
  /** the instalment most lines have (the first of those in tenor order on a tie), the schedule's totals */
  instalmentAmount: string | null;
  totalInterest: string | null;
  totalRepayment: string | null;
}

const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
const money = (d: Decimal | string) => formatMoney(d);

/**
 * Checks an imported schedule: tenors 1..totalTenor each once (a duplicate named on its row, a
 * missing tenor on the loan's first row), due dates after the loan date and strictly increasing in
 * tenor order, principal and interest ≥ 0 with at most 2 decimals, principal summing to the loan
 * amount to the cent, and the Ordinance's cap on the loan's own cash flows.
 */
export function checkImportedSchedule(loan: ImportedScheduleLoan, rows: readonly ImportedInstalment[]): ImportedScheduleCheck {
  const problems: ImportedScheduleProblem[] = [];
  const none: ImportedScheduleCheck = { problems, schedule: null, mloRate: null, mloStatus: null, instalmentAmount: null, totalInterest: null, totalRepayment: null };
  if (rows.length === 0) return none;
  const first = rows[0]!;
  let amountsOk = true;
  for (const r of rows) {
    for (const column of ['principal', 'interest'] as const) {
      if (!MONEY.test(r[column])) {
        problems.push({ row: r.row, column, code: 'AMOUNT_INVALID' });
        amountsOk = false;
      }
    }
  }
  // tenors: within 1..totalTenor, each once
  const byTenor = new Map<number, ImportedInstalment>();
  for (const r of rows) {
    if (!Number.isInteger(r.tenor) || r.tenor < 1 || r.tenor > loan.totalTenor) {
      problems.push({ row: r.row, column: 'tenor', code: 'TENOR_OUT_OF_RANGE', params: { totalTenor: loan.totalTenor } });
      continue;
    }
    const same = byTenor.get(r.tenor);
    if (same) problems.push({ row: r.row, column: 'tenor', code: 'TENOR_TWICE', params: { row: same.row } });
    else byTenor.set(r.tenor, r);
  }
  let tenorsOk = byTenor.size === rows.length;
  for (let tenor = 1; tenor <= loan.totalTenor; tenor++) {
    if (!byTenor.has(tenor)) {
      problems.push({ row: first.row, column: 'tenor', code: 'TENOR_MISSING', params: { tenor } });
      tenorsOk = false;
    }
  }
  // due dates: after the loan date, strictly increasing in tenor order
  let datesOk = true;
  for (const r of rows) {
    if (r.dueDate <= loan.loanDate) {
      problems.push({ row: r.row, column: 'dueDate', code: 'DUE_NOT_AFTER_LOAN_DATE' });
      datesOk = false;
    }
  }
  const ordered = [...byTenor.values()].sort((a, b) => a.tenor - b.tenor);
  for (let n = 1; n < ordered.length; n++) {
    const previous = ordered[n - 1]!;
    const r = ordered[n]!;
    if (r.dueDate <= previous.dueDate) {
      problems.push({ row: r.row, column: 'dueDate', code: 'DUE_NOT_AFTER_PREVIOUS', params: { tenor: previous.tenor, dueDate: previous.dueDate } });
      datesOk = false;
    }
  }
  if (!amountsOk) return none;
  // the principal repays the loan amount to the cent
  const principalSum = sum(rows.map((r) => dec(r.principal)));
  if (!principalSum.eq(dec(loan.loanAmount))) {
    problems.push({ row: first.row, column: 'principal', code: 'PRINCIPAL_SUM', params: { sum: money(principalSum), loanAmount: money(dec(loan.loanAmount)) } });
  }
  if (!tenorsOk || !datesOk) return none;
  // the cap on the loan's own cash flows: paid out on the loan date, each instalment on its due date
  const rate = mloEffectiveRate({
    lentOn: loan.loanDate,
    received: dec(loan.loanAmount).minus(dec(loan.amountDeducted || '0')),
    payments: ordered.map((r) => ({ date: r.dueDate, amount: dec(r.principal).plus(dec(r.interest)) })),
  });
  const status = mloStatus(rate);
  if (status === 'illegal') problems.push({ row: first.row, column: 'interest', code: 'ILLEGAL_RATE', params: { rate: formatRate(rate) } });
  if (problems.length > 0) return { ...none, mloRate: rate, mloStatus: status };
  let balance = dec(loan.loanAmount);
  const schedule = ordered.map((r) => {
    balance = balance.minus(dec(r.principal));
    return { tenor: r.tenor, dueDate: r.dueDate, principal: money(r.principal), interest: money(r.interest), instalment: money(dec(r.principal).plus(dec(r.interest))), balance: money(balance) };
  });
  const seen = new Map<string, number>();
  for (const l of schedule) seen.set(l.instalment, (seen.get(l.instalment) ?? 0) + 1);
  const most = Math.max(...seen.values());
  const totalInterest = sum(schedule.map((l) => dec(l.interest)));
  return {
    problems,
    schedule,
    mloRate: rate,
    mloStatus: status,
    instalmentAmount: schedule.find((l) => seen.get(l.instalment) === most)!.instalment,
    totalInterest: money(totalInterest),
    totalRepayment: money(principalSum.plus(totalInterest)),
  };
}
