/**
 * A payout's real cash flows (Money Lenders Ordinance s.24: the cap holds at every step that changes
 * what the borrower receives or pays) and the re-basing of a payout made after the agreed date.
 *
 * The approval fixes the terms on an agreed loan date. When the money leaves later:
 *  - `rebase` (the company setting's default): the schedule is re-based on the payout date. Interest
 *    starts the day the money is lent, the first due date and every later one move with it (a custom
 *    first due date keeps its distance from the interest start), so no instalment is ever due or
 *    overdue on the day the money is lent and no interest runs on money not yet lent;
 *  - `refuse`: the same, up to `refuseAfterDays` days after the agreed date; later the payout is
 *    refused until the loan is approved again on a new agreed date.
 * The late drawdown fee of the approval is kept back whenever the money leaves after the agreed
 * date: it is what a late payout adds to the borrower's rate.
 *
 * The rate is the Ordinance rate of the REAL flows (`mloEffectiveRate`): the borrower receives the
 * loan amount less up-front interest, the handling fee and (late) the late drawdown fee on the payout
 * date — not less a reloan's settlement of the old loan, which repays the borrower's own debt — and
 * pays the re-based instalments on their due dates. The schedule itself is built with the on-time
 * deductions (the approved terms): a late drawdown fee is a charge on top, never a reason to change
 * the instalments the borrower agreed to.
 */
import { type DecimalInput, type Decimal, ZERO, dec } from './decimal.js';
import { addDays, daysBetween } from './dates.js';
import { type CalculatorRequest, type CalculatorResult, calculate } from './calculator.js';
import { type LoanCashFlows, type MloStatus, mloEffectiveRate, mloStatus } from './mlo.js';
import { type PayoutFigures, payoutFigures } from './payout.js';
import type { SettingsInput } from './settings.js';

export const LATE_PAYOUT_POLICIES = ['rebase', 'refuse'] as const;
export type LatePayoutPolicy = (typeof LATE_PAYOUT_POLICIES)[number];

/** The company's rule for a payout after the agreed loan date. */
export interface LatePayoutRule {
  policy: LatePayoutPolicy;
  /** `refuse`: the most days after the agreed date a payout may still be made (re-based) */
  refuseAfterDays: number;
}

/** The dates of the approved terms. */
export interface AgreedDates {
  /** the agreed loan (drawdown) date */
  agreedDate: string;
  /** the day interest starts (on or after the agreed date) */
  interestStartDate: string;
  /** a custom first due date, or null when the cycle derives it from the interest start */
  firstDueDate?: string | null | undefined;
}

export interface RebasedDates {
  /** days the payout is after the agreed date (0 when on time or early) */
  lateDays: number;
  /** days the schedule moves: the payout's delay past the interest start (0: not re-based) */
  shiftDays: number;
  interestStartDate: string;
  firstDueDate: string | null;
}

/**
 * The schedule's dates for a payout on `payoutDate`: interest starts no earlier than the day the
 * money is lent; a custom first due date moves by the same number of days.
 */
export function rebasedDates(agreed: AgreedDates, payoutDate: string): RebasedDates {
  const lateDays = Math.max(0, daysBetween(agreed.agreedDate, payoutDate));
  const shiftDays = Math.max(0, daysBetween(agreed.interestStartDate, payoutDate));
  return {
    lateDays,
    shiftDays,
    interestStartDate: addDays(agreed.interestStartDate, shiftDays),
    firstDueDate: agreed.firstDueDate ? addDays(agreed.firstDueDate, shiftDays) : null,
  };
}

/** What the approval keeps back at payout. */
export interface ApprovalDeductions {
  upfrontInterest?: DecimalInput | null | undefined;
  handlingFee?: DecimalInput | null | undefined;
  /** kept back only when the money leaves after the agreed date */
  lateDrawdownFee?: DecimalInput | null | undefined;
}

export interface PayoutCashFlowsInput {
  /** the approved terms as the calculator takes them (`loanDate` = interest start; `amountDeducted` is ignored) */
  terms: CalculatorRequest;
  /** the agreed loan (drawdown) date */
  agreedDate: string;
  deductions: ApprovalDeductions;
  payoutDate: string;
  rule: LatePayoutRule;
  settings?: SettingsInput | undefined;
  holidays?: Iterable<string> | undefined;
  /** a reloan: the old loan's settlement paid out of this loan (shown, never counted as kept back) */
  settlesOldLoan?: DecimalInput | null | undefined;
}

/** The payout is refused: it is later after the agreed date than the company allows. */
export interface LatePayoutRefused {
  accepted: false;
  reason: 'late';
  lateDays: number;
  refuseAfterDays: number;
}

export interface PayoutCashFlows {
  dates: RebasedDates;
  /** the terms the schedule is built from (re-based when the payout is after the interest start) */
  terms: CalculatorRequest;
  /** the persisted schedule: the approved terms on the re-based dates */
  schedule: CalculatorResult;
  figures: PayoutFigures;
  /** the borrower's real cash flows */
  flows: LoanCashFlows;
  /** the Ordinance rate a year of `flows` (a fraction; Infinity when unbounded) */
  rate: Decimal;
  status: MloStatus;
}

/** Accepted (the cap holds), or refused above the Ordinance's 48% cap. */
export type PayoutDecision = ({ accepted: true } & PayoutCashFlows) | ({ accepted: false; reason: 'rate' } & PayoutCashFlows) | LatePayoutRefused;

