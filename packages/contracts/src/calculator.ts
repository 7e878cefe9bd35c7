import type { TermsIssueCode } from '@harbour/domain';
import { z } from 'zod';

/**
 * The repayment calculator (spec §2 Tools → repayment calculator): terms in, the domain's
 * schedule, rates and Money Lenders Ordinance check out. Money and rates travel as decimal
 * strings; the web never computes them itself.
 */
/**
 * Validation message keys of the calculator, settings and holiday contracts. The server
 * translates them into the caller's language (`validation.<key>` in its message catalogue);
 * the web shows the same keys through i18n.
 */
export const V = {
  required: 'validation.required',
  decimal: 'validation.decimal',
  positive: 'validation.positive',
  nonNegative: 'validation.nonNegative',
  integer: 'validation.integer',
  choice: 'validation.choice',
  date: 'validation.date',
  tenorMin: 'validation.tenorMin',
  tenorMax: 'validation.tenorMax',
  cycleDaysMin: 'validation.cycleDaysMin',
  cycleDaysMax: 'validation.cycleDaysMax',
  cycleMonthsRange: 'validation.cycleMonthsRange',
  oneRateOnly: 'validation.oneRateOnly',
  methodDisabled: 'validation.methodDisabled',
  ruleOf78Disabled: 'validation.ruleOf78Disabled',
  rateRequired: 'validation.rateRequired',
  firstDueAfterLoanDate: 'validation.firstDueAfterLoanDate',
  range: 'validation.range',
  atLeastOne: 'validation.atLeastOne',
  nameRequired: 'validation.nameRequired',
  ruleOf78MonthlyOnly: 'validation.ruleOf78MonthlyOnly',
  deductedBelowAmount: 'validation.deductedBelowAmount',
  money: 'validation.money',
} as const;

/**
 * The message each loan-terms issue of the domain (`validateTerms`) answers with: the same
 * sentence the contract's own check of that field gives, so a field says one thing whichever
 * layer notices the problem.
 */
export const TERMS_ISSUE_MESSAGES: Record<TermsIssueCode, string> = {
  REQUIRED: V.required,
  RATE_REQUIRED: V.rateRequired,
  ONE_RATE_ONLY: V.oneRateOnly,
  NOT_A_NUMBER: V.decimal,
  MUST_BE_POSITIVE: V.positive,
  MUST_NOT_BE_NEGATIVE: V.nonNegative,
  TENOR_AT_LEAST_1: V.tenorMin,
  CYCLE_DAYS_AT_LEAST_1: V.cycleDaysMin,
  CYCLE_MONTHS_INVALID: V.cycleMonthsRange,
  INVALID_DATE: V.date,
  FIRST_DUE_NOT_AFTER_LOAN_DATE: V.firstDueAfterLoanDate,
  RULE_OF_78_MONTHLY_ONLY: V.ruleOf78MonthlyOnly,
  DEDUCTED_NOT_BELOW_AMOUNT: V.deductedBelowAmount,
  INVALID_CHOICE: V.choice,
};

/** Up to 14 integer digits and 8 decimals, the widest of NUMERIC(16,2) amounts and NUMERIC(12,8) rates. */
const DECIMAL = /^\d{1,14}(\.\d{1,8})?$/;

/** A non-negative decimal string ("10000", "0.7"); numbers are accepted and turned into text. */
export const decimalString = (opts: { positive: boolean }) =>
  z
    .union([z.string(), z.number()], { message: V.decimal })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replaceAll(',', '')))
    .superRefine((v, ctx) => {
      if (v.startsWith('-')) ctx.addIssue({ code: 'custom', message: opts.positive ? V.positive : V.nonNegative });
      else if (!DECIMAL.test(v)) ctx.addIssue({ code: 'custom', message: V.decimal });
      else if (opts.positive && /^[0.]+$/.test(v)) ctx.addIssue({ code: 'custom', message: V.positive });
    });

/** An optional decimal where an empty form field ("" or null) means "not given". */
export const optionalDecimal = (opts: { positive: boolean }) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), decimalString(opts).optional());

/**
 * How many digits a NUMERIC(p,2) column holds, declared once: every money input (an amount, a fee,
 * up-front interest) is NUMERIC(16,2) and every measured quantity (a floor area) NUMERIC(10,2).
 * The schema refuses what the column would round or reject, so a database constraint is never the
 * first line and "12.345" is never silently stored as 12.35.
 */
export const MONEY_DIGITS = { integer: 14, decimals: 2 } as const;
export const QUANTITY_DIGITS = { integer: 8, decimals: 2 } as const;

