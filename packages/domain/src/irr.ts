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

/** Safeguarded Newton with bisection inside a bracket (NPV decreases in i for a loan's flows). */
function bracketedIrr(p: Prepared, start: Decimal): Decimal {
  let i = start;
  let lo = new Decimal('-0.999999');
  let hi = Decimal.max(i.abs().times(4), ONE);
  for (let k = 0; k < 200 && npvAndDerivative(p, hi).npv.gt(0); k++) hi = hi.times(2);
  for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
    const { npv: f, dnpv } = npvAndDerivative(p, i);
    if (f.isZero()) return i;
    if (f.gt(0)) lo = i;
    else hi = i;
    let next = dnpv.isZero() ? null : i.minus(f.div(dnpv));
    if (next === null || next.lte(lo) || next.gte(hi)) next = lo.plus(hi).div(2);
    if (next.minus(i).abs().lt(TOLERANCE)) return next;
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
