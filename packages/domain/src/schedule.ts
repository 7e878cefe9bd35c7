/**
 * Repayment schedules (issue §4).
 *
 * Amortization, flat rate:  total interest TI = round(P·f·n); instalment D = round((P + TI)/n);
 *   each period's interest is split by the IRR i of (P against the instalments) —
 *   interest_t = round(balance·i) — or by the rule of 78; the last instalment absorbs rounding.
 * Effective (or nominal) rate, either method: the schedule that delivers the stated rate with
 *   time counted by the settings' day-count convention (declining-balance.ts); the last
 *   instalment completes the rate and is rounded down, so the real rate never exceeds it.
 * Interest first, flat rate: each period pays round(P·f); the principal is due with the last
 * instalment.
 * An extended first period adds extended interest to the first instalment (its days counted by
 * the convention); a maximum interest caps the total interest. Σ principal = P exactly, final
 * balance 0.
 */
import { Decimal, ZERO, dec, maxDec, minDec, percentToFraction, sum } from './decimal.js';
import { type WorkingCalendar, makeCalendar } from './calendar.js';
import { addDays, dayCountDays, daysBetween, daysInYear, parseDate } from './dates.js';
import { flatRateMonthsPerPeriod, periodsPerYear, type RepayCycle } from './cycles.js';
import { dueDates, regularFirstDueDate } from './due-dates.js';
import { type CashFlow, solveIrr, solveLevelIrr } from './irr.js';
import { type DecliningBalanceLines, type DecliningBalanceTerms, amortizingInstalments, amortizingLines, interestFirstLines } from './declining-balance.js';
import { type RoundingSettings, roundMoney } from './rounding.js';
import { ruleOf78Split } from './rule-of-78.js';
import { type EngineSettings, type SettingsInput, resolveSettings } from './settings.js';
import { type LoanTerms, assertValidTerms } from './terms.js';

export interface ScheduleLine {
  tenor: number;
  /** the date the instalment is due (moved off holidays when the settings say so) */
  dueDate: string;
  /** the contractual date on the cycle */
  scheduledDate: string;
  principal: Decimal;
  interest: Decimal;
  instalment: Decimal;
  /** principal outstanding after this instalment */
  balance: Decimal;
}

export type InterestSplit = 'irr' | 'rule-of-78' | 'day-count' | 'interest-first';

export interface Schedule {
  loanAmount: Decimal;
  amountDeducted: Decimal;
  loanDate: string;
  firstDueDate: string;
  cycle: RepayCycle;
  tenor: number;
  lines: ScheduleLine[];
  /** the regular instalment (interest-first: the regular interest payment) */
  instalmentAmount: Decimal;
  totalInterest: Decimal;
  totalRepayment: Decimal;
  extendedInterest: Decimal;
  extendedDays: number;
  /** first-period extension in periods (for the IRR timing of the cash flows) */
  extensionPeriods: Decimal;
  /** the contractual flat rate per period (fraction) when the terms give one */
  flatRatePerPeriod: Decimal | null;
  /** the periodic rate used to split interest (fraction) */
  splitRate: Decimal;
  split: InterestSplit;
  /** true when the maximum interest reduced the interest */
  capped: boolean;
}

interface Ctx {
  settings: EngineSettings;
  rounding: RoundingSettings;
  k: Decimal;
}

/** The contractual flat rate per period (fraction) when the terms give one, else null. */
function contractFlat(terms: LoanTerms): Decimal | null {
  if (terms.flatRate !== undefined && terms.flatRate !== '') {
    return percentToFraction(terms.flatRate).times(flatRateMonthsPerPeriod(terms.repayCycle));
  }
  return null;
}

