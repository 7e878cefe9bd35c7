/**
 * The repayment calculator used by the API: one request in, strings out. A thin layer over
 * buildSchedule, the rate conversions and the MLO check.
 *
 * Rates in the request are percent strings: `flatRate` per month for monthly cycles (per period
 * otherwise), `effectiveRate` / `nominalRate` a year. Rates in the answer are percent strings with
 * 4 decimal places ("16.2578"); money has the settings' decimal places ("4516.67").
 * The rate given is echoed; the other rates are computed:
 *  - flat given → effectiveRate is the Ordinance's rate of the real cash flows (`mloEffectiveRate`:
 *    amount received = loan amount − amount deducted, against the actual instalments on their due
 *    dates), and nominalRate its nominal equivalent i·k;
 *  - effective/nominal given → flatRate is the flat rate of the same effective rate (exact inverse).
 * mloRate is always the Money Lenders Ordinance rate of the actual schedule (see mlo.ts).
 */
import { type DecimalInput, dec, percentToFraction } from './decimal.js';
import { type RepayCycle, flatRateMonthsPerPeriod, periodsPerYear } from './cycles.js';
import { TermsValidationError, termsIssue, type TermsIssue } from './errors.js';
import { periodicFromEffective } from './irr.js';
import { checkMaxApr, type MaxAprCheck } from './max-apr.js';
import { type MloStatus, mloEffectiveRate, mloStatus, storedRate } from './mlo.js';
import { effectiveToFlat, effectiveToNominal, flatFromPeriodic, type InterestMethod, type RateBasis } from './rates.js';
import { formatMoney, formatPercent } from './rounding.js';
import { buildSchedule } from './schedule.js';
import { type SettingsInput, resolveSettings } from './settings.js';
import { type LoanTerms, validateTerms } from './terms.js';
import { annualiseCompound } from './irr.js';

export type CalculatorCycle = 'monthly' | 'twice-monthly' | 'biweekly' | 'every-n-days';

export interface CalculatorRequest {
  loanAmount: string;
  totalTenor: number;
  repayCycle: CalculatorCycle;
  /** N for 'every-n-days' */
  cycleDays?: number | undefined;
  /** months per period for 'monthly' (default 1; 2 = every two months) */
  cycleMonths?: number | undefined;
  interestMethod: InterestMethod;
  /** percent per month (monthly) / per period (other cycles) */
  flatRate?: string | undefined;
  /** percent a year, effective */
  effectiveRate?: string | undefined;
  /** percent a year, nominal */
  nominalRate?: string | undefined;
  ruleOf78?: boolean | undefined;
  loanDate: string;
  firstDueDate?: string | undefined;
  amountDeducted?: string | undefined;
  extendedInterest?: string | undefined;
  extendedDays?: number | undefined;
  maxInterest?: string | undefined;
}

export interface CalculatorLine {
  tenor: number;
  dueDate: string;
  principal: string;
  interest: string;
  instalment: string;
  balance: string;
}

export interface CalculatorResult {
  instalmentAmount: string;
  totalInterest: string;
  totalRepayment: string;
  /** percent per month (monthly) / per period */
  flatRate: string;
  /** percent a year */
  effectiveRate: string;
  /** percent a year */
  nominalRate: string;
  /** percent a year, the Money Lenders Ordinance rate */
  mloRate: string;
  mloStatus: MloStatus;
  maxApr: MaxAprCheck;
  extendedInterest: string;
  extendedDays: number;
  schedule: CalculatorLine[];
}

const CYCLES: readonly CalculatorCycle[] = ['monthly', 'twice-monthly', 'biweekly', 'every-n-days'];

function toCycle(req: CalculatorRequest): RepayCycle | null {
  switch (req.repayCycle) {
    case 'monthly':
      return { kind: 'monthly', months: req.cycleMonths ?? 1 };
    case 'twice-monthly':
      return { kind: 'twice-monthly' };
    case 'biweekly':
      return { kind: 'biweekly' };
    case 'every-n-days':
      return { kind: 'every-n-days', days: req.cycleDays ?? Number.NaN };
    default:
      return null;
  }
}

