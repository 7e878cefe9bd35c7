import type { SettingKind } from '@harbour/contracts';
import { groupThousands } from '@harbour/domain';
import { moneyDisplay } from '../../components/format.js';
import type { TFunction } from 'i18next';

/** What the lists need to show a parameter's value. */
export interface ParamShape {
  key: string;
  kind: SettingKind;
  unit: '%' | 'HK$' | null;
  min: string | null;
  max: string | null;
  minExclusive?: boolean;
  options: readonly (string | number)[];
}

/** The label of one option of a choice: the default settings page's own texts. */
export function optionText(t: TFunction, key: string, option: string | number): string {
  const group = key === 'daysOff' ? 'weekday' : key;
  const code = `settings:options.${group}.${option}`;
  return t(code, { defaultValue: String(option) });
}

function numberText(p: ParamShape, v: string | number): string {
  if (p.kind === 'integer') return groupThousands(String(v));
  if (p.unit === 'HK$') return `HK$ ${moneyDisplay(String(v))}`;
  return p.unit === '%' ? `${v}%` : String(v);
}

/** A value as text: on/off, option labels, grouped numbers with their unit. */
export function valueText(t: TFunction, p: ParamShape, value: unknown): string {
  switch (p.kind) {
    case 'boolean':
      return value ? t('params:on') : t('params:off');
    case 'choice':
      return optionText(t, p.key, value as string | number);
    case 'choices': {
      const list = Array.isArray(value) ? (value as (string | number)[]) : [];
      return list.length ? list.map((v) => optionText(t, p.key, v)).join(t('params:separator')) : t('params:none');
    }
    default:
      return numberText(p, value as string | number);
  }
}

/** The allowed values: a range for numbers, the options for a choice, nothing for on/off. */
export function rangeText(t: TFunction, p: ParamShape): string {
  if (p.kind === 'choice' || p.kind === 'choices') return p.options.map((o) => optionText(t, p.key, o)).join(' / ');
  if (p.kind === 'boolean') return t('params:range.any');
  if (p.min !== null && p.max !== null && p.minExclusive) return t('params:range.aboveTo', { min: numberText(p, p.min), max: numberText(p, p.max) });
  if (p.min !== null && p.max !== null) return t('params:range.between', { min: numberText(p, p.min), max: numberText(p, p.max) });
  if (p.min !== null) return t('params:range.atLeast', { min: numberText(p, p.min) });
  return t('params:range.any');
}
