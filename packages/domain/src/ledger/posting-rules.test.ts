import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal.js';
import { isDomainError } from '../errors.js';
import { allocateReceipt } from '../allocation.js';
import { repaymentStateOf } from '../test-support/loans.js';
import { PROPERTY_TIMEOUT, RUNS } from '../test-support/runs.js';
import { ACCOUNTS, normalSide } from './accounts.js';
import {
  assertBalanced,
  netByAccount,
  postEarlySettlement,
  postOcaCharge,
  postPayout,
  postRepayment,
  postTemporaryApplied,
  postWriteOff,
  postWriteOffRecovery,
  reverse,
  totalCredits,
  totalDebits,
  type JournalEntry,
} from './posting-rules.js';

const lines = (e: JournalEntry) => e.lines.map((l) => [l.account, l.debit, l.credit]);

describe('posting rules (golden entries)', () => {
  it('pays out a loan with a handling fee deducted', () => {
    expect(lines(postPayout({ principal: '10000.00', deductedFees: '300.00', paidFrom: 'bank' }))).toEqual([
      ['loansReceivable', '10000.00', '0.00'],
      ['bank', '0.00', '9700.00'],
      ['feeIncome', '0.00', '300.00'],
    ]);
  });

  it('splits a repayment as its allocation says, dropping zero lines', () => {
    const e = postRepayment({ overdueInterest: '12.34', handlingFee: '100', interest: '66.67', principal: '833.33', tempAmount: '0', receivedInto: 'cash' });
    expect(lines(e)).toEqual([
      ['cash', '1012.34', '0.00'],
      ['overdueInterestIncome', '0.00', '12.34'],
      ['feeIncome', '0.00', '100.00'],
      ['interestIncome', '0.00', '66.67'],
      ['loansReceivable', '0.00', '833.33'],
    ]);
  });

  it('posts what a real allocation of the domain produced', () => {
    const state = repaymentStateOf({ loanAmount: '10000', loanDate: '2024-01-10', totalTenor: 3, repayCycle: { kind: 'monthly' }, interestMethod: 'interest-first', flatRate: '1' });
    const a = allocateReceipt(state, { date: '2024-02-10', received: '150' });
    const e = postRepayment({ ...a, receivedInto: 'cash' });
    expect(totalDebits(e).toFixed(2)).toBe('150.00');
    expect(lines(e)).toEqual([
      ['cash', '150.00', '0.00'],
      ['interestIncome', '0.00', '100.00'],
      ['customerDeposits', '0.00', '50.00'],
    ]);
  });

  it('applies a held temporary amount without cash', () => {
    expect(lines(postTemporaryApplied({ overdueInterest: '0', handlingFee: '0', interest: '50', principal: '0', tempAmount: '0' }))).toEqual([
      ['customerDeposits', '50.00', '0.00'],
      ['interestIncome', '0.00', '50.00'],
    ]);
  });

  it('settles early with a rule-of-78 rebate and a lock-period fee', () => {
    // 1,000 principal, 120 interest due, 57.69 rebated, 200 lock-period fee: 1,262.31 received.
    expect(lines(postEarlySettlement({ principal: '1000', interest: '120', rebate: '57.69', lockPeriodFee: '200', receivedInto: 'bank' }))).toEqual([
      ['bank', '1262.31', '0.00'],
      ['settlementRebate', '57.69', '0.00'],
      ['loansReceivable', '0.00', '1000.00'],
      ['interestIncome', '0.00', '120.00'],
      ['feeIncome', '0.00', '200.00'],
    ]);
  });

  it('writes off, recovers and charges collection agents', () => {
    expect(lines(postWriteOff({ principalOutstanding: '4516.67' }))).toEqual([
      ['badDebtExpense', '4516.67', '0.00'],
      ['loansReceivable', '0.00', '4516.67'],
    ]);
    expect(lines(postWriteOffRecovery({ amount: '800', receivedInto: 'cash' }))).toEqual([
      ['cash', '800.00', '0.00'],
      ['badDebtRecovered', '0.00', '800.00'],
    ]);
    expect(lines(postOcaCharge({ amount: '240.50' }))).toEqual([
      ['ocaCharges', '240.50', '0.00'],
      ['ocaPayable', '0.00', '240.50'],
    ]);
  });

  it('refuses negative amounts, sub-cent amounts and unbalanced entries', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return isDomainError(e) ? e.code : 'other';
      }
      return 'none';
    };
    expect(code(() => postWriteOff({ principalOutstanding: '-1' }))).toBe('INVALID_JOURNAL_AMOUNT');
    expect(code(() => postOcaCharge({ amount: '0.001' }))).toBe('INVALID_JOURNAL_AMOUNT');
    expect(code(() => assertBalanced({ event: 'payout', lines: [{ account: 'cash', debit: '1.00', credit: '0.00' }] }))).toBe('UNBALANCED_JOURNAL_ENTRY');
  });

  it('keeps every account on its normal side', () => {
    expect(normalSide('cash')).toBe('debit');
    expect(normalSide('customerDeposits')).toBe('credit');
    expect(Object.keys(ACCOUNTS).every((a) => ['debit', 'credit'].includes(normalSide(a as keyof typeof ACCOUNTS)))).toBe(true);
  });
});