/** IRR per period of P against the instalments (the rate that splits interest). */
function splitIrr(p: Decimal, instalments: readonly Decimal[]): Decimal {
  if (sum(instalments).eq(p)) return ZERO;
  const n = instalments.length;
  const first = instalments[0]!;
  // level instalments with a different last one: the closed-form solver
  if (instalments.slice(0, n - 1).every((x) => x.eq(first))) {
    return n === 1 ? instalments[0]!.div(p).minus(1) : solveLevelIrr(p, first, n - 1, instalments[n - 1]!, n);
  }
  const flows: CashFlow[] = [{ t: 0, amount: p.neg() }];
  instalments.forEach((amount, idx) => flows.push({ t: idx + 1, amount }));
  return solveIrr(flows);
}

/** Builds lines for a fixed-instalment amortization with a fixed total interest (flat or capped). */
function fixedTotalLines(
  p: Decimal,
  n: number,
  totalInterest: Decimal,
  ruleOf78: boolean,
  ctx: Ctx,
  /** instalments already fixed (summing to P + totalInterest); level ones are built otherwise */
  given?: readonly Decimal[],
): { instalment: Decimal; principals: Decimal[]; interests: Decimal[]; splitRate: Decimal; split: InterestSplit } {
  const exact = p.plus(totalInterest).div(n);
  let d = given ? given[n > 1 ? 1 : 0]! : roundMoney(exact, ctx.rounding);
  // rounding up n − 1 times must not overshoot the total: then round down (the last absorbs it)
  if (!given && d.times(n - 1).gt(p.plus(totalInterest))) d = roundMoney(exact, { ...ctx.rounding, rounding: 'down' });
  const last = p.plus(totalInterest).minus(d.times(n - 1));
  const instalments = given ? [...given] : Array.from({ length: n }, (_, t) => (t === n - 1 ? last : d));
  const principals: Decimal[] = [];
  const interests: Decimal[] = [];
  let balance = p;
  if (ruleOf78) {
    const parts = ruleOf78Split(totalInterest, n, ctx.rounding);
    // interest an instalment cannot carry (a 78ths part above the instalment) moves to the next one
    let carry = ZERO;
    for (let t = 0; t < n; t++) {
      const inst = instalments[t]!;
      let interest = t === n - 1 ? inst.minus(balance) : minDec(parts[t]!.plus(carry), inst);
      if (t < n - 1 && inst.minus(interest).gt(balance)) interest = inst.minus(balance);
      if (t < n - 1) carry = parts[t]!.plus(carry).minus(interest);
      interests.push(interest);
      principals.push(inst.minus(interest));
      balance = balance.minus(inst.minus(interest));
    }
    return { instalment: d, principals, interests, splitRate: ZERO, split: 'rule-of-78' };
  }
  const i = splitIrr(p, instalments);
  // interest_t = round(cumulative exact interest to t) − the rounded interest before it: each part
  // is within a cent of round(balance·i), never negative, and the parts sum to the total exactly
  let exactBalance = p;
  let exactCumulative = ZERO;
  let roundedBefore = ZERO;
  for (let t = 0; t < n; t++) {
    const inst = instalments[t]!;
    const exactInterest = exactBalance.times(i);
    exactCumulative = exactCumulative.plus(exactInterest);
    exactBalance = exactBalance.minus(inst.minus(exactInterest));
    let interest: Decimal;
    if (t === n - 1) interest = inst.minus(balance);
    else {
      const upTo = minDec(roundMoney(exactCumulative, ctx.rounding), totalInterest);
      interest = minDec(maxDec(upTo.minus(roundedBefore), ZERO), inst);
    }
    // the principal part never exceeds what is outstanding
    if (t < n - 1 && inst.minus(interest).gt(balance)) interest = inst.minus(balance);
    roundedBefore = roundedBefore.plus(interest);
    interests.push(interest);
    principals.push(inst.minus(interest));
    balance = balance.minus(inst.minus(interest));
  }
  return { instalment: d, principals, interests, splitRate: i, split: 'irr' };
}

/**
 * The day of the month a schedule's cycle keeps: the first due date's day when it is given or the
 * first period is extended, else the loan date's (31 Jan → 29 Feb → 31 Mar).
 */
