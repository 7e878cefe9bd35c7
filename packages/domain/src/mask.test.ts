import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskTail } from './mask.js';

describe('maskTail', () => {
  it('keeps the last N characters and hides the rest', () => {
    expect(maskTail('91234567', 4)).toBe('****4567');
    expect(maskTail('A123456(3)', 3)).toBe('*****563');
    expect(maskTail(null, 4)).toBeNull();
    expect(maskTail('12', 4)).toBe('12');
    expect(maskTail('91234567', 0)).toBe('********');
  });

  it('never reveals more than N characters and keeps the length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{0,20}$/), fc.integer({ min: 0, max: 12 }), (s, n) => {
        const m = maskTail(s, n)!;
        expect(m.length).toBe(s.length);
        expect(m.replace(/\*/g, '').length).toBe(Math.min(n, s.length));
        expect(s.endsWith(m.replace(/\*/g, ''))).toBe(true);
      }),
    );
  });
});