/** A non-negative decimal string limited to `digits` (more decimals → V.money, too large → V.range). */
const scaledDecimal = (digits: { integer: number; decimals: number }, opts: { positive: boolean }) =>
  z
    .union([z.string(), z.number()], { message: V.decimal })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replaceAll(',', '')))
    .superRefine((v, ctx) => {
      const m = /^(\d+)(?:\.(\d+))?$/.exec(v);
      if (v.startsWith('-')) ctx.addIssue({ code: 'custom', message: opts.positive ? V.positive : V.nonNegative });
      else if (!m) ctx.addIssue({ code: 'custom', message: V.decimal });
      else if ((m[2]?.length ?? 0) > digits.decimals) ctx.addIssue({ code: 'custom', message: V.money });
      else if (m[1]!.replace(/^0+(?=\d)/, '').length > digits.integer) ctx.addIssue({ code: 'custom', message: V.range });
      else if (opts.positive && /^[0.]+$/.test(v)) ctx.addIssue({ code: 'custom', message: V.positive });
    });

/** A money amount of NUMERIC(16,2): at most two decimals; `positive` refuses zero. */
export const moneyAmount = (opts: { positive: boolean }) => scaledDecimal(MONEY_DIGITS, opts);

/** An optional money amount where an empty form field ("" or null) means "not given". */
export const optionalMoney = (opts: { positive: boolean }) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), moneyAmount(opts).optional());

/** An optional measured quantity of NUMERIC(10,2) (a floor area), at most two decimals. */
export const optionalQuantity = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), scaledDecimal(QUANTITY_DIGITS, { positive: false }).optional());

/** A real calendar date written YYYY-MM-DD. */
export const isoDate = () =>
  z.string({ message: V.date }).refine(isCalendarDate, { message: V.date });

export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export const REPAY_CYCLES = ['monthly', 'twice-monthly', 'biweekly', 'every-n-days'] as const;
export type RepayCycle = (typeof REPAY_CYCLES)[number];

export const INTEREST_METHODS = ['amortization', 'interest-first'] as const;
export type InterestMethod = (typeof INTEREST_METHODS)[number];

export const MLO_STATUSES = ['ok', 'extortionate', 'illegal'] as const;
export type MloStatus = (typeof MLO_STATUSES)[number];

/** Upper bounds that keep a single request cheap to compute (50 years of weekly instalments). */
export const MAX_TENOR = 1200;
export const MAX_CYCLE_DAYS = 366;

/**
 * The fields of a loan's terms (the calculator's request; the application's section A reuses
 * them with its own dates). `loanDate` is the date interest starts.
 */
export const loanTermsShape = {
  loanAmount: moneyAmount({ positive: true }),
  totalTenor: z.coerce
    .number({ message: V.integer })
    .int({ message: V.integer })
    .min(1, { message: V.tenorMin })
    .max(MAX_TENOR, { message: V.tenorMax }),
  repayCycle: z.enum(REPAY_CYCLES, { message: V.choice }),
  /** Months between instalments of a monthly cycle (1 = every month, 2 = every two months). */
  cycleMonths: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ message: V.integer })
      .int({ message: V.integer })
      .min(1, { message: V.cycleMonthsRange })
      .max(12, { message: V.cycleMonthsRange })
      .optional(),
  ),
  /** Days between instalments; required for `every-n-days`, ignored otherwise. */
  cycleDays: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ message: V.integer })
      .int({ message: V.integer })
      .min(1, { message: V.cycleDaysMin })
      .max(MAX_CYCLE_DAYS, { message: V.cycleDaysMax })
      .optional(),
  ),
  interestMethod: z.enum(INTEREST_METHODS, { message: V.choice }),
  /** Flat rate in percent of the loan amount per month for monthly cycles (whatever the months
   * per period), per period for the other cycles. Give this or `effectiveRate`, not both. */
  flatRate: optionalDecimal({ positive: false }),
  /** Effective rate in percent a year ("16.26"). */
  effectiveRate: optionalDecimal({ positive: false }),
  ruleOf78: z.boolean().optional(),
  loanDate: isoDate(),
  firstDueDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate().optional()),
  /** Amount deducted at payout (fees taken up front): the borrower receives less, so the
   * effective rate rises while the schedule stays the same. */
  amountDeducted: optionalMoney({ positive: false }),
};

/**
 * The cross-field rules of loan terms: one rate, not both; the days of an every-N-days cycle; a
 * first due date after the date interest starts (`startField`: the calculator's `loanDate`, an
 * application's `interestStartDate`). They run even when a single field failed, so the form shows
 * every problem at once; the values may then be unparsed, hence the defensive reads.
 */
