/**
 * Internal rate of return of a loan's cash flows, solved with Decimal (safeguarded Newton–Raphson
 * with a bisection fallback) to about 30 significant digits.
 *
 * Cash flows are given as amounts at times measured in periods: the borrower's receipt at t = 0 is
 * negative (lender's outflow), instalments at t = 1, 2, … are positive. Times may be fractional
 * (an extended first period).
 */
import { Decimal, ONE, ZERO } from './decimal.js';

export interface CashFlow {
  /** time in periods from the start (0 = payout) */
  t: number | Decimal;
  amount: Decimal;
}

// Newton converges quadratically: a step below 1e-28 leaves an error far below 1e-35.
const TOLERANCE = new Decimal('1e-28');
const MAX_ITERATIONS = 200;

interface Prepared {
  dts: Decimal[]; // time increments between consecutive flows
  integerSteps: (number | null)[]; // increment as a small integer when it is one
  times: Decimal[];
  amounts: Decimal[];
}

function prepare(flows: readonly CashFlow[]): Prepared {
  const sorted = [...flows].map((f) => ({ t: new Decimal(f.t), amount: f.amount })).sort((a, b) => a.t.cmp(b.t));
  const dts: Decimal[] = [];
  const integerSteps: (number | null)[] = [];
  let prev = ZERO;
  for (const f of sorted) {
    const dt = f.t.minus(prev);
    dts.push(dt);
    integerSteps.push(dt.isInteger() && dt.lte(1000) ? dt.toNumber() : null);
    prev = f.t;
  }
  return { dts, integerSteps, times: sorted.map((f) => f.t), amounts: sorted.map((f) => f.amount) };
}

/** NPV and its derivative with respect to the periodic rate i. */
function npvAndDerivative(p: Prepared, i: Decimal): { npv: Decimal; dnpv: Decimal } {
  const v = ONE.div(ONE.plus(i));
  let pv = ONE; // v^t
  let npv = ZERO;
  let weighted = ZERO; // Σ t·a·v^t
  for (let k = 0; k < p.amounts.length; k++) {
    const step = p.integerSteps[k];
    if (step === null || step === undefined) pv = pv.times(v.pow(p.dts[k]!));
    else for (let s = 0; s < step; s++) pv = pv.times(v);
    const a = p.amounts[k]!.times(pv);
    npv = npv.plus(a);
    weighted = weighted.plus(a.times(p.times[k]!));
  }
  return { npv, dnpv: weighted.times(v).neg() };
}

/** Net present value of the flows at periodic rate i. */
export function npv(flows: readonly CashFlow[], i: Decimal): Decimal {
  return npvAndDerivative(prepare(flows), i).npv;
}

/**
 * A starting point for Newton's method: the same iteration in double precision. It only seeds the
 * Decimal solver (never a money value); the answer is the Decimal iteration's.
 */
function doubleSeed(p: Prepared, fallback: number): number {
  const times = p.times.map((t) => t.toNumber());
  const amounts = p.amounts.map((a) => a.toNumber());
  let i = fallback;
  for (let iter = 0; iter < 60; iter++) {
    let f = 0;
    let df = 0;
    for (let k = 0; k < amounts.length; k++) {
      const pv = Math.pow(1 + i, -times[k]!);
      f += amounts[k]! * pv;
      df -= times[k]! * amounts[k]! * pv / (1 + i);
    }
    const next = i - f / df;
    if (!Number.isFinite(next) || next <= -0.99) return fallback;
    if (Math.abs(next - i) < 1e-15) return next;
    i = next;
  }
  return Number.isFinite(i) ? i : fallback;
}

/**
 * The periodic rate i at which the NPV of the flows is zero. The flows must be a loan: a negative
 * amount first, then positive amounts summing to more than −100% of it.
 */
export function solveIrr(flows: readonly CashFlow[], guess?: Decimal): Decimal {
  const p = prepare(flows);
  let paidOut = ZERO;
  let repaid = ZERO;
  for (const a of p.amounts) {
    if (a.isNeg()) paidOut = paidOut.minus(a);
    else repaid = repaid.plus(a);
  }
  if (paidOut.isZero() || repaid.isZero()) throw new RangeError('IRR needs both a payout and repayments');
  const lastT = p.times[p.times.length - 1]!;
  // rough guess: total interest spread evenly (a flat-rate approximation), never below −50%
  let rough = guess ?? repaid.minus(paidOut).div(paidOut).times(2).div(lastT.plus(1));
  if (rough.lte(-0.5)) rough = new Decimal(-0.5);

  // fast path: Newton in Decimal from a double-precision seed (quadratic: 2–3 evaluations)
  let i = new Decimal(doubleSeed(p, rough.toNumber()));
  for (let iter = 0; iter < 8; iter++) {
    const { npv: f, dnpv } = npvAndDerivative(p, i);
    if (f.isZero()) return i;
    if (dnpv.isZero()) break;
    const next = i.minus(f.div(dnpv));
    if (next.lte(-1)) break;
    if (next.minus(i).abs().lt(TOLERANCE)) return next;
    i = next;
  }
  return bracketedIrr(p, rough);
}

