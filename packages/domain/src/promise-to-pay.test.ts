import { describe, expect, it } from 'vitest';
import { promiseOutcome } from './promise-to-pay.js';

const promise = { madeOn: '2026-03-02', dueOn: '2026-03-09', amount: '2500.00' };

describe('promise to pay: kept, broken or pending', () => {
  it('one receipt within the window covering the amount keeps it on that day', () => {
    const o = promiseOutcome(promise, [{ date: '2026-03-05', amount: '2500.00' }], '2026-03-20');
    expect(o).toMatchObject({ state: 'kept', keptOn: '2026-03-05' });
    expect(o.paid.toFixed(2)).toBe('2500.00');
  });
  it('two receipts add up: 1,000 on 3 Mar + 1,500 on the due date itself keep it on 9 Mar', () => {
    const o = promiseOutcome(promise, [{ date: '2026-03-09', amount: '1500.00' }, { date: '2026-03-03', amount: '1000.00' }], '2026-03-09');
    expect(o).toMatchObject({ state: 'kept', keptOn: '2026-03-09' });
    expect(o.paid.toFixed(2)).toBe('2500.00');
  });
  it('a receipt on the day the promise is made counts', () => {
    expect(promiseOutcome(promise, [{ date: '2026-03-02', amount: '2600.00' }], '2026-03-02').state).toBe('kept');
  });
  it('money before the promise or after its date does not count: broken the day after, 0.01 short', () => {
    const receipts = [
      { date: '2026-03-01', amount: '5000.00' },
      { date: '2026-03-06', amount: '2499.99' },
      { date: '2026-03-10', amount: '2500.00' },
    ];
    const o = promiseOutcome(promise, receipts, '2026-03-10');
    expect(o).toMatchObject({ state: 'broken', keptOn: null });
    expect(o.paid.toFixed(2)).toBe('2499.99');
  });
  it('short but not yet past its date: pending, also on the due date itself', () => {
    expect(promiseOutcome(promise, [], '2026-03-05').state).toBe('pending');
    expect(promiseOutcome(promise, [{ date: '2026-03-04', amount: '100.00' }], '2026-03-09')).toMatchObject({ state: 'pending' });
    expect(promiseOutcome(promise, [], '2026-03-10').state).toBe('broken');
  });
  it('a promise falling due before it was made is refused', () => {
    expect(() => promiseOutcome({ ...promise, dueOn: '2026-03-01' }, [], '2026-03-02')).toThrow(RangeError);
  });
});
