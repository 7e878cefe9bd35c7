import { z } from 'zod';
import { INTEREST_METHODS } from './calculator.js';
import { LANGUAGES } from './errors.js';
import {
  DAY_COUNTS,
  DECIMAL_PLACES,
  HOLIDAY_OVERDUE_INTEREST,
  LATE_PAYOUT_POLICIES,
  PRINCIPAL_REPAYMENT_RULES,
  MAX_APR_EXCESS_ACTIONS,
  MAX_APR_LIMIT,
  ROUNDING_MODES,
  SETTING_INTEGER_RANGES,
  SETTINGS_SECTIONS,
  DTI_LIMIT_MAX,
  SYSTEM_SETTING_KEYS,
  WEEKDAYS,
  systemSettingsSchema,
  type SystemSettingKey,
} from './settings.js';
import { CONTROLLED_KINDS } from './approvals.js';

/**
 * System → system list and develop list (spec §7 getSystem…, createSystem, getSystemDevelop…,
 * createSystemDevelop). They show the SAME parameters as the default settings page — the
 * `settings` rows declared by `systemSettingsSchema` — one parameter at a time, by group. The
 * declaration below adds what a list needs (kind, range, options); the develop list may change at
 * run time only how the system list presents a parameter (group, order, shown, editable there),
 * kept in `setting_definitions`; type, range and default stay the declaration's.
 */
export const SETTING_KINDS = ['integer', 'decimal', 'boolean', 'choice', 'choices'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

export interface SettingDefinition {
  kind: SettingKind;
  /** Bounds as decimal text (null: none); inclusive unless `minExclusive`. */
  min: string | null;
  max: string | null;
  minExclusive?: boolean;
  /** The values a choice may take (empty for other kinds). */
  options: readonly (string | number)[];
  /** Shown after the value: '%', 'HK$' or none. */
  unit: '%' | 'HK$' | null;
}

const choice = (options: readonly (string | number)[], kind: 'choice' | 'choices' = 'choice'): SettingDefinition => ({ kind, min: null, max: null, options, unit: null });
const flag: SettingDefinition = { kind: 'boolean', min: null, max: null, options: [], unit: null };
const integer = (key: keyof typeof SETTING_INTEGER_RANGES): SettingDefinition => ({
  kind: 'integer',
  min: String(SETTING_INTEGER_RANGES[key].min),
  max: String(SETTING_INTEGER_RANGES[key].max),
  options: [],
  unit: null,
});

/** Kind, range and options of every setting, from the same constants the schema checks. */
export const SETTING_DEFINITIONS: Readonly<Record<SystemSettingKey, SettingDefinition>> = {
  interestMethods: choice(INTEREST_METHODS, 'choices'),
  ruleOf78: flag,
  maxApr: { kind: 'decimal', min: '0', minExclusive: true, max: String(MAX_APR_LIMIT), options: [], unit: '%' },
  maxAprExcessAction: choice(MAX_APR_EXCESS_ACTIONS),
  // empty: no limit
  dtiReasonAbove: { kind: 'decimal', min: '0', minExclusive: true, max: String(DTI_LIMIT_MAX), options: [], unit: '%' },
  dayCount: choice(DAY_COUNTS),
  decimalPlaces: choice(DECIMAL_PLACES),
  rounding: choice(ROUNDING_MODES),
  holidayOverdueInterest: choice(HOLIDAY_OVERDUE_INTEREST),
  daysOff: choice(WEEKDAYS, 'choices'),
  moveDueDateOffHoliday: flag,
  principalRepaymentRule: choice(PRINCIPAL_REPAYMENT_RULES),
  lateDrawdownFee: { kind: 'decimal', min: '0', max: null, options: [], unit: 'HK$' },
  latePayoutPolicy: choice(LATE_PAYOUT_POLICIES),
  latePayoutRefuseAfterDays: integer('latePayoutRefuseAfterDays'),
  printedTenorCount: integer('printedTenorCount'),
  overdueReminderDays: integer('overdueReminderDays'),
  overdueReminderPageSize: integer('overdueReminderPageSize'),
  recordsPerPage: integer('recordsPerPage'),
  activePeriodDays: integer('activePeriodDays'),
  smsCharCount: integer('smsCharCount'),
  accessTokenTtlSeconds: integer('accessTokenTtlSeconds'),
  refreshTokenTtlDays: integer('refreshTokenTtlDays'),
  idleTimeoutMinutes: integer('idleTimeoutMinutes'),
  lockoutThreshold: integer('lockoutThreshold'),
  lockoutMinutes: integer('lockoutMinutes'),
  passwordMinLength: integer('passwordMinLength'),
  visibleTelDigits: integer('visibleTelDigits'),
  retentionYears: integer('retentionYears'),
  fourEyesKinds: choice(CONTROLLED_KINDS, 'choices'),
  numberLookupsPerHour: integer('numberLookupsPerHour'),
};

/** The groups (the default settings page's sections), in order. */
export const SETTING_GROUPS = SETTINGS_SECTIONS.map((s) => s.key) as ['interest', 'calculation', 'operations', 'security'];
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** Where the declaration puts a setting: its section and its place in it (10, 20, …). */
export function declaredPlacement(key: SystemSettingKey): { group: SettingGroup; sort: number } {
  for (const s of SETTINGS_SECTIONS) {
    const i = s.fields.indexOf(key);
    if (i >= 0) return { group: s.key as SettingGroup, sort: (i + 1) * 10 };
  }
  throw new Error(`setting ${key} is in no section`);
}

const keySchema = z.enum(SYSTEM_SETTING_KEYS as [SystemSettingKey, ...SystemSettingKey[]], { message: 'validation.choice' });
const groupSchema = z.enum(SETTING_GROUPS, { message: 'validation.choice' });
const settingValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]);
const threeLanguages = z.object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string()])) as Record<(typeof LANGUAGES)[number], z.ZodString>);

