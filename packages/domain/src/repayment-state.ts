/**
 * The repayment state of a loan: its instalments with what has been paid, overdue interest charged
 * and paid, handling fees charged and paid, the temporary amount, and the last repayment date.
 * Allocation, overdue and settlement read a state and return a new one (never mutate).
 */
import { Decimal, type DecimalInput, ZERO, dec, percentToFraction, sum } from './decimal.js';
import { type Schedule, type ScheduleLine } from './schedule.js';

/** What a repayment state needs of a schedule: a computed one, or the instalments a server persisted. */
export type ScheduleBasis = Pick<Schedule, 'loanDate' | 'totalInterest'> & {
  lines: readonly Pick<ScheduleLine, 'tenor' | 'dueDate' | 'principal' | 'interest'>[];
};

export interface InstalmentState {
  tenor: number;
  dueDate: string;
  principal: Decimal;
  interest: Decimal;
  paidPrincipal: Decimal;
  paidInterest: Decimal;
  /** overdue interest accrued so far (paid or not) */
  overdueInterestCharged: Decimal;
  overdueInterestPaid: Decimal;
  /** overdue interest waived by the lender (no longer owed; never received) */
  overdueInterestWaived: Decimal;
  /** the date up to which overdue interest has been accrued (null: never) */
  overdueAccruedTo: string | null;
  /** handling fee / overdue penalty charged for this instalment being overdue */
  feeCharged: Decimal;
  feePaid: Decimal;
  /** handling fee waived by the lender (no longer owed; never received) */
  feeWaived: Decimal;
}

export interface RepaymentState {
  /** interest start date */
  loanDate: string;
  instalments: readonly InstalmentState[];
  lastRepaymentDate: string | null;
  /** received money held, not applied */
  tempAmount: Decimal;
  /** overdue interest rate a year, as a fraction */
  overdueRate: Decimal;
  /** overdue penalty (handling fee) per overdue instalment */
  overduePenalty: Decimal;
  /** a surplus may repay principal early (otherwise it is held as a temporary amount) */
  allowPartialPrincipal: boolean;
  /** the scheduled finance charge (for the rule-of-78 rebate) */
  totalInterest: Decimal;
}

export interface RepaymentStateOptions {
  /** overdue interest rate, percent a year */
  overdueRate?: DecimalInput | undefined;
  overduePenalty?: DecimalInput | undefined;
  allowPartialPrincipal?: boolean | undefined;
}

export function createRepaymentState(schedule: ScheduleBasis, options: RepaymentStateOptions = {}): RepaymentState {
  return {
    loanDate: schedule.loanDate,
    instalments: schedule.lines.map((l) => ({
      tenor: l.tenor,
      dueDate: l.dueDate,
      principal: l.principal,
      interest: l.interest,
      paidPrincipal: ZERO,
      paidInterest: ZERO,
      overdueInterestCharged: ZERO,
      overdueInterestPaid: ZERO,
      overdueInterestWaived: ZERO,
      overdueAccruedTo: null,
      feeCharged: ZERO,
      feePaid: ZERO,
      feeWaived: ZERO,
    })),
    lastRepaymentDate: null,
    tempAmount: ZERO,
    overdueRate: options.overdueRate !== undefined && options.overdueRate !== '' ? percentToFraction(options.overdueRate) : ZERO,
    overduePenalty: options.overduePenalty !== undefined && options.overduePenalty !== '' ? dec(options.overduePenalty) : ZERO,
    allowPartialPrincipal: options.allowPartialPrincipal ?? false,
    totalInterest: schedule.totalInterest,
  };
}

// These run for every instalment on every receipt (an import replays hundreds of thousands): a
// figure less nothing is the figure itself, and nothing less nothing is zero, without a new Decimal.
/** `a − b`, or `a` itself when `b` is zero */
const less = (a: Decimal, b: Decimal): Decimal => (b.isZero() ? a : a.minus(b));
export const unpaidPrincipal = (i: InstalmentState): Decimal => less(i.principal, i.paidPrincipal);
export const unpaidInterest = (i: InstalmentState): Decimal => less(i.interest, i.paidInterest);
/** the unpaid instalment amount (principal + interest) — the base of overdue interest */
export const unpaidInstalment = (i: InstalmentState): Decimal => unpaidPrincipal(i).plus(unpaidInterest(i));
/** overdue interest still owed: charged less paid less waived */
export const unpaidOverdueInterest = (i: InstalmentState): Decimal => less(less(i.overdueInterestCharged, i.overdueInterestPaid), i.overdueInterestWaived);
/** handling fee still owed: charged less paid less waived */
export const unpaidFee = (i: InstalmentState): Decimal => less(less(i.feeCharged, i.feePaid), i.feeWaived);
export const isInstalmentPaid = (i: InstalmentState): boolean => unpaidInstalment(i).lte(0);

export function totalUnpaidPrincipal(state: RepaymentState): Decimal {
  return sum(state.instalments.map(unpaidPrincipal));
}

/** Σ unpaid principal + interest of all instalments. */
export function remainingScheduled(state: RepaymentState): Decimal {
  return sum(state.instalments.map(unpaidInstalment));
}

/** What a receipt leaves the borrower owing (printed on the receipt under what it paid). */
export interface BalanceAfter {
  /** principal + interest of the schedule not yet paid */
  outstanding: Decimal;
  /** of which principal */
  outstandingPrincipal: Decimal;
  /** the first instalment not wholly paid: its tenor, due date and what is left of it; none once all are paid */
  nextDue: { tenor: number; dueDate: string; amount: Decimal } | null;
}

/** The balance a state leaves: what is unpaid of the schedule and the next instalment due. */
export function balanceAfter(state: RepaymentState): BalanceAfter {
  const next = state.instalments.find((i) => !isInstalmentPaid(i));
  return {
    outstanding: remainingScheduled(state),
    outstandingPrincipal: totalUnpaidPrincipal(state),
    nextDue: next ? { tenor: next.tenor, dueDate: next.dueDate, amount: unpaidInstalment(next) } : null,
  };
}
