import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculatorRequestSchema, moneyAmount, optionalQuantity, V } from './calculator.js';
import { holidayUpdateSchema, ical1823Schema } from './holidays.js';
import { systemSettingsSchema, DEFAULT_SYSTEM_SETTINGS } from './settings.js';

const base = { loanAmount: '50000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', loanDate: '2026-03-10', flatRate: '0.7' };
const issues = (input: unknown) => {
  const r = calculatorRequestSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('calculatorRequestSchema', () => {
  it('keeps amounts and rates as the text typed, without grouping commas', () => {
    const r = calculatorRequestSchema.parse({ ...base, loanAmount: '1,234,567.89', amountDeducted: '' });
    expect(r.loanAmount).toBe('1234567.89');
    expect(r.amountDeducted).toBeUndefined();
  });

  it('reports every problem at once, cross-field rules included', () => {
    expect(issues({ ...base, flatRate: '', loanAmount: '-1', totalTenor: 0, repayCycle: 'every-n-days' }).sort()).toEqual(
      [
        `loanAmount:${V.positive}`,
        `totalTenor:${V.tenorMin}`,
        `flatRate:${V.rateRequired}`,
        `effectiveRate:${V.rateRequired}`,
        `cycleDays:${V.cycleDaysMin}`,
      ].sort(),
    );
  });

  it('refuses both rates, impossible dates and a first due date on or before the loan date', () => {
    expect(issues({ ...base, effectiveRate: '16' })).toEqual([`effectiveRate:${V.oneRateOnly}`]);
    expect(issues({ ...base, loanDate: '2026-02-29' })).toEqual([`loanDate:${V.date}`]);
    expect(issues({ ...base, firstDueDate: '2026-03-10' })).toEqual([`firstDueDate:${V.firstDueAfterLoanDate}`]);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(() => calculatorRequestSchema.safeParse(input)).not.toThrow();
      }),
    );
  });
});

describe('settings and holiday schemas', () => {
  it('accepts the defaults as they are', () => {
    expect(systemSettingsSchema.parse(DEFAULT_SYSTEM_SETTINGS)).toEqual(DEFAULT_SYSTEM_SETTINGS);
  });

  it('sorts and de-duplicates the days off, and refuses all seven', () => {
    expect(systemSettingsSchema.shape.daysOff.parse([6, 0, 6])).toEqual([0, 6]);
    expect(systemSettingsSchema.shape.daysOff.safeParse([0, 1, 2, 3, 4, 5, 6]).success).toBe(false);
  });

  it('an edit of a holiday never resets fields it did not send', () => {
    expect(holidayUpdateSchema.parse({ nameEn: 'Staff day' })).toEqual({ nameEn: 'Staff day' });
  });

  it('reads the 1823 file shape and refuses others', () => {
    const ok = { vcalendar: [{ vevent: [{ dtstart: ['20260101', { value: 'DATE' }], summary: '一月一日', uid: 'x' }] }] };
    expect(ical1823Schema.safeParse(ok).success).toBe(true);
    expect(ical1823Schema.safeParse({ vcalendar: [] }).success).toBe(false);
    expect(ical1823Schema.safeParse({ vcalendar: [{ vevent: [{ dtstart: ['2026-01-01', { value: 'DATE' }], summary: 'x' }] }] }).success).toBe(false);
  });
});

describe('money and quantity digits', () => {
  const message = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? 'ok' : r.error!.issues[0]!.message;
  };
  it('a money amount holds NUMERIC(16,2): two decimals, fourteen integer digits, never rounded', () => {
    const positive = moneyAmount({ positive: true });
    expect(message(positive, '0.001')).toBe(V.money);
    expect(message(positive, '12.345')).toBe(V.money);
    expect(message(positive, '0.00')).toBe(V.positive);
    expect(message(positive, '-1')).toBe(V.positive);
    expect(message(positive, '1e5')).toBe(V.decimal);
    expect(message(positive, '123456789012345')).toBe(V.range);
    expect(message(positive, '00012345678901234.56')).toBe('ok');
    expect(positive.parse(' 99,999,999,999,999.99 ')).toBe('99999999999999.99');
    expect(message(moneyAmount({ positive: false }), '0')).toBe('ok');
  });
  it('a quantity holds NUMERIC(10,2) and an empty field is not given', () => {
    const q = optionalQuantity();
    expect(q.parse('')).toBeUndefined();
    expect(q.parse('99999999.99')).toBe('99999999.99');
    expect(message(q, '100000000')).toBe(V.range);
    expect(message(q, '1.125')).toBe(V.money);
  });
});