const money = (v: DecimalInput | null | undefined) => (v === null || v === undefined || v === '' ? ZERO : dec(v));

/** The on-time deductions the approved schedule is built with: up-front interest and handling fee. */
export function onTimeDeducted(d: ApprovalDeductions): string {
  return money(d.upfrontInterest).plus(money(d.handlingFee)).toFixed(2);
}

/** The real cash flows of a payout on `input.payoutDate` (whatever the company's late-payout policy). */
export function payoutCashFlows(input: PayoutCashFlowsInput): PayoutCashFlows {
  const dates = rebasedDates({ agreedDate: input.agreedDate, interestStartDate: input.terms.loanDate, firstDueDate: input.terms.firstDueDate }, input.payoutDate);
  const terms: CalculatorRequest = {
    ...input.terms,
    loanDate: dates.interestStartDate,
    firstDueDate: dates.firstDueDate ?? undefined,
    amountDeducted: onTimeDeducted(input.deductions),
  };
  const schedule = calculate(terms, input.settings, input.holidays);
  const figures = payoutFigures({
    loanAmount: input.terms.loanAmount,
    upfrontInterest: input.deductions.upfrontInterest,
    handlingFee: input.deductions.handlingFee,
    lateDrawdownFee: input.deductions.lateDrawdownFee,
    agreedDate: input.agreedDate,
    payoutDate: input.payoutDate,
    settlesOldLoan: input.settlesOldLoan,
  });
  const flows: LoanCashFlows = {
    lentOn: input.payoutDate,
    // a reloan's old-loan settlement repays the borrower's own debt: received, not kept back
    received: dec(figures.loanAmount).minus(dec(figures.totalDeducted)),
    payments: schedule.schedule.map((l) => ({ date: l.dueDate, amount: l.instalment })),
  };
  const rate = mloEffectiveRate(flows);
  return { dates, terms, schedule, figures, flows, rate, status: mloStatus(rate) };
}

/** Whether the rule lets a payout `lateDays` after the agreed date go ahead. */
export function latePayoutAllowed(rule: LatePayoutRule, lateDays: number): boolean {
  return rule.policy === 'rebase' || lateDays <= rule.refuseAfterDays;
}

/**
 * The payout's decision: refused when later than the rule allows, else the real cash flows and
 * whether the Ordinance's cap holds on them (the company's maximum APR is the caller's to apply).
 */
export function payoutDecision(input: PayoutCashFlowsInput): PayoutDecision {
  const lateDays = Math.max(0, daysBetween(input.agreedDate, input.payoutDate));
  if (!latePayoutAllowed(input.rule, lateDays)) return { accepted: false, reason: 'late', lateDays, refuseAfterDays: input.rule.refuseAfterDays };
  const flows = payoutCashFlows(input);
  return flows.status === 'illegal' ? { accepted: false, reason: 'rate', ...flows } : { accepted: true, ...flows };
}

export interface ApprovalWorstCase {
  /** paid out on the agreed date: the rate the loan stores at approval */
  onTime: PayoutCashFlows;
  /** paid out the first day after the agreed date, the late drawdown fee kept back; null when the
   * approval sets no such fee or the rule allows no late payout */
  late: PayoutCashFlows | null;
  /** the highest: the two above, or without a late drawdown fee a payout on the last day before
   * the interest start the rule allows (the schedule stays where it is) */
  worst: PayoutCashFlows;
}

/**
 * The worst the approval allows (before the lock-period fee, which the settlement checks add): the
 * on-time payout, and a late one that keeps back the late drawdown fee on the schedule re-based on
 * the payout date. Up to the interest start a later payout leaves the schedule where it is and only
 * shortens the time the borrower has the money, so the rate rises with the delay; from the interest
 * start on the schedule moves with the payout, so the delay adds nothing but the fee. The late case
 * is therefore the payout on the interest start (at least one day late; no later than the `refuse`
 * rule allows). The calendar can move a re-based schedule's rate by a few hundredths of a point
 * (months of different lengths); the payout's own check of its real figures catches that.
 */
export function approvalWorstCase(input: Omit<PayoutCashFlowsInput, 'payoutDate' | 'settlesOldLoan'>): ApprovalWorstCase {
  const onTime = payoutCashFlows({ ...input, payoutDate: input.agreedDate });
  const fee = money(input.deductions.lateDrawdownFee);
  let lateDays = Math.max(1, daysBetween(input.agreedDate, input.terms.loanDate));
  if (input.rule.policy === 'refuse') lateDays = Math.min(lateDays, input.rule.refuseAfterDays);
  const late = fee.gt(0) && lateDays >= 1 ? payoutCashFlows({ ...input, payoutDate: addDays(input.agreedDate, lateDays) }) : null;
  // Without a late drawdown fee a payout after the agreed date but before the interest start still
  // raises the rate (the schedule stays, the borrower has the money for fewer days): its last such
  // day the rule allows is a worst case too, though no fee is kept back.
  let toStart = daysBetween(input.agreedDate, input.terms.loanDate);
  if (input.rule.policy === 'refuse') toStart = Math.min(toStart, input.rule.refuseAfterDays);
  const unpaidFee = !late && toStart >= 1 ? payoutCashFlows({ ...input, payoutDate: addDays(input.agreedDate, toStart) }) : null;
  const worst = [late, unpaidFee].reduce<PayoutCashFlows>((w, c) => (c && c.rate.gt(w.rate) ? c : w), onTime);
  return { onTime, late, worst };
}
