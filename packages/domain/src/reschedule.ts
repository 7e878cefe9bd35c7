/**
 * Rescheduling after a partial principal repayment (issue 11 item 4).
 *
 * A principal receipt (`allocateReceipt` mode 'principal') lowers the outstanding principal; the
 * instalments not yet paid are then built again by `buildSchedule` — the loan's own interest
 * method, rate, cycle, rule of 78 and rounding — on the new outstanding principal, from the last
 * due date before them (or the interest start) to their due dates:
 *  'lower-instalment' the same number of instalments, a lower instalment;
 *  'shorter-tenor'    the fewest instalments whose regular instalment is not above the current one
 *                     (at most as many as remained). Interest-first loans pay their principal with
 *                     the last instalment, so for them the tenor is always kept (lower interest).
 * The due dates of the instalments kept are the ones already scheduled (never moved). Σ principal
 * of the new lines = the outstanding principal exactly; a maximum interest keeps applying to what
 * is left of it; the Money Lenders Ordinance rate of the new lines never exceeds 48% a year.
 *
 * The state after the receipt is given on the new basis: the kept instalments as they were, the
 * first rescheduled instalment carrying — as paid — the principal repaid early on the remaining
 * instalments (so Σ principal of all rows stays the loan amount and the receipt's principal is
 * one line on that instalment), the later ones new and unpaid.
 */
import { Decimal, ZERO, dec, maxDec, sum } from './decimal.js';
import { DomainError } from './errors.js';
import { mloEffectiveRate, mloStatus } from './mlo.js';
import { type InstalmentState, type RepaymentState, totalUnpaidPrincipal, unpaidInstalment } from './repayment-state.js';
import { type Schedule, buildSchedule, scheduleAnchorDay } from './schedule.js';
import { type SettingsInput } from './settings.js';
import { type LoanTerms } from './terms.js';

export const RESCHEDULE_RULES = ['shorter-tenor', 'lower-instalment'] as const;
export type RescheduleRule = (typeof RESCHEDULE_RULES)[number];

export interface RescheduledLine {
  tenor: number;
  dueDate: string;
  principal: Decimal;
  interest: Decimal;
  instalment: Decimal;
  /** principal outstanding after this instalment */
  balance: Decimal;
}

export interface Rescheduled {
  /** the rule applied (interest-first loans always keep the tenor) */
  rule: RescheduleRule;
  /** the first rescheduled tenor */
  fromTenor: number;
  /** the loan's total tenor after rescheduling */
  totalTenor: number;
  /** instalments left before and after */
  remainingBefore: number;
  remainingAfter: number;
  /** the regular instalment before and after */
  instalmentBefore: Decimal;
  instalmentAfter: Decimal;
  /** the outstanding principal the new lines repay */
  outstandingPrincipal: Decimal;
  /** scheduled interest of the remaining instalments before and after (the difference is no longer due) */
  interestBefore: Decimal;
  interestAfter: Decimal;
  droppedInterest: Decimal;
  /** the new remaining lines (Σ principal = outstandingPrincipal) */
  lines: RescheduledLine[];
  /** every instalment row of the new schedule basis: kept ones, then the rescheduled ones */
  rows: { tenor: number; dueDate: string; principal: Decimal; interest: Decimal }[];
  /** the state after the receipt on the new basis */
  state: RepaymentState;
  /** MLO rate a year (fraction) of the outstanding principal against the new lines */
  mloRate: Decimal;
}

export interface RescheduleInput {
  /** the loan's terms (rate, method, cycle, rule of 78, maximum interest) */
  terms: LoanTerms;
  /** the repayment state before the principal receipt */
  before: RepaymentState;
  /** the state `allocateReceipt` returned for the principal receipt */
  after: RepaymentState;
  rule: RescheduleRule;
  settings?: SettingsInput | undefined;
  holidays?: Iterable<string> | undefined;
}

/** The regular instalment of the remaining rows: the last one before the final (or the only one). */
function regularInstalment(remaining: readonly InstalmentState[]): Decimal {
  const pick = remaining.length > 1 ? remaining[remaining.length - 2]! : remaining[0]!;
  return unpaidInstalment(pick);
}

