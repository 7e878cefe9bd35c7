import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CODE_DATE_PARTS,
  CODE_RESETS,
  codeFormatIssues,
  codePeriod,
  DEFAULT_CODE_FORMATS,
  formatCode,
  nextCode,
  resetsAllowed,
  sequenceOf,
  type CodeFormat,
} from './codes.js';

const f = (over: Partial<CodeFormat>): CodeFormat => ({ prefix: 'AP', includeStoreCode: true, datePart: 'YYMM', seqWidth: 4, reset: 'monthly', ...over });

describe('formatCode', () => {
  it('joins prefix, store code, date part and the padded sequence', () => {
    expect(formatCode(f({}), { storeCode: 'MK', date: '2026-11-23', seq: 7 })).toBe('APMK26110007');
    expect(formatCode(f({ includeStoreCode: false, datePart: 'YYYYMMDD', reset: 'daily', seqWidth: 3 }), { storeCode: 'MK', date: '2026-01-05', seq: 12 })).toBe(
      'AP20260105012',
    );
    expect(formatCode(f({ prefix: '', datePart: 'none', reset: 'never', seqWidth: 6 }), { storeCode: 'KT', date: '2026-11-23', seq: 1 })).toBe('KT000001');
    expect(formatCode(f({ datePart: 'YYYY', reset: 'yearly' }), { storeCode: 'TW', date: '2027-02-01', seq: 1 })).toBe('APTW20270001');
    expect(formatCode(f({ datePart: 'YYYYMM' }), { storeCode: 'TW', date: '2027-02-01', seq: 1 })).toBe('APTW2027020001');
  });

  it('keeps every digit of a sequence past its width', () => {
    expect(formatCode(f({ seqWidth: 3 }), { storeCode: 'MK', date: '2026-11-23', seq: 1234 })).toBe('APMK26111234');
  });

  it('refuses a sequence that is not a positive integer', () => {
    expect(() => formatCode(f({}), { storeCode: 'MK', date: '2026-11-23', seq: 0 })).toThrow(RangeError);
    expect(() => formatCode(f({}), { storeCode: 'MK', date: '2026-11-23', seq: 1.5 })).toThrow(RangeError);
  });

  it('gives distinct numbers for distinct sequences of one period', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 3, max: 10 }), (a, b, w) => {
        const fmt = f({ seqWidth: w });
        const at = { storeCode: 'MK', date: '2026-11-23' };
        expect(formatCode(fmt, { ...at, seq: a }) === formatCode(fmt, { ...at, seq: b })).toBe(a === b);
      }),
    );
  });
});

describe('codePeriod', () => {
  it('names the period the counter restarts in', () => {
    expect(codePeriod('never', '2026-11-23')).toBe('');
    expect(codePeriod('yearly', '2026-11-23')).toBe('2026');
    expect(codePeriod('monthly', '2026-01-23')).toBe('202601');
    expect(codePeriod('daily', '2026-01-03')).toBe('20260103');
  });
});

describe('codeFormatIssues', () => {
  it('accepts the defaults', () => {
    for (const fmt of Object.values(DEFAULT_CODE_FORMATS)) expect(codeFormatIssues(fmt)).toEqual([]);
  });

  it('refuses a restart finer than the date part shows', () => {
    expect(codeFormatIssues(f({ datePart: 'none', reset: 'yearly' }))).toEqual(['reset']);
    expect(codeFormatIssues(f({ datePart: 'YYYY', reset: 'monthly' }))).toEqual(['reset']);
    expect(codeFormatIssues(f({ datePart: 'YYMM', reset: 'daily' }))).toEqual(['reset']);
    expect(codeFormatIssues(f({ datePart: 'YYYYMMDD', reset: 'never' }))).toEqual([]);
    expect(resetsAllowed('YYYYMM')).toEqual(['never', 'yearly', 'monthly']);
  });

  it('refuses a bad prefix or width', () => {
    expect(codeFormatIssues(f({ prefix: 'ap' }))).toEqual(['prefix']);
    expect(codeFormatIssues(f({ prefix: 'ABCDEFG' }))).toEqual(['prefix']);
    expect(codeFormatIssues(f({ prefix: 'A-1' }))).toEqual(['prefix']);
    expect(codeFormatIssues(f({ seqWidth: 2 }))).toEqual(['seqWidth']);
    expect(codeFormatIssues(f({ seqWidth: 11 }))).toEqual(['seqWidth']);
  });

  it('an allowed restart never makes two periods share a number', () => {
    // Two dates in different counter periods print different date parts whenever the restart is allowed.
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.constantFrom(...CODE_DATE_PARTS), fc.constantFrom(...CODE_RESETS), day, day, (datePart, reset, a, b) => {
        const fmt = f({ datePart, reset });
        if (codeFormatIssues(fmt).length > 0 || reset === 'never') return;
        if (codePeriod(reset, a) === codePeriod(reset, b)) return;
        const at = { storeCode: 'MK', seq: 1 };
        expect(formatCode(fmt, { ...at, date: a })).not.toBe(formatCode(fmt, { ...at, date: b }));
      }),
    );
  });
});

describe('nextCode', () => {
  const counters = [
    { kind: 'applyNo', scope: 'store', period: '202611', value: 41 },
    { kind: 'applyNo', scope: 'shared', period: '202611', value: 9 },
    { kind: 'applyNo', scope: 'store', period: '2026', value: 300 },
    { kind: 'loanNo', scope: 'store', period: '202611', value: 5 },
  ] as const;
  const at = { storeCode: 'MK', date: '2026-11-23' };

  it("follows the counter of the format's scope and period", () => {
    expect(nextCode('applyNo', f({}), counters, at)).toBe('APMK26110042');
    expect(nextCode('applyNo', f({ includeStoreCode: false }), counters, at)).toBe('AP26110010');
    expect(nextCode('applyNo', f({ reset: 'yearly' }), counters, at)).toBe('APMK26110301');
    expect(nextCode('applyNo', f({ reset: 'never' }), counters, at)).toBe('APMK26110001');
    expect(nextCode('repayNo', f({}), counters, at)).toBe('APMK26110001');
  });
});

describe('sequenceOf', () => {
  const at = { storeCode: 'MK', date: '2026-11-23' };
  it('reads back the sequence of a number the format gives, past its width too', () => {
    expect(sequenceOf(f({}), at, 'APMK26110042')).toBe(42);
    expect(sequenceOf(f({}), at, 'APMK261112345')).toBe(12345);
    expect(sequenceOf(f({ prefix: 'C', includeStoreCode: false, datePart: 'none', reset: 'never', seqWidth: 6 }), at, 'C000731')).toBe(731);
  });
  it('is null for a number the format would not give on that date', () => {
    expect(sequenceOf(f({}), at, 'APMK26100042')).toBeNull(); // another month
    expect(sequenceOf(f({}), at, 'APKT26110042')).toBeNull(); // another store
    expect(sequenceOf(f({}), at, 'APMK2611042')).toBeNull(); // shorter than the width
    expect(sequenceOf(f({}), at, 'APMK2611012345')).toBeNull(); // longer, with a leading zero
    expect(sequenceOf(f({}), at, 'APMK26110000')).toBeNull();
    expect(sequenceOf(f({}), at, 'L-2019-0042')).toBeNull();
  });
  it('inverts formatCode', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(...CODE_DATE_PARTS), fc.integer({ min: 1, max: 8 }), (seq, datePart, seqWidth) => {
        const format = f({ datePart, seqWidth });
        expect(sequenceOf(format, at, formatCode(format, { ...at, seq }))).toBe(seq);
      }),
    );
  });
});
