import { CONTROLLED_KINDS, FOUR_EYES_SETTINGS_KIND, fourEyesReason, type FourEyesKind } from './approvals.js';
import { z } from 'zod';
import { DAY_COUNT_CONVENTIONS, LATE_PAYOUT_POLICIES, RESCHEDULE_RULES } from '@harbour/domain';
import { decimalString, INTEREST_METHODS, moneyAmount, V } from './calculator.js';

/**
 * System → default settings (spec §9 "Settings" plus the platform's session and login
 * limits). Each property is one row of the `settings` table (key → JSONB value) under the same
 * name, so any part of the server reads one setting by its key. Read with
 * `GET /getSystemPresets`, saved whole with `POST /createSystemPresets` (spec §7 names).
 */
export const ROUNDING_MODES = ['half-up', 'half-even', 'up', 'down'] as const;
export const MAX_APR_EXCESS_ACTIONS = ['prompt-and-block', 'prompt-and-confirm', 'nothing'] as const;
export type MaxAprExcessAction = (typeof MAX_APR_EXCESS_ACTIONS)[number];
export const HOLIDAY_OVERDUE_INTEREST = ['count', 'not-count', 'treat-as-holiday'] as const;
/** How interest counts time: actual days over 365, actual days over 360, or 30/360 (the domain's `yearFraction`). */
export const DAY_COUNTS = DAY_COUNT_CONVENTIONS;
export type DayCount = (typeof DAY_COUNTS)[number];
/** After a partial principal repayment: the same instalment over fewer tenors, or a lower instalment over the same tenors. */
export const PRINCIPAL_REPAYMENT_RULES = RESCHEDULE_RULES;
export type PrincipalRepaymentRule = (typeof PRINCIPAL_REPAYMENT_RULES)[number];
/** A payout after the agreed loan date: re-base the schedule on the payout date, or refuse it after N days. */
export { LATE_PAYOUT_POLICIES };
export type LatePayoutPolicySetting = (typeof LATE_PAYOUT_POLICIES)[number];
export const DECIMAL_PLACES = [0, 1, 2] as const;
/** 0 = Sunday … 6 = Saturday, as `Date#getUTCDay`. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const int = (min: number, max: number) =>
  z.coerce.number({ message: V.integer }).int({ message: V.integer }).min(min, { message: V.range }).max(max, { message: V.range });
const oneOf = <T extends readonly [number, ...number[]]>(values: T) =>
  z.coerce
    .number({ message: V.choice })
    .refine((v): v is T[number] => (values as readonly number[]).includes(v), { message: V.choice })
    .transform((v) => v as T[number]);

/** The whole-number settings and their allowed range (inclusive); the schema, the web's inputs and
 * the system list all read this one table. */
export const SETTING_INTEGER_RANGES = {
  printedTenorCount: { min: 1, max: 120 },
  overdueReminderDays: { min: 0, max: 365 },
  overdueReminderPageSize: { min: 1, max: 100 },
  recordsPerPage: { min: 1, max: 100 },
  activePeriodDays: { min: 0, max: 3650 },
  smsCharCount: { min: 1, max: 1000 },
  accessTokenTtlSeconds: { min: 300, max: 86_400 },
  refreshTokenTtlDays: { min: 1, max: 90 },
  idleTimeoutMinutes: { min: 1, max: 1440 },
  lockoutThreshold: { min: 1, max: 100 },
  lockoutMinutes: { min: 1, max: 1440 },
  visibleTelDigits: { min: 0, max: 8 },
  numberLookupsPerHour: { min: 0, max: 1000 },
  // OWASP ASVS 5.0 (L2): at least 12; the setting may only raise it.
  passwordMinLength: { min: 12, max: 128 },
  latePayoutRefuseAfterDays: { min: 0, max: 365 },
  // Not below 6: a claim on a loan contract may be brought for six years (Limitation Ordinance
  // s.4(1)), so the lender keeps who the borrower was at least that long (docs/operations.md).
  retentionYears: { min: 6, max: 30 },
} as const;
export type IntegerSettingKey = keyof typeof SETTING_INTEGER_RANGES;
/** The largest maximum APR (percent) the setting accepts. */
export const MAX_APR_LIMIT = 1000;

