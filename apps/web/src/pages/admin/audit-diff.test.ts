import { describe, expect, it } from 'vitest';
import { diffRows, showValue } from './audit-diff';

describe('audit before/after rows', () => {
  it('lists changed properties first, then the unchanged ones, in record order', () => {
    const rows = diffRows({ name: 'A', state: 'normal', storeIds: [1] }, { name: 'A', state: 'forbidden', storeIds: [1, 2] });
    expect(rows.map((r) => [r.key, r.changed])).toEqual([
      ['state', true],
      ['storeIds', true],
      ['name', false],
    ]);
  });

  it('treats a missing side as empty (a creation or a deletion)', () => {
    expect(diffRows(null, { storeId: 1 })).toEqual([{ key: 'storeId', before: undefined, after: 1, changed: true }]);
    expect(diffRows(undefined, null)).toEqual([]);
  });

  it('shows a scalar or array entry whole', () => {
    expect(diffRows('a', 'b')).toEqual([{ key: '—', before: 'a', after: 'b', changed: true }]);
  });

  it('prints values for people: null as a dash, objects as indented JSON', () => {
    expect(showValue(null)).toBe('—');
    expect(showValue(undefined)).toBe('');
    expect(showValue(12)).toBe('12');
    expect(showValue({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
