import dayjs, { type Dayjs } from 'dayjs';
import { isMaskedValue, type ResourceField } from '@harbour/contracts';

/**
 * Translation between an API item/payload (dates as `YYYY-MM-DD` strings, money and rates as
 * decimal strings) and antd form values (dates as dayjs). Money stays a string all the way:
 * InputNumber runs in string mode, so no amount ever passes through a binary float.
 */
export type FormMode = 'create' | 'edit';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** The fields the create or the edit form shows. */
export function formFields(fields: readonly ResourceField[], mode: FormMode): ResourceField[] {
  return fields.filter((f) => f.form === true || f.form === mode);
}

/** Form values for an item being edited (or empty values for a new one). */
export function toFormValues(
  fields: readonly ResourceField[],
  item: Record<string, unknown> | undefined,
  mode: FormMode,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of formFields(fields, mode)) {
    const v = item?.[f.name];
    if (f.kind === 'password') continue; // never prefilled: only typed when it changes
    if ((f.kind === 'date' || f.kind === 'datetime') && typeof v === 'string' && v) {
      values[f.name] = dayjs(v);
    } else if (f.kind === 'boolean') {
      values[f.name] = v === true;
    } else if (f.kind === 'refs') {
      values[f.name] = Array.isArray(v) ? v : [];
    } else if (v !== undefined && v !== null) {
      values[f.name] = v;
    }
  }
  return values;
}

/**
 * The create/update payload from form values. An emptied input is sent as `null` on edit only when
 * the update contract accepts `null` for it (`clearable`), otherwise left out; an empty password
 * is always left out because the rule is "only filled when changing"; a `masked` field still
 * holding the mask it was loaded with is left out on edit ("keep the stored value").
 */
export function toPayload(
  fields: readonly ResourceField[],
  values: Record<string, unknown>,
  mode: FormMode,
  clearable: (name: string) => boolean = () => false,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of formFields(fields, mode)) {
    const v = values[f.name];
    const empty = v === undefined || v === null || v === '';
    if (empty) {
      if (f.kind === 'password') continue;
      if (mode === 'edit' && clearable(f.name)) out[f.name] = null;
      continue;
    }
    if (mode === 'edit' && f.masked && isMaskedValue(v)) continue;
    if (f.kind === 'date') out[f.name] = (v as Dayjs).format(DATE_FORMAT);
    else if (f.kind === 'datetime') out[f.name] = (v as Dayjs).toISOString();
    else if (f.kind === 'money' || f.kind === 'rate') out[f.name] = String(v);
    else if (typeof v === 'string') out[f.name] = v.trim();
    else out[f.name] = v;
  }
  return out;
}