const cents = fc.integer({ min: 0, max: 50_000_000 }).map((c) => dec(c).div(100).toFixed(2));
const money = fc.constantFrom('cash' as const, 'bank' as const);

/** Any event the posting rules know, with random valid amounts. */
const anyEntry: fc.Arbitrary<JournalEntry> = fc.oneof(
  fc.tuple(cents, cents, money).map(([a, b, m]) => {
    const [fees, principal] = dec(a).lte(dec(b)) ? [a, b] : [b, a];
    return postPayout({ principal, deductedFees: fees, paidFrom: m });
  }),
  fc.tuple(cents, cents, cents, cents, cents, money).map(([o, h, i, p, t, m]) => postRepayment({ overdueInterest: o, handlingFee: h, interest: i, principal: p, tempAmount: t, receivedInto: m })),
  fc.tuple(cents, cents, cents, cents).map(([o, h, i, p]) => postTemporaryApplied({ overdueInterest: o, handlingFee: h, interest: i, principal: p, tempAmount: '0' })),
  fc.tuple(cents, cents, cents, cents, money).map(([p, i, r, f, m]) => {
    const rebate = dec(r).gt(dec(p).plus(i)) ? dec(p).plus(i).toFixed(2) : r;
    return postEarlySettlement({ principal: p, interest: i, rebate, lockPeriodFee: f, receivedInto: m });
  }),
  cents.map((a) => postWriteOff({ principalOutstanding: a })),
  fc.tuple(cents, money).map(([a, m]) => postWriteOffRecovery({ amount: a, receivedInto: m })),
  cents.map((a) => postOcaCharge({ amount: a })),
);

describe('posting rules (properties)', () => {
  it('every entry balances, with no negative, sub-cent or two-sided line', { timeout: PROPERTY_TIMEOUT }, () => {
    fc.assert(
      fc.property(anyEntry, (e) => {
        expect(totalDebits(e).eq(totalCredits(e))).toBe(true);
        for (const l of e.lines) {
          const d = dec(l.debit);
          const c = dec(l.credit);
          expect(d.isNegative() || c.isNegative()).toBe(false);
          expect(d.isZero() !== c.isZero()).toBe(true);
          expect(d.decimalPlaces() <= 2 && c.decimalPlaces() <= 2).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a reversal nets its entry to nothing, and reversing twice gives the entry back', { timeout: PROPERTY_TIMEOUT }, () => {
    fc.assert(
      fc.property(anyEntry, (e) => {
        const r = reverse(e);
        for (const net of netByAccount([e, r]).values()) expect(net.isZero()).toBe(true);
        expect(reverse(r).lines).toEqual(e.lines);
        expect(r.reverses).toBe(e.event);
      }),
      { numRuns: RUNS },
    );
  });
});
