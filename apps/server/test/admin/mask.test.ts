import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskTail } from '../../src/modules/staff/mask.js';
import { ipMatchesAny } from '../../src/modules/access-ips/match.js';

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

describe('ipMatchesAny', () => {
  it('matches single addresses and CIDR blocks, IPv4 and IPv6', () => {
    expect(ipMatchesAny('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipMatchesAny('11.1.2.3', ['10.0.0.0/8'])).toBe(false);
    expect(ipMatchesAny('192.168.1.5', ['192.168.1.5'])).toBe(true);
    expect(ipMatchesAny('192.168.1.6', ['192.168.1.5'])).toBe(false);
    expect(ipMatchesAny('::ffff:192.168.1.5', ['192.168.1.5'])).toBe(true);
    expect(ipMatchesAny('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipMatchesAny('2001:db9::1', ['2001:db8::/32'])).toBe(false);
    expect(ipMatchesAny('not-an-ip', ['0.0.0.0/0'])).toBe(false);
    expect(ipMatchesAny('1.2.3.4', [])).toBe(false);
  });
});
