/**
 * Schedules of loans stated at an effective or a nominal annual rate, on the declining balance,
 * with time counted by the company's day-count convention (`yearFraction`, dates.ts).
 *
 * T_j is the year fraction from the loan date to the j-th due date (the date the instalment is
 * paid), τ_j = T_j − T_{j−1} the j-th period's. Both are counted in the convention's days d_j over
 * its year's days Y (365, or 360), so every power below is an integer power of a daily factor.
 *
 * Discount factor of the j-th payment at an annual rate x:
 *   effective: V_j = (1 + x)^−T_j                 growth of a period: (1 + x)^τ_j − 1
 *   nominal:   V_j = Π_{m ≤ j} (1 + x·τ_m)^−1     growth of a period: x·τ_j
 * A loan stated at rate r delivers r exactly when the amount received C (the loan amount less the
 * amount deducted) equals Σ A_j·V_j(r), A_j the instalments. Hence:
 *  - amortization: D = C / Σ V_j(r), rounded with the settings' rounding; the last instalment is
 *    the exact amount that completes C at r, ROUNDED DOWN (so the real rate is never above r and
 *    short of it by less than one unit of the last decimal place on the last instalment);
 *  - interest first: each period's interest is the loan amount's growth over the period at the
 *    rate x_P for which the flows deliver r (x_P = r when nothing is deducted), rounded; the last
 *    instalment (principal + its interest) completes C at r and is rounded down.
 * The interest of an amortizing instalment is the loan amount's declining balance grown over the
 * period at the rate x_P that the loan amount bears against the instalments (x_P = r when nothing
 * is deducted): interest_j ≈ balance × growth_j(x_P); the cumulative exact interest is rounded and
 * differenced, so no part is negative and the parts add up to the instalments less the loan amount.
 */
import { Decimal, ONE, ZERO, maxDec, minDec, sum } from './decimal.js';
import { type DayCountConvention, dayCountDays, daysInYear } from './dates.js';
import { type RoundingSettings, roundMoney } from './rounding.js';

export type AnnualRateKind = 'effective' | 'nominal';

export interface DecliningBalanceTerms {
  /** P: the loan amount (the balance interest runs on) */
  loanAmount: Decimal;
  /** C: what the borrower receives (P less the amount deducted) */
  received: Decimal;
  loanDate: string;
  /** the dates the instalments are paid, in order */
  dueDates: readonly string[];
  kind: AnnualRateKind;
  /** the stated annual rate (fraction) */
  rate: Decimal;
  convention: DayCountConvention;
  rounding: RoundingSettings;
}

/** The day counts of a loan: d_j from the loan date, and the year's days. */
interface Clock {
  /** d_j − d_{j−1} (d_0 = 0), the convention's days of each period */
  steps: number[];
  /** d_j */
  days: number[];
  year: number;
}

function clockOf(t: DecliningBalanceTerms): Clock {
  const days = t.dueDates.map((d) => Math.max(0, dayCountDays(t.loanDate, d, t.convention)));
  // 30/360 counts the 31st as the 30th, so a day count never goes back; guard it anyway
  for (let j = 1; j < days.length; j++) days[j] = Math.max(days[j]!, days[j - 1]!);
  const steps = days.map((d, j) => d - (j === 0 ? 0 : days[j - 1]!));
  return { steps, days, year: daysInYear(t.convention) };
}

/** base^s for each period's days s (a cycle has few distinct period lengths: each power once). */
function powersBySteps(base: Decimal, steps: readonly number[]): Decimal[] {
  const cache = new Map<number, Decimal>();
  return steps.map((s) => {
    let p = cache.get(s);
    if (!p) cache.set(s, (p = base.pow(s)));
    return p;
  });
}

// (1 + x)^(1/Y) costs a logarithm and an exponential; the same rates recur (a reschedule's search,
// the instalments then their split), so the last few are kept.
const dailyFactors = new Map<string, Decimal>();
function dailyFactor(x: Decimal, year: number): Decimal {
  const key = `${x.toString()}/${year}`;
  let f = dailyFactors.get(key);
  if (!f) {
    if (dailyFactors.size >= 64) dailyFactors.clear();
    dailyFactors.set(key, (f = ONE.plus(x).pow(ONE.div(year))));
  }
  return f;
}

/** Growth of one unit over each period at annual rate x (effective: from its daily factor when known). */
function growths(kind: AnnualRateKind, x: Decimal, clock: Clock, daily?: Decimal): Decimal[] {
  if (kind === 'nominal') return clock.steps.map((s) => x.times(s).div(clock.year));
  return powersBySteps(daily ?? dailyFactor(x, clock.year), clock.steps).map((p) => p.minus(ONE));
}

/** Discount factors V_j of the due dates from period growths. */
function discounts(g: readonly Decimal[]): Decimal[] {
  const out: Decimal[] = [];
  let v = ONE;
  for (const gj of g) {
    v = v.div(ONE.plus(gj));
    out.push(v);
  }
  return out;
}

