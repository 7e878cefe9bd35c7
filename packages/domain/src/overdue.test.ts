import { describe, expect, it } from 'vitest';
import { accrueOverdue, countOverdueDays } from './overdue.js';
import { FLAT_12000, repaymentStateOf } from './test-support/loans.js';
import { makeCalendar } from './calendar.js';
import { resolveSettings } from './settings.js';

const state = () => repaymentStateOf(FLAT_12000, { overdueRate: '36', overduePenalty: '100' });

describe('overdue interest and penalty', () => {
  it('nothing is overdue on the due date itself', () => {
    const o = accrueOverdue(state(), '2024-02-10');
    expect(o.overdueInterest.toFixed(2)).toBe('0.00');
    expect(o.fee.toFixed(2)).toBe('0.00');
  });
  it('10 days late: 1,120 × 36% × 10/365 = 11.05, plus a 100 penalty', () => {
    const o = accrueOverdue(state(), '2024-02-20');
    expect(o.overdueInterest.toFixed(2)).toBe('11.05');
    expect(o.fee.toFixed(2)).toBe('100.00');
    expect(o.lines).toHaveLength(1);
    expect(o.lines[0]).toMatchObject({ tenor: 1, days: 10 });
    expect(o.overdueAmount.toFixed(2)).toBe('1120.00');
  });
  it('actual/360: 1,120 × 36% × 10/360 = 11.20', () => {
    expect(accrueOverdue(state(), '2024-02-20', { dayCount: 'actual/360' }).overdueInterest.toFixed(2)).toBe('11.20');
  });
  it('30/360: due 10 Feb, 10 Mar 2024 counts 30 days (29 actual), 1,120 × 36% × 30/360 = 33.60', () => {
    const o = accrueOverdue(state(), '2024-03-10', { dayCount: '30/360' });
    expect(o.lines[0]).toMatchObject({ tenor: 1, days: 29 });
    expect(o.overdueInterest.toFixed(2)).toBe('33.60');
    // actual/365 on the same days: 1,120 × 36% × 29/365 = 32.035… → 32.04
    expect(accrueOverdue(state(), '2024-03-10').overdueInterest.toFixed(2)).toBe('32.04');
  });
  it('two instalments overdue, a penalty for each', () => {
    const o = accrueOverdue(state(), '2024-03-20');
    // tenor 1: 39 days → 43.08; tenor 2: 10 days → 11.05
    expect(o.lines.map((l) => l.overdueInterest.toFixed(2))).toEqual(['43.08', '11.05']);
    expect(o.fee.toFixed(2)).toBe('200.00');
  });
  it('never compounds: accruing in two steps charges interest only on the instalment', () => {
    const first = accrueOverdue(state(), '2024-02-20');
    const second = accrueOverdue(first.state, '2024-03-01');
    // 10 days + 10 days on 1,120 — not on the 11.05 already accrued
    expect(second.lines[0]!.overdueInterest.toFixed(2)).toBe('22.10');
    expect(second.fee.toFixed(2)).toBe('100.00'); // the penalty is charged once
  });
  it("holiday option 'not-count' skips holidays and days off", () => {
    const s = resolveSettings({ holidayOverdueInterest: 'not-count', daysOff: [0] });
    const cal = makeCalendar(['2024-02-12'], [0]);
    // 11–20 Feb 2024: Sundays 11 and 18, holiday 12 → 7 days
    expect(countOverdueDays('2024-02-10', '2024-02-20', s, cal)).toBe(7);
    expect(accrueOverdue(state(), '2024-02-20', s, ['2024-02-12']).lines[0]!.days).toBe(7);
  });
  it("holiday option 'treat-as-holiday' starts counting after the next working day", () => {
    // 10 Mar 2024 is a Sunday: the instalment is treated as due on Monday 11 Mar
    const settings = { holidayOverdueInterest: 'treat-as-holiday' as const, daysOff: [0] };
    const o = accrueOverdue(state(), '2024-03-11', settings);
    expect(o.lines.map((l) => l.tenor)).toEqual([1]); // tenor 2 not yet overdue
    expect(accrueOverdue(state(), '2024-03-12', settings).lines.find((l) => l.tenor === 2)!.days).toBe(1);
    // with 'count' it would be 2 days
    expect(accrueOverdue(state(), '2024-03-12', { daysOff: [0] }).lines.find((l) => l.tenor === 2)!.days).toBe(2);
  });
});
