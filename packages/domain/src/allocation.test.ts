import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateReceipt, type Allocation } from './allocation.js';
import { DOMAIN_ERROR_CODES, DomainError, type DomainErrorCode } from './errors.js';
import { FLAT_12000, repaymentStateOf } from './test-support/loans.js';
import { Decimal, sum } from './decimal.js';
import { type RepaymentState, remainingScheduled, unpaidInstalment } from './repayment-state.js';
import { addDays } from './dates.js';
import { RUNS, PROPERTY_TIMEOUT } from './test-support/runs.js';

const state = (allowPartialPrincipal = false) => repaymentStateOf(FLAT_12000, { overdueRate: '36', overduePenalty: '100', allowPartialPrincipal });

function code(fn: () => unknown): DomainErrorCode | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
  return undefined;
}

describe('allocation — order', () => {
  it('overdue interest, fee, the due instalment, the rest to the temporary amount', () => {
    const a = allocateReceipt(state(), { date: '2024-02-20', received: '1500' });
    expect(a.overdueInterest.toFixed(2)).toBe('11.05');
    expect(a.handlingFee.toFixed(2)).toBe('100.00');
    expect(a.interest.plus(a.principal).toFixed(2)).toBe('1120.00');
    expect(a.tempAmount.toFixed(2)).toBe('268.95');
    expect(a.state.tempAmount.toFixed(2)).toBe('268.95');
    expect(a.state.lastRepaymentDate).toBe('2024-02-20');
    expect(unpaidInstalment(a.state.instalments[0]!).isZero()).toBe(true);
  });
  it('a part payment of a due instalment pays its interest first', () => {
    const a = allocateReceipt(state(), { date: '2024-02-10', received: '300' });
    const interest1 = state().instalments[0]!.interest;
    expect(a.lines[0]!.interest.eq(interest1)).toBe(true);
    expect(a.lines[0]!.principal.eq(new Decimal(300).minus(interest1))).toBe(true);
    expect(a.tempAmount.isZero()).toBe(true);
  });
  it('future instalments are paid whole; a surplus repays principal where the loan allows it', () => {
    const a = allocateReceipt(state(true), { date: '2024-02-10', received: '2740' });
    expect(a.lines.map((l) => l.tenor)).toEqual([1, 2, 3]);
    expect(a.lines[2]!.interest.isZero()).toBe(true); // only principal of tenor 3
    expect(a.lines[2]!.principal.toFixed(2)).toBe('500.00');
    expect(a.tempAmount.isZero()).toBe(true);
  });
  it('instalment mode pays one instalment with the overdue charges', () => {
    const a = allocateReceipt(state(), { date: '2024-02-20', received: '1231.05', mode: 'instalment' });
    expect(a.tempAmount.toFixed(2)).toBe('0.00');
    expect(a.lines.map((l) => l.tenor)).toEqual([1]);
  });
});

