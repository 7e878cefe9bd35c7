import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SMS_SAMPLE_VALUES, GSM7_BASIC, GSM7_EXTENSION, SMS_PLACEHOLDERS, checkSmsTemplate, renderSms, smsEncoding, smsLength, smsPlaceholdersOf, type SmsValues } from './sms.js';
import { RUNS, PROPERTY_TIMEOUT } from './test-support/runs.js';

const values: SmsValues = SMS_SAMPLE_VALUES['zh-TW'];

describe('SMS templates', () => {
  it('renders every placeholder', () => {
    const t = '{customerName} {loanNo} {dueDate} {amountDue} {overdueDays} {companyName} {companyPhone}';
    expect(renderSms(t, values)).toBe('陳大文 MK2026000123 2026-12-01 3,250.00 5 海港財務 2345 6789');
    expect(smsPlaceholdersOf(t + '{loanNo}')).toEqual([...SMS_PLACEHOLDERS]);
  });

  it('rejects unknown and malformed placeholders with their position', () => {
    expect(checkSmsTemplate('Dear {customerName}')).toEqual([]);
    expect(checkSmsTemplate('Dear {name}')).toEqual([{ code: 'unknownPlaceholder', name: 'name', index: 5 }]);
    expect(checkSmsTemplate('Pay {amountDue')).toEqual([{ code: 'malformedPlaceholder', index: 4 }]);
    expect(checkSmsTemplate('Pay amountDue}')).toEqual([{ code: 'malformedPlaceholder', index: 13 }]);
    expect(checkSmsTemplate('{}')).toEqual([{ code: 'malformedPlaceholder', index: 0 }, { code: 'malformedPlaceholder', index: 1 }]);
    expect(checkSmsTemplate('{loan No}').map((i) => i.code)).toContain('malformedPlaceholder');
    expect(checkSmsTemplate('{{loanNo}}').map((i) => i.code)).toEqual(['malformedPlaceholder', 'malformedPlaceholder']);
    expect(() => renderSms('{nope}', values)).toThrow(/unknownPlaceholder/);
  });

  it('a template of known placeholders and brace-free text always renders to its text with the values put in', () => {
    const piece = fc.oneof(
      fc.string().map((s) => s.replace(/[{}]/g, '')),
      fc.constantFrom(...SMS_PLACEHOLDERS).map((p) => ({ p })),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const template = pieces.map((x) => (typeof x === 'string' ? x : `{${x.p}}`)).join('');
        expect(checkSmsTemplate(template)).toEqual([]);
        expect(renderSms(template, values)).toBe(pieces.map((x) => (typeof x === 'string' ? x : values[x.p])).join(''));
      }),
      { numRuns: RUNS },
    );
  }, PROPERTY_TIMEOUT);

  it('any brace outside a placeholder is an issue', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('{', '}'), fc.string(), (a, brace, b) => {
        const template = a.replace(/[{}]/g, '') + brace + b.replace(/[{}]/g, '');
        expect(checkSmsTemplate(template).length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  }, PROPERTY_TIMEOUT);
});

describe('SMS length and segments', () => {
  it('GSM-7: 160 in one, 153 a part; extension characters take two', () => {
    expect(smsLength('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: 0 });
    expect(smsLength('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ segments: 2 });
    expect(smsLength('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsLength('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(smsLength('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', characters: 80, units: 160, segments: 1 });
    expect(smsLength('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
    // an escape pair never splits: 152 + '€' does not fit in the first part's 153
    expect(smsLength('a'.repeat(152) + '€' + 'a'.repeat(10))).toMatchObject({ units: 164, segments: 2 });
    expect(smsLength('a'.repeat(152) + '€'.repeat(77))).toMatchObject({ units: 306, segments: 3 });
  });

  it('UCS-2: Chinese takes 70 in one, 67 a part; astral characters two units', () => {
    expect(smsEncoding('陳先生')).toBe('UCS-2');
    expect(smsEncoding('Hello [world] €5')).toBe('GSM-7');
    expect(smsEncoding('naïve')).toBe('UCS-2');
    expect(smsLength('還'.repeat(70))).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsLength('還'.repeat(71))).toMatchObject({ segments: 2 });
    expect(smsLength('還'.repeat(134))).toMatchObject({ segments: 2 });
    expect(smsLength('還'.repeat(135))).toMatchObject({ segments: 3 });
    expect(smsLength('😀'.repeat(35))).toMatchObject({ characters: 35, units: 70, segments: 1 });
    expect(smsLength('a'.repeat(66) + '😀' + 'a')).toMatchObject({ units: 69, segments: 1 });
    expect(smsLength('a'.repeat(66) + '😀' + 'a'.repeat(3))).toMatchObject({ units: 71, segments: 2 });
  });

  const gsmChar = fc.constantFrom(...GSM7_BASIC, ...GSM7_EXTENSION);
  const anyChar = fc.oneof(gsmChar, fc.constantFrom('還', '款', '😀', 'é', 'ï'));

  it('a GSM-7 text counts extension characters twice and its segments bound its units', () => {
    fc.assert(
      fc.property(fc.array(gsmChar, { maxLength: 500 }), (chars) => {
        const text = chars.join('');
        const l = smsLength(text);
        expect(l.encoding).toBe('GSM-7');
        expect(l.units).toBe(chars.length + chars.filter((c) => GSM7_EXTENSION.includes(c)).length);
        if (l.units <= 160) expect(l.segments).toBe(l.units === 0 ? 0 : 1);
        else {
          expect(l.segments).toBeGreaterThanOrEqual(Math.ceil(l.units / 153));
          expect(l.segments).toBeLessThanOrEqual(Math.ceil(l.units / 152));
        }
      }),
      { numRuns: RUNS },
    );
  }, PROPERTY_TIMEOUT);

  it('segments never decrease when a character is added, and any non-GSM character makes it UCS-2', () => {
    fc.assert(
      fc.property(fc.array(anyChar, { maxLength: 400 }), anyChar, (chars, extra) => {
        const text = chars.join('');
        const a = smsLength(text);
        const b = smsLength(text + extra);
        if (a.encoding === b.encoding) expect(b.segments).toBeGreaterThanOrEqual(a.segments);
        const gsm = [...text].every((c) => GSM7_BASIC.includes(c) || GSM7_EXTENSION.includes(c));
        expect(a.encoding).toBe(gsm ? 'GSM-7' : 'UCS-2');
        if (a.encoding === 'UCS-2') expect(a.units).toBe(text.length);
      }),
      { numRuns: RUNS },
    );
  }, PROPERTY_TIMEOUT);
});
