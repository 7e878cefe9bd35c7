/**
 * Flat rate ⇄ effective annual rate (IRR based).
 *
 * All rates here are fractions (0.007 = 0.7%). A flat rate is per period (the calculator converts a
 * monthly flat rate to per-period for multi-month cycles); the effective annual rate is
 * (1 + i)^k − 1 where i is the IRR per period of the borrower's real cash flows — the amount
 * actually received (loan amount less the amount deducted) against the instalments — and k the
 * periods a year. The nominal annual rate is i·k.
 *
 * These conversions use the exact (unrounded) instalments of the model, so flat → effective → flat
 * returns the input to ~25 significant digits. The calculator additionally reports the rate of the
 * actual rounded schedule (see `scheduleRates`).
 */
import { Decimal, ONE, ZERO } from './decimal.js';
import { type CashFlow, annualiseCompound, periodicFromEffective, solveLevelIrr } from './irr.js';

export type InterestMethod = 'amortization' | 'interest-first';

export interface RateBasis {
  tenor: number;
  /** k: periods a year */
  periodsPerYear: Decimal;
  method: InterestMethod;
  /** amount deducted at payout as a fraction of the loan amount (0 ≤ b < 1) */
  deductedRatio?: Decimal;
}

export interface RateTriple {
  /** IRR per period */
  periodic: Decimal;
  /** (1 + periodic)^k − 1 */
  effective: Decimal;
  /** periodic · k */
  nominal: Decimal;
}

/** Level payment per unit of principal: i / (1 − (1+i)^−n), or 1/n at i = 0. */
export function annuityFactor(i: Decimal, n: number): Decimal {
  return ONE.div(presentValueOfAnnuity(i, n));
}

// Below this the closed forms lose digits to cancellation; the series is exact to O(i²·n³).
const TINY_RATE = new Decimal('1e-12');

/** Present value of 1 a period for n periods: (1 − (1+i)^−n) / i, or n at i = 0. */
function presentValueOfAnnuity(i: Decimal, n: number): Decimal {
  if (i.abs().lt(TINY_RATE)) {
    // n − i·n(n+1)/2 + i²·n(n+1)(n+2)/6
    return new Decimal(n)
      .minus(i.times(n * (n + 1)).div(2))
      .plus(i.times(i).times(n * (n + 1) * (n + 2)).div(6));
  }
  return ONE.minus(ONE.plus(i).pow(-n)).div(i);
}

/** The unit cash flows (loan amount 1) of a flat-rate loan, for the IRR. */
export function flatCashFlows(flatPerPeriod: Decimal, basis: RateBasis): CashFlow[] {
  const n = basis.tenor;
  const b = basis.deductedRatio ?? ZERO;
  const flows: CashFlow[] = [{ t: 0, amount: ONE.minus(b).neg() }];
  if (basis.method === 'amortization') {
    const d = ONE.plus(flatPerPeriod.times(n)).div(n);
    for (let t = 1; t <= n; t++) flows.push({ t, amount: d });
  } else {
    for (let t = 1; t <= n; t++) flows.push({ t, amount: t === n ? ONE.plus(flatPerPeriod) : flatPerPeriod });
  }
  return flows;
}

export function tripleFromPeriodic(periodic: Decimal, k: Decimal): RateTriple {
  return { periodic, effective: annualiseCompound(periodic, k), nominal: periodic.times(k) };
}

/** Flat rate per period → periodic IRR, effective annual and nominal annual rates. */
export function flatToEffective(flatPerPeriod: Decimal, basis: RateBasis): RateTriple {
  if (basis.method === 'interest-first' && (basis.deductedRatio ?? ZERO).isZero()) {
    // interest-first without deduction: the IRR is the flat rate itself
    return tripleFromPeriodic(flatPerPeriod, basis.periodsPerYear);
  }
  const n = basis.tenor;
  const received = ONE.minus(basis.deductedRatio ?? ZERO);
  const i =
    basis.method === 'amortization'
      ? solveLevelIrr(received, ONE.plus(flatPerPeriod.times(n)).div(n), n)
      : solveLevelIrr(received, flatPerPeriod, n, ONE, n);
  return tripleFromPeriodic(i, basis.periodsPerYear);
}

/**
 * Effective annual rate → the flat rate per period whose loan has that effective rate (the exact
 * inverse of `flatToEffective`).
 *  amortization:   D = (1 − b)·i/(1 − v^n),  flat = (D·n − 1)/n
 *  interest-first: flat = (1 − b − v^n) / a(n, i)
 */
export function effectiveToFlat(effectiveAnnual: Decimal, basis: RateBasis): Decimal {
  const i = periodicFromEffective(effectiveAnnual, basis.periodsPerYear);
  return flatFromPeriodic(i, basis);
}

/** Periodic IRR → the flat rate per period with that IRR. */
export function flatFromPeriodic(i: Decimal, basis: RateBasis): Decimal {
  const n = basis.tenor;
  const received = ONE.minus(basis.deductedRatio ?? ZERO);
  if (basis.method === 'amortization') {
    const d = received.times(annuityFactor(i, n));
    return d.times(n).minus(ONE).div(n);
  }
  const a = presentValueOfAnnuity(i, n);
  // 1 − v^n = i·a(n, i), so flat = (received − 1 + i·a) / a — no cancellation at tiny i
  return received.minus(ONE).plus(i.times(a)).div(a);
}

/** Nominal annual rate (i·k) → effective annual rate ((1+i)^k − 1). */
export function nominalToEffective(nominalAnnual: Decimal, k: Decimal): Decimal {
  return annualiseCompound(nominalAnnual.div(k), k);
}

/** Effective annual rate → nominal annual rate (i·k). */
export function effectiveToNominal(effectiveAnnual: Decimal, k: Decimal): Decimal {
  return periodicFromEffective(effectiveAnnual, k).times(k);
}