/** The loan terms of a calculator request. */
export function termsFromRequest(req: CalculatorRequest): LoanTerms {
  return {
    loanAmount: req.loanAmount,
    loanDate: req.loanDate,
    firstDueDate: req.firstDueDate || undefined,
    totalTenor: req.totalTenor,
    repayCycle: toCycle(req) ?? ({ kind: req.repayCycle } as unknown as RepayCycle),
    interestMethod: req.interestMethod,
    flatRate: req.flatRate || undefined,
    effectiveRate: req.effectiveRate || undefined,
    nominalRate: req.nominalRate || undefined,
    ruleOf78: req.ruleOf78,
    amountDeducted: req.amountDeducted || undefined,
    extendedInterest: req.extendedInterest || undefined,
    extendedDays: req.extendedDays,
    maxInterest: req.maxInterest || undefined,
  };
}

/** Every field problem of a calculator request (empty when valid). */
export function validateCalculatorRequest(req: CalculatorRequest): TermsIssue[] {
  if (!CYCLES.includes(req.repayCycle)) {
    const issues = validateTerms({ ...termsFromRequest(req), repayCycle: { kind: 'monthly' } });
    return [termsIssue('repayCycle', 'INVALID_CHOICE'), ...issues.filter((i) => i.field !== 'ruleOf78')];
  }
  return validateTerms(termsFromRequest(req));
}

/**
 * Builds the schedule and rates of a request. Throws TermsValidationError (code INVALID_TERMS)
 * with `issues` naming each bad field.
 */
export function calculate(req: CalculatorRequest, settingsInput: SettingsInput = {}, holidays: Iterable<string> = []): CalculatorResult {
  const issues = validateCalculatorRequest(req);
  if (issues.length > 0) throw new TermsValidationError(issues);
  const settings = resolveSettings(settingsInput);
  const terms = termsFromRequest(req);
  const schedule = buildSchedule(terms, settings, holidays);
  const cycle = terms.repayCycle;
  const k = periodsPerYear(cycle);
  const monthsPerPeriod = flatRateMonthsPerPeriod(cycle);
  const money = (d: DecimalInput): string => formatMoney(d, settings);

  let flat: string;
  let effective: string;
  let nominal: string;
  const basis: RateBasis = {
    tenor: schedule.tenor,
    periodsPerYear: k,
    method: req.interestMethod,
    deductedRatio: schedule.amountDeducted.div(schedule.loanAmount),
  };
  const mlo = mloEffectiveRate(schedule);
  if (terms.flatRate !== undefined) {
    // a flat loan's effective rate is the Ordinance's rate of its real cash flows: one figure
    flat = dec(terms.flatRate).toFixed(4);
    effective = storedRate(mlo);
    nominal = mlo.isFinite() ? formatPercent(effectiveToNominal(mlo, k)) : effective;
  } else {
    const periodic =
      terms.effectiveRate !== undefined
        ? periodicFromEffective(percentToFraction(terms.effectiveRate), k)
        : percentToFraction(terms.nominalRate!).div(k);
    effective = terms.effectiveRate !== undefined ? dec(terms.effectiveRate).toFixed(4) : formatPercent(annualiseCompound(periodic, k));
    nominal = terms.nominalRate !== undefined ? dec(terms.nominalRate).toFixed(4) : formatPercent(periodic.times(k));
    const flatPerPeriod =
      terms.effectiveRate !== undefined
        ? effectiveToFlat(percentToFraction(terms.effectiveRate), basis)
        : flatFromPeriodic(periodic, basis);
    flat = formatPercent(flatPerPeriod.div(monthsPerPeriod));
  }
  return {
    instalmentAmount: money(schedule.instalmentAmount),
    totalInterest: money(schedule.totalInterest),
    totalRepayment: money(schedule.totalRepayment),
    flatRate: flat,
    effectiveRate: effective,
    nominalRate: nominal,
    mloRate: storedRate(mlo),
    mloStatus: mloStatus(mlo),
    maxApr: checkMaxApr(mlo, settings),
    extendedInterest: money(schedule.extendedInterest),
    extendedDays: schedule.extendedDays,
    schedule: schedule.lines.map((l) => ({
      tenor: l.tenor,
      dueDate: l.dueDate,
      principal: money(l.principal),
      interest: money(l.interest),
      instalment: money(l.instalment),
      balance: money(l.balance),
    })),
  };
}
