import { describe, expect, it } from 'vitest';
import type { CalculatorRequest } from './calculator.js';
import { approvalWorstCase, payoutCashFlows, payoutDecision, rebasedDates, type LatePayoutRule } from './late-payout.js';
import { formatRate } from './mlo.js';

const REBASE: LatePayoutRule = { policy: 'rebase', refuseAfterDays: 0 };
/** 20,000 at 1.5% flat a month × 6, interest from the agreed date 2026-01-10. */
const TERMS: CalculatorRequest = { loanAmount: '20000', totalTenor: 6, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.5', loanDate: '2026-01-10' };

describe('rebasedDates', () => {
  it('moves the interest start to the payout date and a custom first due date by the same days', () => {
    expect(rebasedDates({ agreedDate: '2026-01-10', interestStartDate: '2026-01-12', firstDueDate: '2026-02-20' }, '2026-01-20')).toEqual({
      lateDays: 10,
      shiftDays: 8,
      interestStartDate: '2026-01-20',
      firstDueDate: '2026-02-28',
    });
  });

  it('leaves the dates alone on time, early, or before interest starts', () => {
    const agreed = { agreedDate: '2026-01-10', interestStartDate: '2026-01-15', firstDueDate: null };
    expect(rebasedDates(agreed, '2026-01-10')).toEqual({ lateDays: 0, shiftDays: 0, interestStartDate: '2026-01-15', firstDueDate: null });
    expect(rebasedDates(agreed, '2026-01-08')).toEqual({ lateDays: 0, shiftDays: 0, interestStartDate: '2026-01-15', firstDueDate: null });
    expect(rebasedDates(agreed, '2026-01-13')).toEqual({ lateDays: 3, shiftDays: 0, interestStartDate: '2026-01-15', firstDueDate: null });
  });
});

describe('payoutCashFlows', () => {
  it('re-bases a payout 45 days late: nothing due on the payout day, the first instalment a cycle later', () => {
    const p = payoutCashFlows({ terms: TERMS, agreedDate: '2026-01-10', deductions: {}, payoutDate: '2026-02-24', rule: REBASE });
    expect(p.dates).toEqual({ lateDays: 45, shiftDays: 45, interestStartDate: '2026-02-24', firstDueDate: null });
    expect(p.schedule.schedule.map((l) => [l.dueDate, l.instalment])).toEqual([
      ['2026-03-24', '3633.33'],
      ['2026-04-24', '3633.33'],
      ['2026-05-24', '3633.33'],
      ['2026-06-24', '3633.33'],
      ['2026-07-24', '3633.33'],
      ['2026-08-24', '3633.35'],
    ]);
    expect(p.flows.lentOn).toBe('2026-02-24');
    expect(p.flows.received.toString()).toBe('20000');
    expect(formatRate(p.rate)).toBe('35.57');
    expect(p.status).toBe('ok');
  });

  it('keeps back the late drawdown fee when late, and not a reloan’s settlement of the old loan', () => {
    const terms = { ...TERMS, loanAmount: '12000' };
    const deductions = { handlingFee: '100', lateDrawdownFee: '5000' };
    const onTime = payoutCashFlows({ terms, agreedDate: '2026-01-10', deductions, payoutDate: '2026-01-10', rule: REBASE, settlesOldLoan: '3000' });
    expect(onTime.flows.received.toString()).toBe('11900');
    expect(onTime.figures.amountReceived).toBe('8900.00');
    const late = payoutCashFlows({ terms, agreedDate: '2026-01-10', deductions, payoutDate: '2026-01-18', rule: REBASE });
    expect(late.flows.received.toString()).toBe('6900');
    expect(late.figures.lateDrawdownFee).toBe('5000.00');
    // the schedule is the approved one (on-time deductions), moved 8 days
    expect(late.schedule.schedule[0]).toMatchObject({ dueDate: '2026-02-18', instalment: '2180.00' });
    expect(late.status).toBe('illegal');
  });
});

describe('payoutDecision', () => {
  const input = { terms: { ...TERMS, loanAmount: '100000' }, agreedDate: '2026-01-10', deductions: { lateDrawdownFee: '3000' } };

  it('accepts on time and refuses the late fee that breaks the cap', () => {
    const onTime = payoutDecision({ ...input, payoutDate: '2026-01-10', rule: REBASE });
    expect(onTime.accepted).toBe(true);
    const late = payoutDecision({ ...input, payoutDate: '2026-01-20', rule: REBASE });
    expect(late).toMatchObject({ accepted: false, reason: 'rate' });
    expect('rate' in late && formatRate(late.rate)).toBe('50.68');
  });

  it('under `refuse`, refuses more than N days late before looking at the figures', () => {
    const rule: LatePayoutRule = { policy: 'refuse', refuseAfterDays: 7 };
    expect(payoutDecision({ ...input, deductions: {}, payoutDate: '2026-01-17', rule }).accepted).toBe(true);
    expect(payoutDecision({ ...input, deductions: {}, payoutDate: '2026-01-18', rule })).toEqual({ accepted: false, reason: 'late', lateDays: 8, refuseAfterDays: 7 });
  });
});

describe('approvalWorstCase', () => {
  it('is the on-time payout without a late drawdown fee', () => {
    const w = approvalWorstCase({ terms: TERMS, agreedDate: '2026-01-10', deductions: { handlingFee: '200' }, rule: REBASE });
    expect(w.late).toBeNull();
    expect(w.worst).toBe(w.onTime);
    expect(formatRate(w.onTime.rate)).toBe('40.13');
  });

  it('adds the late drawdown fee on the schedule re-based the first late day', () => {
    const w = approvalWorstCase({ terms: { ...TERMS, loanAmount: '12000' }, agreedDate: '2026-01-10', deductions: { lateDrawdownFee: '5000' }, rule: REBASE });
    expect(formatRate(w.onTime.rate)).toBe('35.22');
    expect(w.late?.flows.lentOn).toBe('2026-01-11');
    expect(w.late?.schedule.schedule[0]?.dueDate).toBe('2026-02-11');
    expect(w.worst).toBe(w.late);
    expect(formatRate(w.worst.rate)).toBe('954.08');
  });

  it('takes the late payout on the interest start when interest starts after the agreed date', () => {
    const terms = { ...TERMS, loanDate: '2026-01-20' };
    const w = approvalWorstCase({ terms, agreedDate: '2026-01-10', deductions: { lateDrawdownFee: '1000' }, rule: REBASE });
    expect(w.late?.flows.lentOn).toBe('2026-01-20');
    expect(w.late?.schedule.schedule[0]?.dueDate).toBe('2026-02-20');
    const early = payoutCashFlows({ terms, agreedDate: '2026-01-10', deductions: { lateDrawdownFee: '1000' }, payoutDate: '2026-01-11', rule: REBASE });
    expect(early.rate.lt(w.late!.rate)).toBe(true);
    const capped = approvalWorstCase({ terms, agreedDate: '2026-01-10', deductions: { lateDrawdownFee: '1000' }, rule: { policy: 'refuse', refuseAfterDays: 4 } });
    expect(capped.late?.flows.lentOn).toBe('2026-01-14');
  });

  it('leaves the fee out when the rule allows no late payout at all', () => {
    const w = approvalWorstCase({ terms: TERMS, agreedDate: '2026-01-10', deductions: { lateDrawdownFee: '5000' }, rule: { policy: 'refuse', refuseAfterDays: 0 } });
    expect(w.late).toBeNull();
  });
});
