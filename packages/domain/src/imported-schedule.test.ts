import { describe, expect, it } from 'vitest';
import { type ImportedInstalment, checkImportedSchedule } from './imported-schedule.js';
import { mloEffectiveRate } from './mlo.js';

const loan = { loanDate: '2026-01-10', loanAmount: '10000.00', totalTenor: 3 };
// an uneven schedule: a larger first instalment, the interest falling with the balance
const uneven: ImportedInstalment[] = [
  { row: 3, tenor: 1, dueDate: '2026-02-10', principal: '5000.00', interest: '200.00' },
  { row: 4, tenor: 2, dueDate: '2026-03-10', principal: '2500', interest: '100.00' },
  { row: 5, tenor: 3, dueDate: '2026-04-10', principal: '2500.00', interest: '50.5' },
];
const codes = (rows: ImportedInstalment[], l = loan) => checkImportedSchedule(l, rows).problems.map((p) => [p.row, p.column, p.code]);

describe('checkImportedSchedule', () => {
  it('takes a sound uneven schedule as the file has it, balance the principal left', () => {
    const c = checkImportedSchedule(loan, [uneven[2]!, uneven[0]!, uneven[1]!]);
    expect(c.problems).toEqual([]);
    expect(c.schedule).toEqual([
      { tenor: 1, dueDate: '2026-02-10', principal: '5000.00', interest: '200.00', instalment: '5200.00', balance: '5000.00' },
      { tenor: 2, dueDate: '2026-03-10', principal: '2500.00', interest: '100.00', instalment: '2600.00', balance: '2500.00' },
      { tenor: 3, dueDate: '2026-04-10', principal: '2500.00', interest: '50.50', instalment: '2550.50', balance: '0.00' },
    ]);
    expect(c.totalInterest).toBe('350.50');
    expect(c.totalRepayment).toBe('10350.50');
    expect(c.instalmentAmount).toBe('5200.00');
    expect(c.mloStatus).toBe('ok');
    // the rate of the loan's own cash flows on their dates, by the Ordinance's one function
    const rate = mloEffectiveRate({ lentOn: '2026-01-10', received: '10000', payments: [{ date: '2026-02-10', amount: '5200' }, { date: '2026-03-10', amount: '2600' }, { date: '2026-04-10', amount: '2550.50' }] });
    expect(c.mloRate!.eq(rate)).toBe(true);
    expect(rate.gt(0.2) && rate.lt(0.3)).toBe(true);
  });

  it('names a duplicate tenor on its row with the earlier row, and the missing tenor on the first row', () => {
    const rows = [uneven[0]!, { ...uneven[1]!, tenor: 1 }, uneven[2]!];
    const c = checkImportedSchedule(loan, rows);
    expect(c.problems).toEqual([
      { row: 4, column: 'tenor', code: 'TENOR_TWICE', params: { row: 3 } },
      { row: 3, column: 'tenor', code: 'TENOR_MISSING', params: { tenor: 2 } },
    ]);
    expect(c.schedule).toBeNull();
  });

  it('names a tenor beyond the loan\'s tenor and a gap', () => {
    expect(codes([uneven[0]!, uneven[1]!, { ...uneven[2]!, tenor: 4 }])).toEqual([
      [5, 'tenor', 'TENOR_OUT_OF_RANGE'],
      [3, 'tenor', 'TENOR_MISSING'],
    ]);
    expect(checkImportedSchedule(loan, [uneven[0]!, uneven[1]!, { ...uneven[2]!, tenor: 0 }]).problems[0]!.params).toEqual({ totalTenor: 3 });
  });

  it('refuses due dates on or before the loan date and not after the previous tenor\'s', () => {
    expect(codes([{ ...uneven[0]!, dueDate: '2026-01-10' }, uneven[1]!, uneven[2]!])).toEqual([[3, 'dueDate', 'DUE_NOT_AFTER_LOAN_DATE']]);
    const c = checkImportedSchedule(loan, [uneven[0]!, uneven[1]!, { ...uneven[2]!, dueDate: '2026-03-10' }]);
    expect(c.problems).toEqual([{ row: 5, column: 'dueDate', code: 'DUE_NOT_AFTER_PREVIOUS', params: { tenor: 2, dueDate: '2026-03-10' } }]);
  });

  it('refuses a negative amount or one of more than 2 decimals', () => {
    expect(codes([{ ...uneven[0]!, interest: '-1.00' }, { ...uneven[1]!, principal: '2500.001' }, uneven[2]!])).toEqual([
      [3, 'interest', 'AMOUNT_INVALID'],
      [4, 'principal', 'AMOUNT_INVALID'],
    ]);
  });

  it('names a principal that does not repay the loan amount to the cent, with both sums', () => {
    const c = checkImportedSchedule(loan, [uneven[0]!, uneven[1]!, { ...uneven[2]!, principal: '2499.99' }]);
    expect(c.problems).toEqual([{ row: 3, column: 'principal', code: 'PRINCIPAL_SUM', params: { sum: '9999.99', loanAmount: '10000.00' } }]);
    expect(c.schedule).toBeNull();
  });

  it('refuses a schedule whose own cash flows are above 48% a year, naming the rate', () => {
    const steep = [
      { row: 7, tenor: 1, dueDate: '2026-02-10', principal: '5000.00', interest: '500.00' },
      { row: 8, tenor: 2, dueDate: '2026-03-10', principal: '5000.00', interest: '250.00' },
    ];
    const c = checkImportedSchedule({ ...loan, totalTenor: 2 }, steep);
    expect(c.mloStatus).toBe('illegal');
    expect(c.problems).toEqual([{ row: 7, column: 'interest', code: 'ILLEGAL_RATE', params: { rate: c.mloRate!.times(100).toFixed(2) } }]);
    expect(Number(c.problems[0]!.params!.rate)).toBeGreaterThan(48);
    expect(c.schedule).toBeNull();
  });

  it('counts what is kept back at payout: the borrower receives the amount less it', () => {
    expect(checkImportedSchedule(loan, uneven).mloStatus).toBe('ok');
    const c = checkImportedSchedule({ ...loan, amountDeducted: '600.00' }, uneven);
    expect(c.problems.map((p) => p.code)).toEqual(['ILLEGAL_RATE']);
  });
});
