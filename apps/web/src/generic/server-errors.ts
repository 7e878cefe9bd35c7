import type { FormInstance } from 'antd';
import type { FieldError } from '@harbour/contracts';

/**
 * A 400/409 answer carries `errors: [{ field, message }]` with messages already in the caller's
 * language. They are shown under the matching form fields; a field path such as `api.0` or
 * `storeIds.1` belongs to the `api` / `storeIds` control.
 */
export function fieldErrorsOf(err: unknown): FieldError[] {
  if (typeof err !== 'object' || err === null || !('errors' in err)) return [];
  const list = (err as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (e): e is FieldError =>
      typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
  );
}

/**
 * Puts the server's field errors on the form. Returns the errors that match no form field, so the
 * caller can still show them (the API client has already shown the envelope's message).
 */
export function applyServerErrors(form: FormInstance, err: unknown, formFieldNames: readonly string[]): FieldError[] {
  const byField = new Map<string, string[]>();
  const unmatched: FieldError[] = [];
  for (const e of fieldErrorsOf(err)) {
    const root = e.field.split('.')[0] ?? e.field;
    if (!formFieldNames.includes(root)) {
      unmatched.push(e);
      continue;
    }
    byField.set(root, [...(byField.get(root) ?? []), e.message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors: [...new Set(errors)] })));
  return unmatched;
}
