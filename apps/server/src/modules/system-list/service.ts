/**
 * System → system list and develop list: the settings of `@harbour/contracts` (the same rows the
 * default settings page saves) one parameter at a time, by group. What a parameter is (kind,
 * range, default) is the contracts' declaration; how the system list presents it (group, order,
 * listed, editable) may be changed on the develop list and is kept in `setting_definitions`.
 */
import {
  DEFAULT_SYSTEM_SETTINGS,
  LANGUAGES,
  SETTING_DEFINITIONS,
  SETTING_GROUPS,
  SYSTEM_SETTING_KEYS,
  declaredPlacement,
  type CreateSystemDevelopInput,
  type CreateSystemInput,
  type Language,
  type SettingGroup,
  type SystemConfigList,
  type SystemDevelop,
  type SystemParam,
  type SystemSettingKey,
  type SystemSettings,
} from '@harbour/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settingDefinitions, settings, staff } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { translate } from '../../http/i18n.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { listOptionChoices, optionLabelIn } from '../options/service.js';
import { readAllSettings, saveSettings } from '../settings/service.js';

interface Presentation {
  group: SettingGroup;
  sort: number;
  listed: boolean;
  editable: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The presentation of every setting: the develop list's row, else the declaration's placement. */
async function presentations(db: DbOrTx): Promise<Record<SystemSettingKey, Presentation>> {
  const rows = await db
    .select({ key: settingDefinitions.key, group: settingDefinitions.group, sort: settingDefinitions.sort, listed: settingDefinitions.listed,
      editable: settingDefinitions.editable, updatedAt: settingDefinitions.updatedAt, updatedBy: staff.name })
    .from(settingDefinitions)
    .leftJoin(staff, eq(staff.id, settingDefinitions.updatedBy));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out = {} as Record<SystemSettingKey, Presentation>;
  for (const key of SYSTEM_SETTING_KEYS) {
    const r = byKey.get(key);
    const declared = declaredPlacement(key);
    out[key] = r && (SETTING_GROUPS as readonly string[]).includes(r.group)
      ? { group: r.group as SettingGroup, sort: r.sort, listed: r.listed, editable: r.editable, updatedAt: iso(r.updatedAt), updatedBy: r.updatedBy ?? null }
      : { ...declared, listed: true, editable: true, updatedAt: null, updatedBy: null };
  }
  return out;
}

const order = (p: Record<SystemSettingKey, Presentation>) => (a: SystemSettingKey, b: SystemSettingKey) =>
  SETTING_GROUPS.indexOf(p[a].group) - SETTING_GROUPS.indexOf(p[b].group) || p[a].sort - p[b].sort || a.localeCompare(b);

function definitionOf(key: SystemSettingKey, p: Presentation) {
  const d = SETTING_DEFINITIONS[key];
  return {
    key,
    group: p.group,
    sort: p.sort,
    kind: d.kind,
    min: d.min,
    max: d.max,
    minExclusive: d.minExclusive ?? false,
    options: [...d.options],
    unit: d.unit,
    default: DEFAULT_SYSTEM_SETTINGS[key] as SystemParam['default'],
    listed: p.listed,
    editable: p.editable,
  };
}

/** Last change of each saved setting (`settings.updated_at` / `updated_by`). */
async function lastChanges(db: DbOrTx) {
  const rows = await db
    .select({ key: settings.key, updatedAt: settings.updatedAt, by: staff.name })
    .from(settings)
    .leftJoin(staff, eq(staff.id, settings.updatedBy));
  return new Map(rows.map((r) => [r.key, { updatedAt: iso(r.updatedAt), updatedBy: r.by ?? null }]));
}

async function params(db: DbOrTx, keys: (p: Record<SystemSettingKey, Presentation>) => SystemSettingKey[]): Promise<SystemParam[]> {
  const p = await presentations(db);
  const wanted = keys(p).sort(order(p));
  const [values, changes] = await Promise.all([readAllSettings(db), lastChanges(db)]);
  return wanted.map((key) => ({
    ...definitionOf(key, p[key]),
    value: values[key] as SystemParam['value'],
    ...(changes.get(key) ?? { updatedAt: null, updatedBy: null }),
  }));
}

/** `GET /getSystemList`: each group with the number of parameters the system list shows in it. */
export const systemGroups = (ctx: ServiceContext) =>
  withReadTx(ctx, async (tx) => {
    const p = await presentations(tx);
    return SETTING_GROUPS.map((id) => ({ id, count: SYSTEM_SETTING_KEYS.filter((k) => p[k].listed && p[k].group === id).length }));
  });

/** `GET /getSystemGroupList/:id`: the listed parameters of one group, in order. */
export const systemGroupParams = (ctx: ServiceContext, group: SettingGroup) =>
  withReadTx(ctx, (tx) => params(tx, (p) => SYSTEM_SETTING_KEYS.filter((k) => p[k].listed && p[k].group === group)));

/** `GET /getSystemInfo/:id`: one listed parameter (one not on the system list answers 404). */
export const systemParam = (ctx: ServiceContext, key: SystemSettingKey) =>
  withReadTx(ctx, async (tx) => {
    const [one] = await params(tx, (p) => (p[key].listed ? [key] : []));
    if (!one) throw notFound();
    return one;
  });

/** `GET /getSystem`: every parameter's current value, one object (as `GET /getSystemPresets`). */
export const systemValues = (ctx: ServiceContext): Promise<SystemSettings> => withReadTx(ctx, (tx) => readAllSettings(tx));

/**
 * `POST /createSystem`: one parameter's value, already checked by the settings schema; refused
 * (403) when the develop list keeps it off the system list or read only there. Saved and audited
 * by the default settings' own save (one `settings` audit row with the value before and after).
 */
export const setSystemParam = (ctx: ServiceContext, input: CreateSystemInput) =>
  withTx(ctx, async (tx) => {
    // The same lock as the settings save, taken before the presentation is read.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('harbour.settings'))`);
    const p = (await presentations(tx))[input.key];
    if (!p.listed || !p.editable) throw forbidden('params.notEditable');
    await saveSettings(tx, ctx, { [input.key]: input.value } as Partial<SystemSettings>);
    const [one] = await params(tx, () => [input.key]);
    return one!;
  });

const inEveryLanguage = (code: string) => Object.fromEntries(LANGUAGES.map((l) => [l, translate(l, code)])) as Record<Language, string>;

async function developItems(db: DbOrTx, only?: SystemSettingKey): Promise<SystemDevelop[]> {
  const p = await presentations(db);
  const keys = (only ? [only] : [...SYSTEM_SETTING_KEYS]).sort(order(p));
  return keys.map((key) => ({
    ...definitionOf(key, p[key]),
    label: inEveryLanguage(`settings.fields.${key}`),
    description: inEveryLanguage(`settings.help.${key}`),
    updatedAt: p[key].updatedAt,
    updatedBy: p[key].updatedBy,
  }));
}

/** `GET /getSystemDevelopList`: every parameter definition, listed or not. */
export const developList = (ctx: ServiceContext) => withReadTx(ctx, (tx) => developItems(tx));

/** `GET /getSystemDevelop?key=`: one definition. */
export const developOne = (ctx: ServiceContext, key: SystemSettingKey) => withReadTx(ctx, async (tx) => (await developItems(tx, key))[0]!);

/**
 * `POST /createSystemDevelop`: group, order, listed and editable of one parameter (never its type,
 * range or value). The super administrator only; one audit row with the presentation before and after.
 */
export const setDevelop = (ctx: ServiceContext, input: CreateSystemDevelopInput) => {
  if (!ctx.auth?.superAdmin) throw forbidden('params.superAdminOnly');
  return withTx(ctx, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('harbour.settings'))`);
    const current = (await presentations(tx))[input.key];
    const before = { group: current.group, sort: current.sort, listed: current.listed, editable: current.editable };
    const after = {
      group: input.group ?? before.group,
      sort: input.sort ?? before.sort,
      listed: input.listed ?? before.listed,
      editable: input.editable ?? before.editable,
    };
    const staffId = ctx.auth?.staffId ?? null;
    await tx
      .insert(settingDefinitions)
      .values({ key: input.key, ...after, createdBy: staffId, updatedBy: staffId })
      .onConflictDoUpdate({
        target: settingDefinitions.key,
        set: { group: after.group, sort: after.sort, listed: after.listed, editable: after.editable, updatedAt: sql`now()`, updatedBy: staffId },
      });
    await audit(tx, { action: 'edit', module: 'settingDefinitions', reference: input.key, before, after });
    return (await developItems(tx, input.key))[0]!;
  });
};

/**
 * `GET /getSystemConfigList`: the lists the web loads at start (spec §3 `sys_list`). Loan types
 * are master data's loan-type option list (its enabled options, in order), labelled in the
 * caller's language; `value` is the option's code, which loans store.
 */
export async function systemConfigList(ctx: ServiceContext): Promise<SystemConfigList> {
  const { loanType } = await listOptionChoices(ctx.db);
  return { sys_list: { loan_type: loanType.map((o) => ({ value: o.code, label: optionLabelIn(o, ctx.lang) })) } };
}