/** The largest debt-to-income limit (percent) the setting accepts. */
export const DTI_LIMIT_MAX = 1000;

/**
 * A percent where an empty value means "no limit" (kept as ''): the settings table holds one JSON
 * value per key and reads a value of another type as the default, so "none" is the empty string.
 */
const optionalPercent = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? '' : v),
    z.union([z.literal(''), decimalString({ positive: true }).refine((v) => Number(v) <= max, { message: V.range })], { message: V.decimal }),
  );

const ranged = (key: IntegerSettingKey) => int(SETTING_INTEGER_RANGES[key].min, SETTING_INTEGER_RANGES[key].max);

export const systemSettingsSchema = z.object({
  // Loan terms and the schedule engine
  interestMethods: z.array(z.enum(INTEREST_METHODS, { message: V.choice })).min(1, { message: V.atLeastOne }),
  ruleOf78: z.boolean(),
  /** Maximum APR in percent a year ("48"); the calculator and loan forms check terms against it. */
  maxApr: decimalString({ positive: true }).refine((v) => Number(v) <= MAX_APR_LIMIT, { message: V.range }),
  maxAprExcessAction: z.enum(MAX_APR_EXCESS_ACTIONS, { message: V.choice }),
  /**
   * Debt-to-income ratio (percent) above which approving an unsecured loan to an individual needs
   * the approver's reason ('' = no limit; licensing condition 2021, docs/s18-documents.md).
   */
  dtiReasonAbove: optionalPercent(DTI_LIMIT_MAX),
  dayCount: z.enum(DAY_COUNTS, { message: V.choice }),
  decimalPlaces: oneOf(DECIMAL_PLACES),
  rounding: z.enum(ROUNDING_MODES, { message: V.choice }),
  holidayOverdueInterest: z.enum(HOLIDAY_OVERDUE_INTEREST, { message: V.choice }),
  /** Weekly days off; all seven would leave no day to fall due on. */
  daysOff: z
    .array(oneOf(WEEKDAYS))
    .max(6, { message: V.range })
    .transform((days) => [...new Set(days)].sort()),
  moveDueDateOffHoliday: z.boolean(),
  principalRepaymentRule: z.enum(PRINCIPAL_REPAYMENT_RULES, { message: V.choice }),
  lateDrawdownFee: moneyAmount({ positive: false }),
  /** A payout after the agreed date: `rebase` the schedule on the payout date, or `refuse` it after N days. */
  latePayoutPolicy: z.enum(LATE_PAYOUT_POLICIES, { message: V.choice }),
  latePayoutRefuseAfterDays: ranged('latePayoutRefuseAfterDays'),
  printedTenorCount: ranged('printedTenorCount'),
  // Collection and lists
  overdueReminderDays: ranged('overdueReminderDays'),
  overdueReminderPageSize: ranged('overdueReminderPageSize'),
  recordsPerPage: ranged('recordsPerPage'),
  /** Days after entry during which a record may still be edited. */
  activePeriodDays: ranged('activePeriodDays'),
  smsCharCount: ranged('smsCharCount'),
  // Platform: sessions and login
  accessTokenTtlSeconds: ranged('accessTokenTtlSeconds'),
  refreshTokenTtlDays: ranged('refreshTokenTtlDays'),
  idleTimeoutMinutes: ranged('idleTimeoutMinutes'),
  lockoutThreshold: ranged('lockoutThreshold'),
  lockoutMinutes: ranged('lockoutMinutes'),
  /** The shortest password accepted (`platform/passwords.ts`'s policy; never below 12). */
  passwordMinLength: ranged('passwordMinLength'),
  /** Digits of a phone number shown to staff without the permission to see it whole. */
  visibleTelDigits: ranged('visibleTelDigits'),
  /** Years after a customer's last loan closed before the retention job anonymises them (PDPO DPP2). */
  retentionYears: ranged('retentionYears'),
  /** Four eyes: the actions that wait for a second person's approval (docs/server-conventions.md → Four eyes). */
  fourEyesKinds: z.array(z.enum(CONTROLLED_KINDS, { message: V.choice })).transform((kinds) => [...new Set(kinds)]),
  /**
   * Searches by a whole ID number or phone one staff member without the area's reveal key may run
   * in an hour (`platform/number-lookup.ts`); 0 = none at all.
   */
  numberLookupsPerHour: ranged('numberLookupsPerHour'),
});

