/**
 * Repayment schedules (issue §4).
 *
 * Amortization, flat rate:  total interest TI = round(P·f·n); instalment D = round((P + TI)/n);
 *   each period's interest is split by the IRR i of (P against the instalments) —
 *   interest_t = round(balance·i) — or by the rule of 78; the last instalment absorbs rounding.
 * Amortization, effective (or nominal) rate: D = round((P − deducted)·i/(1 − (1+i)^−n)), i the
 *   periodic rate of the effective rate, so the borrower's real cash flows have exactly that rate;
 *   interest on the declining balance by the settings' day count ('30/360': one period's rate a
 *   period; 'actual': nominal rate × actual days / days of year); the last instalment clears the
 *   balance.
 * Interest first: each period pays round(P·f); the principal is due with the last instalment.
 * An extended first period adds extended interest to the first instalment; a maximum interest
 * caps the total interest. Σ principal = P exactly, final balance 0.
 */
import { Decimal, ZERO, dec, maxDec, minDec, percentToFraction, sum } from './decimal.js';
import { type WorkingCalendar, makeCalendar } from './calendar.js';
import { addDays, daysBetween, parseDate } from './dates.js';
import { type RepayCycle, flatRateMonthsPerPeriod, periodsPerYear } from './cycles.js';
import { dueDates, regularFirstDueDate } from './due-dates.js';
import { type CashFlow, periodicFromEffective, solveIrr, solveLevelIrr } from './irr.js';
import { annuityFactor, flatFromPeriodic } from './rates.js';
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

/** The contractual periodic rate implied by the terms (fraction per period). */
function contractRate(terms: LoanTerms, k: Decimal): { flat: Decimal | null; periodic: Decimal | null } {
  if (terms.flatRate !== undefined && terms.flatRate !== '') {
    return { flat: percentToFraction(terms.flatRate).times(flatRateMonthsPerPeriod(terms.repayCycle)), periodic: null };
  }
  if (terms.effectiveRate !== undefined && terms.effectiveRate !== '') {
    return { flat: null, periodic: periodicFromEffective(percentToFraction(terms.effectiveRate), k) };
  }
  return { flat: null, periodic: percentToFraction(terms.nominalRate!).div(k) };
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
): { instalment: Decimal; principals: Decimal[]; interests: Decimal[]; splitRate: Decimal; split: InterestSplit } {
  const exact = p.plus(totalInterest).div(n);
  let d = roundMoney(exact, ctx.rounding);
  // rounding up n − 1 times must not overshoot the total: then round down (the last absorbs it)
  if (d.times(n - 1).gt(p.plus(totalInterest))) d = roundMoney(exact, { ...ctx.rounding, rounding: 'down' });
  const last = p.plus(totalInterest).minus(d.times(n - 1));
  const instalments = Array.from({ length: n }, (_, t) => (t === n - 1 ? last : d));
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
  const loanDay = parseDate(terms.loanDate).d;
  const regularFirst = regularFirstDueDate(cycle, terms.loanDate);
  let firstDue: string;
  let anchorDay: number;
  if (terms.firstDueDate) {
    firstDue = terms.firstDueDate;
    anchorDay = parseDate(firstDue).d;
  } else if (terms.extendedDays) {
    firstDue = addDays(regularFirst, terms.extendedDays);
    anchorDay = parseDate(firstDue).d;
  } else {
    firstDue = regularFirst;
    anchorDay = loanDay;
  }
  const extendedDays = terms.extendedDays ?? Math.max(0, daysBetween(regularFirst, firstDue));
  const calendar: WorkingCalendar | undefined = settings.moveDueDateOffHoliday
    ? makeCalendar(holidays, settings.daysOff)
    : undefined;
  const dates = dueDates(cycle, firstDue, n, { calendar, anchorDay });

  // ---- rates
  const { flat, periodic } = contractRate(terms, k);
  const yearDays = settings.dayCount === '30/360' ? 360 : settings.daysOfYear;
  // annual rate used for odd days: flat per year for flat terms, nominal for effective terms
  const annualForDays = (flat ?? periodic!).times(k);
  let extendedInterest =
    terms.extendedInterest !== undefined && terms.extendedInterest !== ''
      ? dec(terms.extendedInterest)
      : extendedDays > 0
        ? roundMoney(p.times(annualForDays).times(extendedDays).div(yearDays), rounding)
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

  let principals: Decimal[] = [];
  let interests: Decimal[] = [];
  let instalmentAmount: Decimal;
  let splitRate: Decimal;
  let split: InterestSplit;

  if (terms.interestMethod === 'interest-first') {
    // an effective rate below what the deduction already costs cannot be met: interest is then 0
    const perPeriod =
      flat ??
      maxDec(flatFromPeriodic(periodic!, { tenor: n, periodsPerYear: k, method: 'interest-first', deductedRatio: deducted.div(p) }), ZERO);
    const regular = roundMoney(p.times(perPeriod), rounding);
    let remainingCap = regularCap;
    for (let t = 1; t <= n; t++) {
      let interest = regular;
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
    instalmentAmount = regular;
    splitRate = perPeriod;
    split = 'interest-first';
  } else if (flat) {
    let total = roundMoney(p.times(flat).times(n), rounding);
    if (regularCap && total.gt(regularCap)) {
      total = regularCap;
      capped = true;
    }
    ({ instalment: instalmentAmount, principals, interests, splitRate, split } = fixedTotalLines(p, n, total, !!terms.ruleOf78, ctx));
  } else {
    const i = periodic!;
    const d = roundMoney(p.minus(deducted).times(annuityFactor(i, n)), rounding);
    const regularTotal = d.times(n).minus(p);
    if ((regularCap && regularTotal.gt(regularCap)) || terms.ruleOf78 || regularTotal.isNeg()) {
      let total = maxDec(regularTotal, ZERO);
      if (regularCap && total.gt(regularCap)) {
        total = regularCap;
        capped = true;
      }
      ({ instalment: instalmentAmount, principals, interests, splitRate, split } = fixedTotalLines(p, n, total, !!terms.ruleOf78, ctx));
    } else {
      // the declining-balance rate on P (equals i when nothing is deducted)
      const iP = deducted.isZero() ? i : splitIrr(p, Array.from({ length: n }, () => d));
      let balance = p;
      let prev = terms.loanDate;
      for (let t = 1; t <= n; t++) {
        const line = dates[t - 1]!;
        let interest: Decimal;
        if (settings.dayCount === '30/360') {
          interest = roundMoney(balance.times(iP), rounding);
        } else {
          const days = Math.max(1, daysBetween(prev, line.scheduledDate) - (t === 1 ? extendedDays : 0));
          interest = roundMoney(balance.times(iP).times(k).times(days).div(settings.daysOfYear), rounding);
        }
        prev = line.scheduledDate;
        let principal = t === n ? balance : minDec(d.minus(interest), balance);
        if (principal.isNeg()) principal = ZERO;
        interests.push(interest);
        principals.push(principal);
        balance = balance.minus(principal);
      }
      instalmentAmount = d;
      splitRate = iP;
      split = settings.dayCount === '30/360' ? 'irr' : 'day-count';
      if (regularCap && sum(interests).gt(regularCap)) {
        capped = true;
        ({ instalment: instalmentAmount, principals, interests, splitRate, split } = fixedTotalLines(p, n, regularCap, false, ctx));
      }
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
  const periodDays = new Decimal(yearDays).div(k);
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
    extensionPeriods: new Decimal(extendedDays).div(periodDays),
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