const definitionFields = {
  key: keySchema,
  group: groupSchema,
  sort: z.number().int(),
  kind: z.enum(SETTING_KINDS),
  min: z.string().nullable(),
  max: z.string().nullable(),
  /** The value must be above `min` (a maximum APR of 0 % is refused). */
  minExclusive: z.boolean(),
  options: z.array(z.union([z.string(), z.number()])),
  unit: z.enum(['%', 'HK$']).nullable(),
  default: settingValueSchema,
  /** Shown on the system list. */
  listed: z.boolean(),
  /** Staff with `system.list.edit` may change it on the system list. */
  editable: z.boolean(),
};

/** `GET /getSystemList`: the groups with how many parameters the system list shows in each. */
export const systemGroupSchema = z.object({ id: groupSchema, count: z.number().int() });
export const systemGroupsSchema = z.array(systemGroupSchema);

/** One parameter as the system list shows it: its definition, value and last change. */
export const systemParamSchema = z.object({
  ...definitionFields,
  value: settingValueSchema,
  /** When the value was last saved, and by whom (null: never changed, or by the system). */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type SystemParam = z.infer<typeof systemParamSchema>;
export const systemParamsSchema = z.array(systemParamSchema);

/** One parameter definition as the develop list shows it. */
export const systemDevelopSchema = z.object({
  ...definitionFields,
  label: threeLanguages,
  description: threeLanguages,
  /** When the presentation was last changed on the develop list, and by whom. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type SystemDevelop = z.infer<typeof systemDevelopSchema>;
export const systemDevelopListSchema = z.array(systemDevelopSchema);

export const systemKeyParamsSchema = z.object({ id: keySchema });
export const systemGroupParamsSchema = z.object({ id: groupSchema });
export const systemDevelopQuerySchema = z.object({ key: keySchema });

/**
 * `POST /createSystem`: one parameter's new value, checked by the same schema as the default
 * settings page (`systemSettingsSchema`), so a value out of range is refused the same way.
 */
export const createSystemSchema = z.discriminatedUnion(
  'key',
  SYSTEM_SETTING_KEYS.map((key) => z.object({ key: z.literal(key), value: systemSettingsSchema.shape[key] }).strict()) as unknown as [
    z.ZodObject<{ key: z.ZodLiteral<SystemSettingKey>; value: z.ZodType<unknown> }>,
  ],
);
export type CreateSystemInput = { key: SystemSettingKey; value: unknown };

/** `POST /createSystemDevelop`: how the system list presents a parameter (super administrator only). */
export const createSystemDevelopSchema = z
  .object({
    key: keySchema,
    group: groupSchema.optional(),
    sort: z.coerce.number({ message: 'validation.integer' }).int({ message: 'validation.integer' }).min(0).max(9999).optional(),
    listed: z.boolean().optional(),
    editable: z.boolean().optional(),
  })
  .strict();
export type CreateSystemDevelopInput = z.infer<typeof createSystemDevelopSchema>;

/** `GET /getSystemConfigList`: the lists the web loads at start (spec §3 "sys_list"). */
const optionSchema = z.object({ value: z.string(), label: z.string() });
export const systemConfigListSchema = z.object({ sys_list: z.object({ loan_type: z.array(optionSchema) }) });
export type SystemConfigList = z.infer<typeof systemConfigListSchema>;

export const SYSTEM_LIST_PATHS = {
  groups: '/getSystemList',
  group: '/getSystemGroupList/:id',
  info: '/getSystemInfo/:id',
  values: '/getSystem',
  set: '/createSystem',
  config: '/getSystemConfigList',
  developList: '/getSystemDevelopList',
  develop: '/getSystemDevelop',
  setDevelop: '/createSystemDevelop',
  monitor: '/getSystemMonitor',
} as const;

/**
 * `GET /getSystemMonitor`: figures read from the process and the database when asked. A null
 * figure could not be read (the database role may not see it) and is shown as "not available".
 */
export const systemMonitorSchema = z.object({
  checkedAt: z.string(),
  app: z.object({
    version: z.string(),
    commit: z.string().nullable(),
    node: z.string(),
    startedAt: z.string(),
    uptimeSeconds: z.number(),
    memory: z.object({ rss: z.number(), heapUsed: z.number(), heapTotal: z.number() }),
  }),
  database: z.object({
    version: z.string().nullable(),
    sizeBytes: z.number().nullable(),
    /** Connections to this database by state; `unknown` = the role may not see the state. */
    connections: z.array(z.object({ state: z.string(), count: z.number().int() })).nullable(),
    pool: z.object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int(), max: z.number().int() }).nullable(),
  }),
  migrations: z.object({
    applied: z.number().int().nullable(),
    files: z.number().int(),
    lastAppliedAt: z.string().nullable(),
    /** Tag of the last migration file applied (e.g. `0008_company_info`). */
    last: z.string().nullable(),
  }),
  activity: z.object({
    /** Answers 5xx since this server process started. */
    serverErrors: z.number().int(),
    /** Failed logins (audit `tried_to_login`) in the last 24 hours. */
    failedLogins24h: z.number().int().nullable(),
    /** The last holiday import (audit `upload` of `holidays`): when, by whom, from what. */
    lastHolidayImport: z.object({ at: z.string(), by: z.string().nullable(), source: z.string().nullable() }).nullable(),
    /** The last run of the daily servicing job (audit `edit` of `repayments`, reference `daily:<date>`): when, for which business day, how many loans. */
    lastDailyRun: z.object({ at: z.string(), asOf: z.string(), loans: z.number().int(), overdue: z.number().int(), by: z.string().nullable() }).nullable(),
  }),
});
export type SystemMonitor = z.infer<typeof systemMonitorSchema>;
