import { describe, expect, it } from 'vitest';
import { openingLines } from './opening-position.js';

const schedule = [
  { tenor: 2, principal: '1000.00', interest: '80.00' },
  { tenor: 1, principal: '1000.00', interest: '100.00' },
  { tenor: 3, principal: '1000.00', interest: '60.00' },
];

describe('openingLines', () => {
  it('spreads what was paid over the instalments in due order, each part on its own', () => {
    expect(openingLines(schedule, { principalPaid: '1500.50', interestPaid: '180.00' })).toEqual([
      { tenor: 1, principal: '1000.00', interest: '100.00' },
      { tenor: 2, principal: '500.50', interest: '80.00' },
    ]);
  });

  it('touches no instalment when nothing was paid, and every one when all was', () => {
    expect(openingLines(schedule, { principalPaid: '0', interestPaid: '0' })).toEqual([]);
    expect(openingLines(schedule, { principalPaid: '3000', interestPaid: '240' })).toHaveLength(3);
  });

  it('refuses more than the schedule ever asks', () => {
    let thrown: unknown;
    try {
      openingLines(schedule, { principalPaid: '3000.01', interestPaid: '0' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toMatchObject({ code: 'OPENING_EXCEEDS_SCHEDULE', params: { part: 'principal', paid: '3000.01', scheduled: '3000.00' } });
  });
});
