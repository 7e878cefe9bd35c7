import { describe, expect, it } from 'vitest';
import { bytesText, durationParts } from './monitor-format';

describe('monitor figures', () => {
  it('formats bytes with 1024-based units', () => {
    expect(bytesText(512)).toBe('512 B');
    expect(bytesText(1536)).toBe('1.5 KB');
    expect(bytesText(8_912_896)).toBe('8.5 MB');
    expect(bytesText(3 * 1024 ** 3)).toBe('3.0 GB');
  });
  it('splits durations into days, hours and minutes', () => {
    expect(durationParts(42)).toEqual([['s', 42]]);
    expect(durationParts(3600)).toEqual([['h', 1]]);
    expect(durationParts(90_061)).toEqual([['d', 1], ['h', 1], ['m', 1]]);
  });
});
