/**
 * Before/after of an audit entry as rows of a table. Entries are JSON objects (usually a record's
 * columns), but a scalar or an array is shown whole under one row.
 */
export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
  if (!isObject(before ?? {}) || !isObject(after ?? {})) {
    return [{ key: '—', before, after, changed: !same(before, after) }];
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = keys.map((key) => ({ key, before: b[key], after: a[key], changed: !same(b[key], a[key]) }));
  // Changed properties first, each group in the record's own order.
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}

export function showValue(v: unknown): string {
  if (v === undefined) return '';
  if (v === null) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v, null, 2);
}