export function rescheduleAfterPrincipal(input: RescheduleInput): Rescheduled {
  const { terms, before, after } = input;
  const holidays = [...(input.holidays ?? [])];
  const firstOpen = before.instalments.findIndex((i) => unpaidInstalment(i).gt(0));
  if (firstOpen < 0) throw new DomainError('ALREADY_AT_MAXIMUM_TENOR', { totalTenor: before.instalments.length });
  const kept = before.instalments.slice(0, firstOpen);
  const remaining = before.instalments.slice(firstOpen);
  const fromTenor = remaining[0]!.tenor;
  const outstanding = totalUnpaidPrincipal(after);
  if (!outstanding.gt(0)) throw new DomainError('USE_EARLY_SETTLEMENT', { unpaidPrincipal: '0' });
  const rule: RescheduleRule = terms.interestMethod === 'interest-first' ? 'lower-instalment' : input.rule;
  const startDate = firstOpen === 0 ? before.loanDate : kept[kept.length - 1]!.dueDate;
  // what is left of a maximum interest after the kept instalments' interest
  const keptInterest = sum(kept.map((i) => i.interest));
  const cap =
    terms.maxInterest !== undefined && terms.maxInterest !== '' ? maxDec(dec(terms.maxInterest).minus(keptInterest), ZERO).toFixed() : undefined;
  const build = (n: number): Schedule =>
    buildSchedule(
      {
        loanAmount: outstanding,
        loanDate: startDate,
        firstDueDate: remaining[0]!.dueDate,
        // the loan's own cycle day, so interest runs to the dates already scheduled
        anchorDay: scheduleAnchorDay(terms),
        totalTenor: n,
        repayCycle: terms.repayCycle,
        interestMethod: terms.interestMethod,
        flatRate: terms.flatRate,
        effectiveRate: terms.effectiveRate,
        nominalRate: terms.nominalRate,
        ruleOf78: terms.ruleOf78,
        // only the first instalment of the loan keeps an extended first period (on the new principal)
        extendedDays: firstOpen === 0 ? terms.extendedDays : 0,
        maxInterest: cap,
      },
      input.settings ?? {},
      holidays,
    );
  const current = regularInstalment(remaining);
  let schedule: Schedule;
  if (rule === 'lower-instalment') {
    schedule = build(remaining.length);
  } else {
    // the regular instalment falls as the tenor grows: the fewest instalments not above the current
    let lo = 1;
    let hi = remaining.length;
    let best = build(hi);
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const s = build(mid);
      if (s.instalmentAmount.lte(current)) {
        best = s;
        hi = mid;
      } else lo = mid + 1;
    }
    schedule = best.tenor === lo ? best : build(lo);
  }
  const mloRate = mloEffectiveRate(schedule);
  if (mloStatus(mloRate) === 'illegal') throw new DomainError('RESCHEDULE_ABOVE_MLO_RATE', { rate: mloRate.times(100).toFixed(2) });

  const lines: RescheduledLine[] = schedule.lines.map((l, k) => ({
    tenor: fromTenor + k,
    // the dates already scheduled stay as they were
    dueDate: remaining[k]!.dueDate,
    principal: l.principal,
    interest: l.interest,
    instalment: l.instalment,
    balance: l.balance,
  }));
  // principal repaid early on the remaining instalments (this receipt and any earlier one) is carried,
  // as paid, by the first rescheduled instalment
  const afterByTenor = new Map(after.instalments.map((i) => [i.tenor, i]));
  const repaidEarly = sum(remaining.map((i) => afterByTenor.get(i.tenor)!.paidPrincipal));
  const interestPaidEarly = sum(remaining.map((i) => afterByTenor.get(i.tenor)!.paidInterest));
  const first = afterByTenor.get(fromTenor)!;
  const rescheduled: InstalmentState[] = lines.map((l, k) => ({
    ...(k === 0 ? first : afterByTenor.get(l.tenor)!),
    tenor: l.tenor,
    dueDate: l.dueDate,
    principal: k === 0 ? l.principal.plus(repaidEarly) : l.principal,
    interest: k === 0 ? l.interest.plus(interestPaidEarly) : l.interest,
    paidPrincipal: k === 0 ? repaidEarly : ZERO,
    paidInterest: k === 0 ? interestPaidEarly : ZERO,
  }));
  const keptAfter = after.instalments.slice(0, firstOpen);
  const instalments = [...keptAfter, ...rescheduled];
  const interestBefore = sum(remaining.map((i) => i.interest.minus(i.paidInterest)));
  const interestAfter = sum(lines.map((l) => l.interest));
  return {
    rule,
    fromTenor,
    totalTenor: fromTenor + lines.length - 1,
    remainingBefore: remaining.length,
    remainingAfter: lines.length,
    instalmentBefore: current,
    instalmentAfter: schedule.instalmentAmount,
    outstandingPrincipal: outstanding,
    interestBefore,
    interestAfter,
    droppedInterest: interestBefore.minus(interestAfter),
    lines,
    rows: instalments.map((i) => ({ tenor: i.tenor, dueDate: i.dueDate, principal: i.principal, interest: i.interest })),
    state: {
      ...after,
      instalments,
      totalInterest: sum(instalments.map((i) => i.interest)),
    },
    mloRate,
  };
}