const TOLERANCE = new Decimal('1e-30');

/**
 * The root of an increasing function on [lo, hi] (f(lo) ≤ 0 ≤ f(hi)): Newton steps, bisection when
 * a step leaves the bracket. `fn` returns f and f′.
 */
function solveIncreasing(fn: (x: Decimal) => { f: Decimal; df: Decimal }, start: Decimal, lo: Decimal, hi: Decimal): Decimal {
  let x = start;
  for (let iter = 0; iter < 200; iter++) {
    const { f, df } = fn(x);
    if (f.isZero()) return x;
    if (f.isNeg()) lo = x;
    else hi = x;
    let next = df.isZero() ? null : x.minus(f.div(df));
    if (next === null || next.lt(lo) || next.gt(hi)) next = lo.plus(hi).div(2);
    if (next.minus(x).abs().lt(TOLERANCE)) return next;
    x = next;
  }
  return x;
}

/**
 * The annual rate x at which Σ A_j·V_j(x) = pv (the rate `pv` bears against the instalments),
 * between 0 and `upper` (a rate at which the instalments are worth no more than pv).
 */
function rateOfFlows(kind: AnnualRateKind, pv: Decimal, instalments: readonly Decimal[], clock: Clock, upper: Decimal): { annual: Decimal; daily?: Decimal } {
  if (kind === 'nominal') {
    // f(x) = pv − Σ A_j V_j(x), increasing in x; f′ = Σ A_j V_j Σ_{m≤j} τ_m / (1 + x τ_m)
    const fn = (x: Decimal) => {
      let v = ONE;
      let acc = ZERO;
      let f = pv;
      let df = ZERO;
      clock.steps.forEach((s, j) => {
        const tau = new Decimal(s).div(clock.year);
        const step = ONE.plus(x.times(tau));
        v = v.div(step);
        acc = acc.plus(tau.div(step));
        const a = instalments[j]!.times(v);
        f = f.minus(a);
        df = df.plus(a.times(acc));
      });
      return { f, df };
    };
    return { annual: solveIncreasing(fn, upper, ZERO, upper) };
  }
  // effective: solve for the daily factor y = (1 + x)^(1/Y): f(y) = pv − Σ A_j y^−d_j
  const fn = (y: Decimal) => {
    const down = powersBySteps(ONE.div(y), clock.steps);
    let f = pv;
    let weighted = ZERO;
    let v = ONE;
    clock.days.forEach((d, j) => {
      v = v.times(down[j]!);
      const a = instalments[j]!.times(v);
      f = f.minus(a);
      weighted = weighted.plus(a.times(d));
    });
    return { f, df: weighted.div(y) };
  };
  const hi = dailyFactor(upper, clock.year);
  const daily = solveIncreasing(fn, hi, ONE, hi);
  return { annual: daily.pow(clock.year).minus(ONE), daily };
}

export interface DecliningBalanceLines {
  instalments: Decimal[];
  principals: Decimal[];
  interests: Decimal[];
  /** the regular instalment (interest first: the first period's interest) */
  regular: Decimal;
  /** the annual rate the loan amount's balance is grown at (effective or nominal, as stated) */
  splitRate: Decimal;
  /** the loan amount's interest over `days` of the convention at the split rate, rounded (extended-period share) */
  interestFor: (days: number) => Decimal;
}

/**
 * The instalments of an amortizing loan that deliver the stated rate: D, …, D, L (see the file's
 * comment). D is rounded with the settings' rounding — down instead when rounding up n − 1 times
 * would leave nothing for the last instalment — and L is always rounded down.
 */
export function amortizingInstalments(t: DecliningBalanceTerms): Decimal[] {
  const clock = clockOf(t);
  const v = discounts(growths(t.kind, t.rate, clock));
  const n = v.length;
  const down = { ...t.rounding, rounding: 'down' as const };
  const exact = t.received.div(sum(v));
  let d = roundMoney(exact, t.rounding);
  const lastOf = (dd: Decimal) => t.received.minus(dd.times(sum(v.slice(0, n - 1)))).div(v[n - 1]!);
  if (n > 1 && lastOf(d).isNeg()) d = roundMoney(exact, down);
  const last = roundMoney(lastOf(d), down);
  return Array.from({ length: n }, (_, j) => (j === n - 1 ? last : d));
}