/**
 * The settings as answered (`GET /getSystemPresets`): plain values without the input schema's
 * coercions, because answers are encoded through their schema and a transform cannot run backwards.
 */
export const systemSettingsValuesSchema = z.object({
  interestMethods: z.array(z.enum(INTEREST_METHODS)),
  ruleOf78: z.boolean(),
  maxApr: z.string(),
  maxAprExcessAction: z.enum(MAX_APR_EXCESS_ACTIONS),
  dtiReasonAbove: z.string(),
  dayCount: z.enum(DAY_COUNTS),
  decimalPlaces: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  rounding: z.enum(ROUNDING_MODES),
  holidayOverdueInterest: z.enum(HOLIDAY_OVERDUE_INTEREST),
  daysOff: z.array(z.number().int()),
  moveDueDateOffHoliday: z.boolean(),
  principalRepaymentRule: z.enum(PRINCIPAL_REPAYMENT_RULES),
  lateDrawdownFee: z.string(),
  latePayoutPolicy: z.enum(LATE_PAYOUT_POLICIES),
  latePayoutRefuseAfterDays: z.number().int(),
  printedTenorCount: z.number().int(),
  overdueReminderDays: z.number().int(),
  overdueReminderPageSize: z.number().int(),
  recordsPerPage: z.number().int(),
  activePeriodDays: z.number().int(),
  smsCharCount: z.number().int(),
  accessTokenTtlSeconds: z.number().int(),
  refreshTokenTtlDays: z.number().int(),
  idleTimeoutMinutes: z.number().int(),
  lockoutThreshold: z.number().int(),
  lockoutMinutes: z.number().int(),
  passwordMinLength: z.number().int(),
  visibleTelDigits: z.number().int(),
  retentionYears: z.number().int(),
  fourEyesKinds: z.array(z.enum(CONTROLLED_KINDS)),
  numberLookupsPerHour: z.number().int(),
});
export type SystemSettings = z.infer<typeof systemSettingsValuesSchema>;
// The input schema must produce exactly the answered shape.
const _sameShape: z.output<typeof systemSettingsSchema> extends SystemSettings ? true : never = true;
void _sameShape;
export type SystemSettingKey = keyof SystemSettings;

/** The values a fresh installation starts with; a key missing from the table reads as this. */
export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  interestMethods: ['amortization', 'interest-first'],
  ruleOf78: false,
  maxApr: '48',
  maxAprExcessAction: 'prompt-and-block',
  dtiReasonAbove: '50',
  dayCount: 'actual/365',
  decimalPlaces: 2,
  rounding: 'half-up',
  holidayOverdueInterest: 'count',
  daysOff: [],
  moveDueDateOffHoliday: false,
  principalRepaymentRule: 'lower-instalment',
  lateDrawdownFee: '0',
  latePayoutPolicy: 'rebase',
  latePayoutRefuseAfterDays: 30,
  printedTenorCount: 12,
  overdueReminderDays: 3,
  overdueReminderPageSize: 20,
  recordsPerPage: 20,
  activePeriodDays: 7,
  smsCharCount: 70,
  accessTokenTtlSeconds: 7200,
  refreshTokenTtlDays: 7,
  idleTimeoutMinutes: 30,
  lockoutThreshold: 5,
  lockoutMinutes: 15,
  passwordMinLength: 12,
  visibleTelDigits: 4,
  retentionYears: 7,
  fourEyesKinds: [...CONTROLLED_KINDS],
  numberLookupsPerHour: 20,
};

export const SYSTEM_SETTING_KEYS = Object.keys(DEFAULT_SYSTEM_SETTINGS) as SystemSettingKey[];