describe('allocation — spec §5 rules as typed errors', () => {
  it('received amount must exceed overdue interest plus fee', () => {
    expect(code(() => allocateReceipt(state(), { date: '2024-02-20', received: '111.04' }))).toBe('RECEIVED_BELOW_OVERDUE_INTEREST_AND_FEE');
    expect(code(() => allocateReceipt(state(), { date: '2024-02-20', received: '100', mode: 'overdue-interest' }))).toBe('RECEIVED_BELOW_OVERDUE_INTEREST_AND_FEE');
    try {
      allocateReceipt(state(), { date: '2024-02-20', received: '100' });
    } catch (e) {
      expect((e as DomainError).params).toMatchObject({ required: '111.05', overdueInterest: '11.05', fee: '100' });
      expect((e as DomainError).message).toBe(DOMAIN_ERROR_CODES.RECEIVED_BELOW_OVERDUE_INTEREST_AND_FEE);
    }
  });
  it('received amount must exceed handling fee', () => {
    expect(code(() => allocateReceipt(state(), { date: '2024-02-20', received: '99.99', mode: 'handling-fee' }))).toBe('RECEIVED_BELOW_HANDLING_FEE');
    const a = allocateReceipt(state(), { date: '2024-02-20', received: '100', mode: 'handling-fee' });
    expect(a.handlingFee.toFixed(2)).toBe('100.00');
  });
  it('received amount must exceed overdue amount plus repay amount plus fee', () => {
    expect(code(() => allocateReceipt(state(), { date: '2024-02-20', received: '1231.04', mode: 'instalment' }))).toBe('RECEIVED_BELOW_AMOUNT_DUE');
  });
  it('already at maximum tenor', () => {
    let l: RepaymentState = state();
    l = allocateReceipt(l, { date: '2024-01-20', received: remainingScheduled(l).toFixed(2) }).state;
    expect(remainingScheduled(l).isZero()).toBe(true);
    expect(code(() => allocateReceipt(l, { date: '2024-01-21', received: '10' }))).toBe('ALREADY_AT_MAXIMUM_TENOR');
    expect(code(() => allocateReceipt(l, { date: '2024-01-21', received: '10', mode: 'instalment' }))).toBe('ALREADY_AT_MAXIMUM_TENOR');
    expect(code(() => allocateReceipt(state(), { date: '2024-01-21', received: '10', mode: 'instalment', tenor: 13 }))).toBe('ALREADY_AT_MAXIMUM_TENOR');
  });
  it('settle earlier instalments first', () => {
    expect(code(() => allocateReceipt(state(), { date: '2024-02-20', received: '5000', mode: 'instalment', tenor: 2 }))).toBe('SETTLE_EARLIER_INSTALMENTS_FIRST');
    expect(code(() => allocateReceipt(state(true), { date: '2024-02-20', received: '500', mode: 'principal' }))).toBe('SETTLE_EARLIER_INSTALMENTS_FIRST');
  });
  it('principal repaid cannot exceed unpaid principal; all of it → early settlement', () => {
    expect(code(() => allocateReceipt(state(true), { date: '2024-02-01', received: '12000.01', mode: 'principal' }))).toBe('PRINCIPAL_EXCEEDS_UNPAID_PRINCIPAL');
    expect(code(() => allocateReceipt(state(true), { date: '2024-02-01', received: '12000', mode: 'principal' }))).toBe('USE_EARLY_SETTLEMENT');
    expect(code(() => allocateReceipt(state(false), { date: '2024-02-01', received: '100', mode: 'principal' }))).toBe('PARTIAL_PRINCIPAL_NOT_ALLOWED');
    const a = allocateReceipt(state(true), { date: '2024-02-01', received: '2000', mode: 'principal' });
    expect(a.principal.toFixed(2)).toBe('2000.00');
    expect(a.interest.toFixed(2)).toBe('0.00');
  });
  it('date not earlier than the last repayment date nor the interest start date', () => {
    expect(code(() => allocateReceipt(state(), { date: '2024-01-09', received: '100' }))).toBe('DATE_BEFORE_INTEREST_START');
    const l = allocateReceipt(state(), { date: '2024-02-20', received: '1500' }).state;
    expect(code(() => allocateReceipt(l, { date: '2024-02-19', received: '100' }))).toBe('DATE_BEFORE_LAST_REPAYMENT');
    expect(code(() => allocateReceipt(state(), { date: '2024-02-20', received: '0' }))).toBe('RECEIVED_NOT_POSITIVE');
  });
});

// ---- property
function parts(a: Allocation): Decimal {
  return a.overdueInterest.plus(a.handlingFee).plus(a.interest).plus(a.principal).plus(a.tempAmount);
}

describe('allocation — properties', () => {
  it(
    'an allocation conserves every cent and never overpays',
    () => {
      fc.assert(
        fc.property(
          fc.record({
            amount: fc.integer({ min: 1000, max: 100_000 }),
            tenor: fc.integer({ min: 1, max: 24 }),
            rate: fc.integer({ min: 0, max: 300 }),
            method: fc.constantFrom('amortization' as const, 'interest-first' as const),
            allow: fc.boolean(),
          }),
          fc.array(
            fc.record({
              gap: fc.integer({ min: 0, max: 70 }),
              cents: fc.integer({ min: 1, max: 2_000_000 }),
              mode: fc.constantFrom('auto' as const, 'instalment' as const, 'overdue-interest' as const, 'handling-fee' as const, 'principal' as const),
            }),
            { minLength: 1, maxLength: 4 },
          ),
          (loan, receipts) => {
            let l = repaymentStateOf(
              {
                loanAmount: String(loan.amount),
                loanDate: '2024-01-31',
                totalTenor: loan.tenor,
                repayCycle: { kind: 'monthly' },
                interestMethod: loan.method,
                flatRate: (loan.rate / 100).toFixed(2),
              },
              { overdueRate: '24', overduePenalty: '50', allowPartialPrincipal: loan.allow },
            );
            let date = '2024-01-31';
            for (const r of receipts) {
              date = addDays(date, r.gap);
              const received = new Decimal(r.cents).div(100);
              let a: Allocation;
              try {
                a = allocateReceipt(l, { date, received, mode: r.mode });
              } catch (e) {
                if (e instanceof DomainError) continue;
                throw e;
              }
              if (!parts(a).eq(received)) throw new Error('allocation does not conserve the receipt');
              if (!sum(a.lines.map((x) => x.overdueInterest.plus(x.handlingFee).plus(x.interest).plus(x.principal))).plus(a.tempAmount).eq(received)) {
                throw new Error('lines do not add up');
              }
              for (const i of a.state.instalments) {
                if (i.paidPrincipal.gt(i.principal) || i.paidInterest.gt(i.interest)) throw new Error('overpaid instalment');
                if (i.overdueInterestPaid.gt(i.overdueInterestCharged) || i.feePaid.gt(i.feeCharged)) throw new Error('overpaid charges');
                if (a.lines.some((x) => x.principal.isNeg() || x.interest.isNeg())) throw new Error('negative part');
              }
              l = a.state;
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
