/**
 * The repayment calculator: reads the default settings and the holidays, runs the domain's
 * `calculate` and shapes its answer for the contract. No money is computed here.
 */
import {
  type CalculatorOptions,
  type CalculatorRequest,
  type CalculatorResult,
  type ExcessResult,
  type SystemSettings,
  TERMS_ISSUE_MESSAGES,
  V,
} from '@harbour/contracts';
import {
  type CalculatorResult as DomainResult,
  type SettingsInput,
  TermsValidationError,
  calculate,
  checkMaxApr,
  isDomainError,
  percentToFraction,
} from '@harbour/domain';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { holidays } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';
import { readSettings } from '../../platform/settings.js';

/** The settings the calculator reads (one query). */
export const CALCULATOR_SETTING_KEYS = [
  'interestMethods',
  'ruleOf78',
  'maxApr',
  'maxAprExcessAction',
  'dayCount',
  'decimalPlaces',
  'rounding',
  'holidayOverdueInterest',
  'daysOff',
  'moveDueDateOffHoliday',
] as const satisfies readonly (keyof SystemSettings)[];
type CalculatorSettings = Pick<SystemSettings, (typeof CALCULATOR_SETTING_KEYS)[number]>;

/** The default settings as the domain's engine reads them. */
export function engineSettings(s: CalculatorSettings): SettingsInput {
  return {
    dayCount: s.dayCount,
    decimalPlaces: s.decimalPlaces,
    rounding: s.rounding,
    daysOff: s.daysOff,
    moveDueDateOffHoliday: s.moveDueDateOffHoliday,
    holidayOverdueInterest: s.holidayOverdueInterest,
    maxApr: s.maxApr,
    maxAprExcessAction: s.maxAprExcessAction,
  };
}

export async function calculatorOptions(db: DbOrTx): Promise<CalculatorOptions> {
  const s = await readSettings(db, CALCULATOR_SETTING_KEYS);
  return {
    interestMethods: s.interestMethods,
    ruleOf78: s.ruleOf78,
    decimalPlaces: s.decimalPlaces,
    maxApr: s.maxApr,
    maxAprExcessAction: s.maxAprExcessAction,
  };
}

/** `maxInterest` caps the total interest (an application's terms; the calculator form has no such field). */
export async function runCalculator(db: DbOrTx, req: CalculatorRequest & { maxInterest?: string | undefined }): Promise<CalculatorResult> {
  const settings = await readSettings(db, CALCULATOR_SETTING_KEYS);
  // The settings decide which methods staff may offer; the form only shows those, this is the guard.
  if (!settings.interestMethods.includes(req.interestMethod)) {
    throw badRequest('errors.validation', [{ field: 'interestMethod', message: V.methodDisabled }]);
  }
  if (req.ruleOf78 && !settings.ruleOf78) {
    throw badRequest('errors.validation', [{ field: 'ruleOf78', message: V.ruleOf78Disabled }]);
  }
  const dates = (await db.select({ date: holidays.date }).from(holidays).orderBy(asc(holidays.date))).map((h) => h.date);
  const engine = engineSettings(settings);
  let result: DomainResult;
  try {
    result = calculate(
      {
        loanAmount: req.loanAmount,
        totalTenor: req.totalTenor,
        repayCycle: req.repayCycle,
        cycleMonths: req.repayCycle === 'monthly' ? req.cycleMonths : undefined,
        cycleDays: req.repayCycle === 'every-n-days' ? req.cycleDays : undefined,
        interestMethod: req.interestMethod,
        flatRate: req.flatRate,
        effectiveRate: req.effectiveRate,
        ruleOf78: req.ruleOf78,
        loanDate: req.loanDate,
        firstDueDate: req.firstDueDate,
        amountDeducted: req.amountDeducted,
        maxInterest: req.maxInterest,
      },
      engine,
      dates,
    );
  } catch (e) {
    if (e instanceof TermsValidationError) {
      throw badRequest(
        'errors.validation',
        e.issues.map((i) => ({ field: i.field, message: TERMS_ISSUE_MESSAGES[i.code] })),
      );
    }
    // Terms the engine cannot solve (no working day, a rate with no IRR) are the caller's input.
    if (e instanceof RangeError || isDomainError(e)) throw badRequest('tools.calculatorFailed');
    throw e;
  }
  return {
    instalmentAmount: result.instalmentAmount,
    totalInterest: result.totalInterest,
    totalRepayment: result.totalRepayment,
    extendedInterest: result.extendedInterest,
    extendedDays: result.extendedDays,
    flatRate: result.flatRate,
    effectiveRate: result.effectiveRate,
    nominalRate: result.nominalRate,
    mloRate: result.mloRate,
    mloStatus: result.mloStatus,
    excess: excessOf(result, settings),
    schedule: result.schedule,
  };
}

/**
 * The settings' excess action applied to the result. The domain's check answers "may it be
 * saved / must it be confirmed"; with the action `nothing` it says nothing, so a second domain
 * check with a prompting action tells whether the limit is exceeded at all, which the calculator
 * still shows as a plain warning.
 */
function excessOf(result: DomainResult, s: CalculatorSettings): ExcessResult {
  const rate = result.mloRate;
  const base = { rate, ...(s.maxApr ? { maxApr: s.maxApr } : {}) };
  const check = result.maxApr;
  if (!check.allowed) return { exceeded: true, outcome: 'blocked', ...base };
  if (check.needsConfirmation) return { exceeded: true, outcome: 'needs-confirmation', ...base };
  const exceeded = checkMaxApr(percentToFraction(rate), { maxApr: s.maxApr, maxAprExcessAction: 'prompt-and-confirm' }).needsConfirmation;
  return { exceeded, outcome: exceeded ? 'warning' : 'none', ...base };
}