/**
 * A settings save's body: any subset of the settings, and the maker's `reason` — required when the
 * save changes a setting under four eyes (`settingsFourEyesKind`), recorded on the request and
 * shown to the checker; ignored when the save takes effect at once.
 */
export const systemSettingsSaveSchema = systemSettingsSchema.partial().extend({ reason: fourEyesReason }).strict();
export type SystemSettingsSave = Partial<SystemSettings> & { reason?: string | undefined };

/**
 * The settings a second person approves (`settings.rates`): the rates, fees and periods loans are
 * priced and corrected by — interest methods, rule of 78, maximum APR and its excess action, day
 * count, late drawdown fee, active period. (The late payout policy decides when a payout is
 * refused, not what it costs: it saves at once.) The list of controlled kinds itself is
 * `settings.fourEyes`, always controlled.
 */
export const RATE_SETTINGS: readonly SystemSettingKey[] = ['interestMethods', 'ruleOf78', 'maxApr', 'maxAprExcessAction', 'dayCount', 'lateDrawdownFee', 'activePeriodDays'];

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a save changes of the settings as they stand: only changed keys count (the reason is none). */
export function changedSettingKeys(current: SystemSettings, patch: SystemSettingsSave): SystemSettingKey[] {
  return (Object.keys(patch) as (SystemSettingKey | 'reason')[]).filter((k): k is SystemSettingKey => k !== 'reason' && patch[k] !== undefined && !sameValue(patch[k], current[k]));
}

/** The controlled kind of a save, if it changes a controlled setting (the four-eyes list first). */
export function settingsFourEyesKind(current: SystemSettings, patch: SystemSettingsSave): FourEyesKind | null {
  const changed = changedSettingKeys(current, patch);
  if (changed.includes('fourEyesKinds')) return FOUR_EYES_SETTINGS_KIND;
  if (changed.some((k) => RATE_SETTINGS.includes(k))) return 'settings.rates';
  return null;
}

/**
 * Whether the save goes to a second person as the settings stand (its kind is in `fourEyesKinds`,
 * or it changes that list): then the maker gives a reason. The settings pages ask for it in their
 * confirmation; the server refuses a request without one (400 `approvals.errors.reasonRequired`).
 */
export function settingsSaveIsRequest(current: SystemSettings, patch: SystemSettingsSave): boolean {
  const kind = settingsFourEyesKind(current, patch);
  return kind === FOUR_EYES_SETTINGS_KIND || (kind !== null && (current.fourEyesKinds as readonly string[]).includes(kind));
}

/** The form's sections, in order; the web renders one card per section. */
export const SETTINGS_SECTIONS: readonly { key: string; fields: readonly SystemSettingKey[] }[] = [
  {
    key: 'interest',
    fields: ['interestMethods', 'ruleOf78', 'maxApr', 'maxAprExcessAction', 'dtiReasonAbove', 'lateDrawdownFee', 'latePayoutPolicy', 'latePayoutRefuseAfterDays', 'principalRepaymentRule'],
  },
  {
    key: 'calculation',
    fields: ['dayCount', 'decimalPlaces', 'rounding', 'holidayOverdueInterest', 'daysOff', 'moveDueDateOffHoliday'],
  },
  {
    key: 'operations',
    fields: [
      'overdueReminderDays',
      'overdueReminderPageSize',
      'recordsPerPage',
      'printedTenorCount',
      'activePeriodDays',
      'smsCharCount',
      'retentionYears',
    ],
  },
  {
    key: 'security',
    fields: [
      'accessTokenTtlSeconds',
      'refreshTokenTtlDays',
      'idleTimeoutMinutes',
      'lockoutThreshold',
      'lockoutMinutes',
      'passwordMinLength',
      'visibleTelDigits',
      'fourEyesKinds',
      'numberLookupsPerHour',
    ],
  },
];

export const SETTINGS_PERMISSION = 'system.settings';

export const GET_SYSTEM_PRESETS_PATH = '/getSystemPresets';
export const CREATE_SYSTEM_PRESETS_PATH = '/createSystemPresets';