/** Splits amortizing instalments into interest on the loan amount's declining balance and principal. */
export function amortizingLines(t: DecliningBalanceTerms, instalments: readonly Decimal[]): DecliningBalanceLines {
  const clock = clockOf(t);
  const p = t.loanAmount;
  const n = instalments.length;
  const { annual: x, daily } = t.received.eq(p) ? { annual: t.rate } : rateOfFlows(t.kind, p, instalments, clock, t.rate);
  const g = growths(t.kind, x, clock, daily);
  const total = sum(instalments).minus(p);
  const principals: Decimal[] = [];
  const interests: Decimal[] = [];
  // interest_j = round(cumulative exact interest to j) − the rounded interest before it
  let exactBalance = p;
  let exactCumulative = ZERO;
  let roundedBefore = ZERO;
  let balance = p;
  for (let j = 0; j < n; j++) {
    const inst = instalments[j]!;
    const exactInterest = exactBalance.times(g[j]!);
    exactCumulative = exactCumulative.plus(exactInterest);
    exactBalance = exactBalance.plus(exactInterest).minus(inst);
    let interest: Decimal;
    if (j === n - 1) interest = inst.minus(balance);
    else {
      const upTo = minDec(roundMoney(exactCumulative, t.rounding), total);
      interest = minDec(maxDec(upTo.minus(roundedBefore), ZERO), inst);
      // the principal part never exceeds what is outstanding
      if (inst.minus(interest).gt(balance)) interest = inst.minus(balance);
    }
    roundedBefore = roundedBefore.plus(interest);
    interests.push(interest);
    principals.push(inst.minus(interest));
    balance = balance.minus(inst.minus(interest));
  }
  return { instalments: [...instalments], principals, interests, regular: instalments[0]!, splitRate: x, interestFor: interestAt(t, x) };
}

function interestAt(t: DecliningBalanceTerms, x: Decimal): (days: number) => Decimal {
  return (days: number) => {
    if (days <= 0) return ZERO;
    const year = daysInYear(t.convention);
    const growth = t.kind === 'nominal' ? x.times(days).div(year) : ONE.plus(x).pow(new Decimal(days).div(year)).minus(ONE);
    return roundMoney(t.loanAmount.times(growth), t.rounding);
  };
}

/**
 * Interest first: each period pays the loan amount's growth over the period at the rate x_P that
 * delivers the stated rate on what was received (x_P = r without a deduction; lower with one,
 * never below 0), rounded; the last instalment repays the loan amount with the interest that
 * completes the stated rate, rounded down.
 */
export function interestFirstLines(t: DecliningBalanceTerms): DecliningBalanceLines {
  const clock = clockOf(t);
  const p = t.loanAmount;
  const c = t.received;
  const n = clock.days.length;
  const v = discounts(growths(t.kind, t.rate, clock));
  const vn = v[n - 1]!;
  let x: Decimal;
  let daily: Decimal | undefined;
  if (c.eq(p)) x = t.rate;
  else if (t.kind === 'nominal') {
    // C = P·x·Σ τ_j V_j + P·V_n: linear in x
    const weighted = sum(clock.steps.map((s, j) => new Decimal(s).div(clock.year).times(v[j]!)));
    x = weighted.isZero() ? ZERO : maxDec(c.minus(p.times(vn)).div(p.times(weighted)), ZERO);
  } else if (!p.times(vn).lt(c)) x = ZERO;
  else {
    // C = P·Σ (y^s_j − 1)·V_j + P·V_n in the daily factor y of x: increasing in y, y = 1 … (1 + r)^(1/Y)
    const fn = (y: Decimal) => {
      const up = powersBySteps(y, clock.steps);
      let f = p.times(vn).minus(c);
      let df = ZERO;
      clock.steps.forEach((s, j) => {
        if (s === 0) return;
        f = f.plus(p.times(up[j]!.minus(ONE)).times(v[j]!));
        df = df.plus(p.times(s).times(up[j]!).div(y).times(v[j]!));
      });
      return { f, df };
    };
    const hi = dailyFactor(t.rate, clock.year);
    daily = solveIncreasing(fn, hi, ONE, hi);
    x = daily.pow(clock.year).minus(ONE);
  }
  const g = growths(t.kind, x, clock, daily);
  const down = { ...t.rounding, rounding: 'down' as const };
  const interestsRounded = (rounding: typeof t.rounding) => g.slice(0, n - 1).map((gj) => roundMoney(p.times(gj), rounding));
  const worth = (xs: Decimal[]) => sum(xs.map((i, j) => i.times(v[j]!)));
  let interests = interestsRounded(t.rounding);
  // Interest of a fraction of a cent a period, rounded up each time, can pay more before the last
  // instalment than the rate allows in all; the last cannot give it back (its interest is never
  // negative). Then every period's interest is rounded down and the last instalment carries the rest,
  // so the loan never delivers more than its stated rate.
  if (c.minus(worth(interests)).div(vn).lt(p)) interests = interestsRounded(down);
  const paidBefore = worth(interests);
  const last = maxDec(roundMoney(c.minus(paidBefore).div(vn), down), p);
  interests.push(last.minus(p));
  const principals = interests.map((_, j) => (j === n - 1 ? p : ZERO));
  const instalments = interests.map((i, j) => i.plus(principals[j]!));
  return { instalments, principals, interests, regular: interests[0]!, splitRate: x, interestFor: interestAt(t, x) };
}
