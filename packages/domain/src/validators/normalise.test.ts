import { describe, expect, it } from 'vitest';
import { normaliseIdNumber, normalisePhone } from './normalise.js';

describe('normaliseIdNumber', () => {
  it.each([
    ['a123456(3)', 'A1234563'],
    [' A 123456 3 ', 'A1234563'],
    ['ab987654-3', 'AB9876543'],
    ['e12345678', 'E12345678'],
  ])('%s → %s', (input, out) => expect(normaliseIdNumber(input)).toBe(out));
});

describe('normalisePhone', () => {
  it.each([
    ['6123 4567', '61234567'],
    ['+852 6123-4567', '61234567'],
    ['852 61234567', '61234567'],
    ['00852 (6123) 4567', '61234567'],
    ['+86 138 0013 8000', '+8613800138000'],
    // 852 followed by more or fewer than 8 digits is not a Hong Kong prefix
    ['8521234567', '8521234567'],
  ])('%s → %s', (input, out) => expect(normalisePhone(input)).toBe(out));
});