export function scheduleAnchorDay(terms: LoanTerms): number {
  if (terms.firstDueDate) return parseDate(terms.firstDueDate).d;
  if (terms.extendedDays) return parseDate(addDays(regularFirstDueDate(terms.repayCycle, terms.loanDate), terms.extendedDays)).d;
  return parseDate(terms.loanDate).d;
}

/** Builds a schedule from loan terms, engine settings and holidays. Throws TermsValidationError. */
export function buildSchedule(terms: LoanTerms, settingsInput: SettingsInput = {}, holidays: Iterable<string> = []): Schedule {
  assertValidTerms(terms);
  const settings = resolveSettings(settingsInput);
  const rounding: RoundingSettings = { decimalPlaces: settings.decimalPlaces, rounding: settings.rounding };
  const cycle = terms.repayCycle;
  const k = periodsPerYear(cycle);
  const ctx: Ctx = { settings, rounding, k };
  const p = dec(terms.loanAmount);
  const n = terms.totalTenor;
  const deducted = terms.amountDeducted !== undefined && terms.amountDeducted !== '' ? dec(terms.amountDeducted) : ZERO;

  // ---- dates
  const regularFirst = regularFirstDueDate(cycle, terms.loanDate);
  const firstDue = terms.firstDueDate ? terms.firstDueDate : terms.extendedDays ? addDays(regularFirst, terms.extendedDays) : regularFirst;
  const anchorDay = terms.anchorDay ?? scheduleAnchorDay(terms);
  const extendedDays = terms.extendedDays ?? Math.max(0, daysBetween(regularFirst, firstDue));
  const calendar: WorkingCalendar | undefined = settings.moveDueDateOffHoliday
    ? makeCalendar(holidays, settings.daysOff)
    : undefined;
  const dates = dueDates(cycle, firstDue, n, { calendar, anchorDay });

  // ---- rates
  const flat = contractFlat(terms);
  const convention = settings.dayCount;
  // the extended days as the convention counts them (from the regular first due date)
  const extensionDays = extendedDays > 0 ? dayCountDays(regularFirst, addDays(regularFirst, extendedDays), convention) : 0;
  const extensionYears = new Decimal(extensionDays).div(daysInYear(convention));
  // effective and nominal terms: the schedule that delivers the stated rate (declining-balance.ts)
  const annual: DecliningBalanceTerms | null = flat
    ? null
    : {
        loanAmount: p,
        received: p.minus(deducted),
        loanDate: terms.loanDate,
        dueDates: dates.map((d) => d.dueDate),
        kind: terms.effectiveRate !== undefined && terms.effectiveRate !== '' ? 'effective' : 'nominal',
        rate: percentToFraction(terms.effectiveRate !== undefined && terms.effectiveRate !== '' ? terms.effectiveRate : terms.nominalRate!),
        convention,
        rounding,
      };
  const declining: DecliningBalanceLines | null = annual
    ? terms.interestMethod === 'interest-first'
      ? interestFirstLines(annual)
      : amortizingLines(annual, amortizingInstalments(annual))
    : null;
  // flat terms: extended interest = P × flat a year × the extension's year fraction; effective and
  // nominal terms: the loan amount's interest over the extension, which their first period carries
  const extendedShare = declining ? maxDec(minDec(declining.interestFor(extensionDays), declining.interests[0]!), ZERO) : ZERO;
  let extendedInterest =
    terms.extendedInterest !== undefined && terms.extendedInterest !== ''
      ? dec(terms.extendedInterest)
      : declining
        ? extendedShare
        : extensionDays > 0
          ? roundMoney(p.times(flat!.times(k)).times(extensionYears), rounding)
          : ZERO;
  // the cap, at the decimal places (never above the maximum)
  const maxInterest =
    terms.maxInterest !== undefined && terms.maxInterest !== '' ? roundMoney(terms.maxInterest, { ...rounding, rounding: 'down' }) : null;
  let capped = false;
  if (maxInterest && extendedInterest.gt(maxInterest)) {
    extendedInterest = maxInterest;
    capped = true;
  }
  const regularCap = maxInterest ? maxInterest.minus(extendedInterest) : null;
  // the regular part of the declining-balance lines (the first period's extension share taken out)
  const regularInterests = declining ? declining.interests.map((i, t) => (t === 0 ? i.minus(extendedShare) : i)) : [];
  const regularInstalments = declining ? declining.instalments.map((a, t) => (t === 0 ? a.minus(extendedShare) : a)) : [];

  let principals: Decimal[] = [];
  let interests: Decimal[] = [];
  let instalmentAmount: Decimal;
  let splitRate: Decimal;
  let split: InterestSplit;

  if (terms.interestMethod === 'interest-first') {
    const regular = flat ? roundMoney(p.times(flat), rounding) : null;
    const raw = declining ? regularInterests : Array.from({ length: n }, () => regular!);
    let remainingCap = regularCap;
    for (let t = 1; t <= n; t++) {
      let interest = raw[t - 1]!;
      if (remainingCap) {
        if (interest.gt(remainingCap)) {
          interest = remainingCap;
          capped = true;
        }
        remainingCap = remainingCap.minus(interest);
      }
      interests.push(interest);
      principals.push(t === n ? p : ZERO);
    }
    instalmentAmount = regular ?? declining!.regular;
    splitRate = flat ?? declining!.splitRate;
    split = 'interest-first';
  } else if (flat) {
    let total = roundMoney(p.times(flat).times(n), rounding);
    if (regularCap && total.gt(regularCap)) {
      total = regularCap;
      capped = true;
    }
    ({ instalment: instalmentAmount, principals, interests, splitRate, split } = fixedTotalLines(p, n, total, !!terms.ruleOf78, ctx));
  } else {
    const regularTotal = sum(regularInstalments).minus(p);
    if ((regularCap && regularTotal.gt(regularCap)) || terms.ruleOf78 || regularTotal.isNeg()) {
      let total = maxDec(regularTotal, ZERO);
      if (regularCap && total.gt(regularCap)) {
        total = regularCap;
        capped = true;
      }
      // the rule of 78 splits the same instalments (the stated rate is kept); a cap or a deduction
      // above what the rate allows changes them
      const keep = total.eq(regularTotal) ? regularInstalments : undefined;
      ({ instalment: instalmentAmount, principals, interests, splitRate, split } = fixedTotalLines(p, n, total, !!terms.ruleOf78, ctx, keep));
    } else {
      principals = declining!.principals;
      interests = regularInterests;
      instalmentAmount = declining!.regular;
      splitRate = declining!.splitRate;
      split = 'day-count';
    }
  }

  // ---- lines
  const lines: ScheduleLine[] = [];
  let balance = p;
  for (let t = 1; t <= n; t++) {
    const principal = principals[t - 1]!;
    const interest = interests[t - 1]!.plus(t === 1 ? extendedInterest : ZERO);
    balance = balance.minus(principal);
    const date = dates[t - 1]!;
    lines.push({
      tenor: t,
      dueDate: date.dueDate,
      scheduledDate: date.scheduledDate,
      principal,
      interest,
      instalment: principal.plus(interest),
      balance,
    });
  }
  const totalInterest = sum(lines.map((l) => l.interest));
  return {
    loanAmount: p,
    amountDeducted: deducted,
    loanDate: terms.loanDate,
    firstDueDate: firstDue,
    cycle,
    tenor: n,
    lines,
    instalmentAmount,
    totalInterest,
    totalRepayment: p.plus(totalInterest),
    extendedInterest,
    extendedDays,
    extensionPeriods: extensionYears.times(k),
    flatRatePerPeriod: flat,
    splitRate,
    split,
    capped,
  };
}

/** The borrower's real cash flows of a schedule: received (P − deducted) at 0, instalments after. */
export function scheduleCashFlows(schedule: Schedule): CashFlow[] {
  const flows: CashFlow[] = [{ t: 0, amount: schedule.loanAmount.minus(schedule.amountDeducted).neg() }];
  for (const line of schedule.lines) {
    flows.push({ t: schedule.extensionPeriods.plus(line.tenor), amount: line.instalment });
  }
  return flows;
}