/**
 * Safeguarded Newton with bisection inside a bracket (NPV decreases in i for a loan's flows). A
 * Newton step is taken only when it lands inside the bracket AND is less than half the step before
 * it; otherwise the bracket is halved. Without the second condition Newton may creep towards the
 * root from far on the convex side (steps of 0.002 from i = −0.67 towards 0.02 for a loan that
 * repays seven times what it lent): 200 such steps stop short and answer a rate that is no root.
 */
function bracketedIrr(p: Prepared, start: Decimal): Decimal {
  let i = start;
  let lo = new Decimal('-0.999999');
  let hi = Decimal.max(i.abs().times(4), ONE);
  for (let k = 0; k < 200 && npvAndDerivative(p, hi).npv.gt(0); k++) hi = hi.times(2);
  if (i.lte(lo) || i.gte(hi)) i = lo.plus(hi).div(2);
  let previousStep = hi.minus(lo);
  for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
    const { npv: f, dnpv } = npvAndDerivative(p, i);
    if (f.isZero()) return i;
    if (f.gt(0)) lo = i;
    else hi = i;
    let next = dnpv.isZero() ? null : i.minus(f.div(dnpv));
    if (next === null || next.lte(lo) || next.gte(hi) || next.minus(i).abs().times(2).gt(previousStep)) next = lo.plus(hi).div(2);
    const step = next.minus(i).abs();
    if (step.lt(TOLERANCE)) return next;
    previousStep = step;
    i = next;
  }
  return i;
}

/** (1 + i)^k − 1: the effective annual rate of a periodic rate compounded k times a year. */
export function annualiseCompound(periodic: Decimal, k: Decimal): Decimal {
  return ONE.plus(periodic).pow(k).minus(ONE);
}

/** (1 + r)^(1/k) − 1: the periodic rate equivalent to an effective annual rate. */
export function periodicFromEffective(effectiveAnnual: Decimal, k: Decimal): Decimal {
  return ONE.plus(effectiveAnnual).pow(ONE.div(k)).minus(ONE);
}

/**
 * The IRR of a loan paid by level payments: −pv at 0, `payment` at t = 1 … count, and `final` at
 * t = finalTime (≥ count; 0 for none). The NPV and its derivative have closed forms, so each Newton
 * step costs a few Decimal powers instead of one operation per instalment. Falls back to the
 * general solver near i = 0, where the closed forms lose digits.
 */
export function solveLevelIrr(pv: Decimal, payment: Decimal, count: number, final: Decimal = ZERO, finalTime: number = count): Decimal {
  const general = (): Decimal => {
    const flows: CashFlow[] = [{ t: 0, amount: pv.neg() }];
    for (let t = 1; t <= count; t++) flows.push({ t, amount: payment });
    if (!final.isZero()) flows.push({ t: finalTime, amount: final });
    return solveIrr(flows);
  };
  const total = payment.times(count).plus(final);
  if (total.eq(pv)) return ZERO;
  // seed: Newton in doubles on the same closed form
  const P = pv.toNumber();
  const D = payment.toNumber();
  const F = final.toNumber();
  let x = (total.toNumber() - P) / P / ((count + 1) / 2);
  for (let k = 0; k < 60; k++) {
    const v = 1 / (1 + x);
    const vn = Math.pow(v, count);
    const vT = Math.pow(v, finalTime);
    const a = (1 - vn) / x;
    const f = -P + D * a + F * vT;
    const df = (D * (count * vn * v - a)) / x - F * finalTime * vT * v;
    const next = x - f / df;
    if (!Number.isFinite(next) || next <= -0.99) return general();
    if (Math.abs(next - x) < 1e-15) {
      x = next;
      break;
    }
    x = next;
  }
  if (Math.abs(x) < 1e-9) return general();
  let i = new Decimal(x);
  for (let iter = 0; iter < 8; iter++) {
    const v = ONE.div(ONE.plus(i));
    const vn = v.pow(count);
    const vT = finalTime === count ? vn : v.pow(finalTime);
    const a = ONE.minus(vn).div(i);
    const f = pv.neg().plus(payment.times(a)).plus(final.times(vT));
    const df = payment.times(vn.times(v).times(count).minus(a)).div(i).minus(final.times(finalTime).times(vT).times(v));
    if (f.isZero()) return i;
    const next = i.minus(f.div(df));
    if (next.minus(i).abs().lt(TOLERANCE)) return next;
    i = next;
  }
  return general();
}