export function refineLoanTerms(startField: string) {
  return (r: unknown, ctx: z.RefinementCtx): void => {
    if (typeof r !== 'object' || r === null) return;
    const t = r as Record<string, unknown>;
    if (isBlank(t.flatRate) && isBlank(t.effectiveRate)) {
      ctx.addIssue({ code: 'custom', path: ['flatRate'], message: V.rateRequired });
      ctx.addIssue({ code: 'custom', path: ['effectiveRate'], message: V.rateRequired });
    }
    if (!isBlank(t.flatRate) && !isBlank(t.effectiveRate)) {
      ctx.addIssue({ code: 'custom', path: ['effectiveRate'], message: V.oneRateOnly });
    }
    if (t.repayCycle === 'every-n-days' && isBlank(t.cycleDays)) {
      ctx.addIssue({ code: 'custom', path: ['cycleDays'], message: V.cycleDaysMin });
    }
    const loanDate = t[startField];
    const firstDueDate = t.firstDueDate;
    if (
      typeof firstDueDate === 'string' &&
      typeof loanDate === 'string' &&
      isCalendarDate(firstDueDate) &&
      isCalendarDate(loanDate) &&
      firstDueDate <= loanDate
    ) {
      ctx.addIssue({ code: 'custom', path: ['firstDueDate'], message: V.firstDueAfterLoanDate });
    }
  };
}

export const calculatorRequestSchema = z.object(loanTermsShape).superRefine(refineLoanTerms('loanDate'), { when: () => true });
const isBlank = (v: unknown) => v === undefined || v === null || v === '';
export type CalculatorRequest = z.infer<typeof calculatorRequestSchema>;

export const scheduleRowSchema = z.object({
  tenor: z.number().int(),
  dueDate: z.string(),
  principal: z.string(),
  interest: z.string(),
  instalment: z.string(),
  balance: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

export const EXCESS_OUTCOMES = ['none', 'warning', 'needs-confirmation', 'blocked'] as const;
export type ExcessOutcome = (typeof EXCESS_OUTCOMES)[number];

/** What the default settings' maximum APR rule says about these terms. */
export const excessResultSchema = z.object({
  /** The effective rate is above the maximum APR setting. */
  exceeded: z.boolean(),
  /** `none` when within the limit; otherwise the settings' action: a warning only (`nothing`
   * still tells the user), a confirmation to proceed, or blocked. */
  outcome: z.enum(EXCESS_OUTCOMES),
  /** The maximum APR in percent a year, absent when no limit is set. */
  maxApr: z.string().optional(),
  /** The rate checked against it (the Money Lenders Ordinance rate), percent a year. */
  rate: z.string(),
});
export type ExcessResult = z.infer<typeof excessResultSchema>;

export const calculatorResultSchema = z.object({
  instalmentAmount: z.string(),
  totalInterest: z.string(),
  /** Everything the borrower pays: principal plus interest. */
  totalRepayment: z.string(),
  /** Interest of the extra days when the first due date is more than one cycle away. */
  extendedInterest: z.string(),
  extendedDays: z.number().int(),
  /** Percent per month for monthly cycles, per period otherwise (as given in the request). */
  flatRate: z.string(),
  /** Percent a year (IRR of the cash flows, compounded per period). */
  effectiveRate: z.string(),
  /** Percent a year, periodic rate × periods a year. */
  nominalRate: z.string(),
  /** Effective rate under the Money Lenders Ordinance, percent a year. */
  mloRate: z.string(),
  mloStatus: z.enum(MLO_STATUSES),
  excess: excessResultSchema,
  schedule: z.array(scheduleRowSchema),
});
export type CalculatorResult = z.infer<typeof calculatorResultSchema>;

/**
 * What the calculator form offers, from the default settings (`GET /tools/calculator/options`,
 * open to whoever may use the calculator, unlike the settings page itself).
 */
export const calculatorOptionsSchema = z.object({
  interestMethods: z.array(z.enum(INTEREST_METHODS)),
  ruleOf78: z.boolean(),
  decimalPlaces: z.number().int(),
  maxApr: z.string(),
  maxAprExcessAction: z.enum(['prompt-and-block', 'prompt-and-confirm', 'nothing']),
});
export type CalculatorOptions = z.infer<typeof calculatorOptionsSchema>;

export const TOOLS_PERMISSIONS = { calculator: 'tools.calculator' } as const;

export const CALCULATOR_PATH = '/tools/calculator';
export const CALCULATOR_EXPORT_PATH = '/tools/calculator/export';
export const CALCULATOR_OPTIONS_PATH = '/tools/calculator/options';
