/**
 * Model test of servicing: random loans under random settings (days of year, decimal places,
 * rounding, days off, holidays and how they count for overdue interest), random sequences of receipts (dates moving forward, any
 * amount, any repay type), voids of the latest receipt and early settlements, checked against
 * what a loan's books must say after every step:
 * - every cent of every receipt is accounted for (received = overdue interest + fee + interest +
 *   principal + temporary amount), on the receipt and over the loan's standing receipts;
 * - no instalment or charge is negative or paid beyond what it is;
 * - a void is the replay of the standing receipts without the voided one: the state goes back
 *   exactly to what it was before it;
 * - each journal entry (payout, `postRepayment`, `postEarlySettlement`, `reverse`) balances, the
 *   trial balance over all entries balances, loans receivable = the unpaid principal, customer
 *   deposits = the temporary amount held, and income = what was paid of interest, overdue interest
 *   and fees.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Allocation, type RepaymentMode, allocateReceipt } from './allocation.js';
import { addDays } from './dates.js';
import { Decimal, ZERO, dec, sum } from './decimal.js';
import { isDomainError } from './errors.js';
import {
  type JournalEntry,
  assertBalanced,
  netByAccount,
  postEarlySettlement,
  postPayout,
  postRepayment,
  reverse,
  totalCredits,
  totalDebits,
  trialBalance,
} from './ledger/index.js';
import { type RepaymentState, type RepaymentStateOptions, createRepaymentState, remainingScheduled, totalUnpaidPrincipal } from './repayment-state.js';
import { buildSchedule } from './schedule.js';
import type { SettingsInput } from './settings.js';
import type { LoanTerms } from './terms.js';
import { type SettlementMethod, isFullyRepaid, settlementQuote } from './settlement.js';
import { PROPERTY_TIMEOUT, RUNS } from './test-support/runs.js';

const LOAN_DATE = '2024-01-31';
/** Hong Kong general holidays of 2024 and 2025 (those that fall in the loans' lives). */
const HOLIDAYS = [
  '2024-02-10', '2024-02-12', '2024-02-13', '2024-03-29', '2024-03-30', '2024-04-01', '2024-04-04', '2024-05-01',
  '2024-05-15', '2024-06-10', '2024-07-01', '2024-09-18', '2024-10-01', '2024-10-11', '2024-12-25', '2024-12-26',
  '2025-01-01', '2025-01-29', '2025-01-30', '2025-01-31', '2025-04-04', '2025-04-18', '2025-04-19', '2025-04-21',
];

/** The system settings the rules read, and the holiday list. */
const engineArb = fc.record({
  settings: fc.record({
    dayCount: fc.constantFrom('actual/365' as const, 'actual/360' as const, '30/360' as const),
    decimalPlaces: fc.constantFrom(2 as const, 2 as const, 1 as const, 0 as const),
    rounding: fc.constantFrom('half-up' as const, 'half-even' as const, 'up' as const, 'down' as const),
    daysOff: fc.constantFrom<number[]>([], [0], [0, 6]),
    moveDueDateOffHoliday: fc.boolean(),
    holidayOverdueInterest: fc.constantFrom('count' as const, 'not-count' as const, 'treat-as-holiday' as const),
  }),
  holidays: fc.constantFrom<string[]>([], HOLIDAYS),
});
type Engine = { settings: SettingsInput; holidays: string[] };

const loanArb = fc.record({
  /** in cents: 1,000.00 … 300,000.00 with odd cents */
  amountCents: fc.integer({ min: 100_000, max: 30_000_000 }),
  tenor: fc.integer({ min: 1, max: 24 }),
  /** flat rate a month, hundredths of a percent (0 … 4%) */
  rateBp: fc.integer({ min: 0, max: 400 }),
  method: fc.constantFrom('amortization' as const, 'interest-first' as const),
  cycle: fc.constantFrom<{ kind: 'monthly' } | { kind: 'biweekly' } | { kind: 'every-n-days'; days: number }>(
    { kind: 'monthly' },
    { kind: 'biweekly' },
    { kind: 'every-n-days', days: 10 },
  ),
  /** overdue rate, percent a year (0 … 60) */
  overdueRate: fc.integer({ min: 0, max: 60 }),
  penaltyCents: fc.constantFrom(0, 5_000, 10_000, 12_300),
  allowPartialPrincipal: fc.boolean(),
});

type Op =
  | { kind: 'receipt'; gap: number; cents: number; mode: RepaymentMode; tenor: number | undefined; bank: boolean; share: number }
  | { kind: 'void' }
  | { kind: 'settle'; gap: number; method: SettlementMethod; lockMonths: number; lockFeeCents: number; keep: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('receipt' as const),
      gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 70 })),
      cents: fc.integer({ min: 1, max: 5_000_000 }),
      mode: fc.constantFrom<RepaymentMode>('auto', 'auto', 'instalment', 'overdue-interest', 'handling-fee', 'principal'),
      tenor: fc.option(fc.integer({ min: 1, max: 25 }), { nil: undefined }),
      bank: fc.boolean(),
      /** when > 0, the amount is this share of what is left to pay (hits the exact figures) */
      share: fc.constantFrom(0, 0, 0.25, 0.5, 1),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'void' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      gap: fc.integer({ min: 0, max: 90 }),
      method: fc.constantFrom<SettlementMethod>('actuarial', 'rule-of-78'),
      lockMonths: fc.constantFrom(0, 3, 12),
      lockFeeCents: fc.constantFrom(0, 50_000),
      /** true: the settlement stands (the loan is done); false: it is voided and receipts go on */
      keep: fc.boolean(),
    }),
  },
);

interface Standing {
  date: string;
  received: Decimal;
  mode: RepaymentMode;
  tenor: number | undefined;
  allocation: Allocation;
  entry: JournalEntry;
  /** the loan's state before this receipt */
  before: RepaymentState;
}

const money = (d: Decimal) => d.toFixed(2);

/**
 * The checks run tens of thousands of times a run: a plain condition, failing with what broke
 * (vitest's \`expect\` costs more than the arithmetic it checks here).
 */
function ok(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}
function same(actual: string, expected: string, what: string): void {
  if (actual !== expected) throw new Error(`${what}: ${actual}, expected ${expected}`);
}
const isCents = (d: Decimal) => d.decimalPlaces() <= 2;

/** A state as plain strings, to compare two states exactly. */
function snapshot(s: RepaymentState) {
  return {
    lastRepaymentDate: s.lastRepaymentDate,
    tempAmount: s.tempAmount.toFixed(),
    instalments: s.instalments.map((i) => ({
      tenor: i.tenor,
      paidPrincipal: i.paidPrincipal.toFixed(),
      paidInterest: i.paidInterest.toFixed(),
      overdueInterestCharged: i.overdueInterestCharged.toFixed(),
      overdueInterestPaid: i.overdueInterestPaid.toFixed(),
      overdueAccruedTo: i.overdueAccruedTo,
      feeCharged: i.feeCharged.toFixed(),
      feePaid: i.feePaid.toFixed(),
    })),
  };
}

/** No instalment or charge negative or paid beyond what it is; every amount in cents. */
function expectSound(s: RepaymentState): void {
  for (const i of s.instalments) {
    for (const v of [i.paidPrincipal, i.paidInterest, i.overdueInterestCharged, i.overdueInterestPaid, i.feeCharged, i.feePaid]) {
      ok(!(v.isNegative()), `tenor ${i.tenor}: negative`);
      ok(isCents(v), `tenor ${i.tenor}: sub-cent ${v.toFixed()}`);
    }
    ok(i.paidPrincipal.lte(i.principal), `tenor ${i.tenor}: principal overpaid`);
    ok(i.paidInterest.lte(i.interest), `tenor ${i.tenor}: interest overpaid`);
    ok(i.overdueInterestPaid.lte(i.overdueInterestCharged), `tenor ${i.tenor}: overdue interest overpaid`);
    ok(i.feePaid.lte(i.feeCharged), `tenor ${i.tenor}: fee overpaid`);
  }
  ok(!s.tempAmount.isNegative(), 'negative temporary amount');
}

/** Every cent of one receipt accounted for, by part and by instalment line. */
function expectConserved(before: RepaymentState, a: Allocation, received: Decimal): void {
  ok(a.received.eq(received), 'received changed');
  same(money(a.overdueInterest.plus(a.handlingFee).plus(a.interest).plus(a.principal).plus(a.tempAmount)), money(received), 'parts of the receipt');
  for (const part of ['overdueInterest', 'handlingFee', 'interest', 'principal'] as const) {
    same(money(sum(a.lines.map((l) => l[part]))), money(a[part]), part);
    for (const l of a.lines) ok(!(l[part].isNegative() || !isCents(l[part])), `${part} of tenor ${l.tenor}`);
  }
  ok(!a.tempAmount.isNegative(), 'negative surplus');
  // each line is what the receipt paid of its instalment (what the server stores per tenor)
  before.instalments.forEach((i, k) => {
    const after = a.state.instalments[k]!;
    const line = a.lines.find((l) => l.tenor === i.tenor);
    const paid = (x: Decimal, y: Decimal) => money(x.minus(y));
    same(paid(after.paidPrincipal, i.paidPrincipal), money(line?.principal ?? ZERO), `principal line of tenor ${i.tenor}`);
    same(paid(after.paidInterest, i.paidInterest), money(line?.interest ?? ZERO), `interest line of tenor ${i.tenor}`);
    same(paid(after.overdueInterestPaid, i.overdueInterestPaid), money(line?.overdueInterest ?? ZERO), `overdue interest line of tenor ${i.tenor}`);
    same(paid(after.feePaid, i.feePaid), money(line?.handlingFee ?? ZERO), `fee line of tenor ${i.tenor}`);
  });
  same(money(a.state.tempAmount.minus(before.tempAmount)), money(a.tempAmount), 'temporary amount added');
}

const paidOf = (s: RepaymentState, f: 'paidPrincipal' | 'paidInterest' | 'overdueInterestPaid' | 'feePaid') => sum(s.instalments.map((i) => i[f]));

/** The books of the loan against its state: receivable, deposits, income, money, trial balance. */
function expectBooks(entries: readonly JournalEntry[], s: RepaymentState, loanAmount: Decimal, moneyIn: Decimal): void {
  const net = netByAccount(entries);
  const at = (a: Parameters<typeof net.get>[0]) => net.get(a) ?? ZERO;
  same(money(at('loansReceivable')), money(totalUnpaidPrincipal(s)), 'loans receivable = unpaid principal');
  same(money(at('customerDeposits').negated()), money(s.tempAmount), 'customer deposits = temporary amount');
  same(money(at('interestIncome').negated()), money(paidOf(s, 'paidInterest')), 'interest income');
  same(money(at('overdueInterestIncome').negated()), money(paidOf(s, 'overdueInterestPaid')), 'overdue interest income');
  same(money(at('feeIncome').negated()), money(paidOf(s, 'feePaid')), 'fee income');
  same(money(at('cash').plus(at('bank'))), money(moneyIn.minus(loanAmount)), 'money in less the payout');
  const tb = trialBalance(entries);
  same(money(sum(tb.map((r) => dec(r.debit)))), money(sum(tb.map((r) => dec(r.credit)))), 'trial balance');
}

/** Each entry balances (checked once, as it is posted). */
function post(entries: JournalEntry[], e: JournalEntry): JournalEntry {
  assertBalanced(e);
  same(money(totalDebits(e)), money(totalCredits(e)), `${e.event} entry`);
  entries.push(e);
  return e;
}

/** The amount a receipt op sends: its own, or a share of what is left to pay (exact edges). */
function amountOf(op: Extract<Op, { kind: 'receipt' }>, s: RepaymentState): Decimal {
  if (op.share === 0) return dec(String(op.cents)).div(100);
  const left = remainingScheduled(s).times(op.share).toDecimalPlaces(2);
  return left.gt(0) ? left : new Decimal('0.01');
}

interface Counts {
  receipts: number;
  voids: number;
  settlements: number;
}

function runSequence(loan: LoanTerms, options: RepaymentStateOptions, engine: Engine, ops: readonly Op[]): Counts {
  const { settings, holidays } = engine;
  const initial = createRepaymentState(buildSchedule(loan, settings, holidays), options);
  const loanAmount = dec(loan.loanAmount);
  const payout = postPayout({ principal: loanAmount, paidFrom: 'cash' });
  const entries: JournalEntry[] = [];
  post(entries, payout);
  const standing: Standing[] = [];
  let state = initial;
  let date = LOAN_DATE;
  let moneyIn = ZERO;
  const counts = { receipts: 0, voids: 0, settlements: 0 };
  expectBooks(entries, state, loanAmount, moneyIn);

  for (const op of ops) {
    if (op.kind === 'receipt') {
      date = addDays(date, op.gap);
      const received = amountOf(op, state);
      let a: Allocation;
      try {
        a = allocateReceipt(state, { date, received, mode: op.mode, tenor: op.tenor }, settings, holidays);
      } catch (e) {
        if (isDomainError(e)) continue; // a refused receipt changes nothing (the state is immutable)
        throw e;
      }
      expectConserved(state, a, received);
      expectSound(a.state);
      const entry = postRepayment({
        overdueInterest: money(a.overdueInterest),
        handlingFee: money(a.handlingFee),
        interest: money(a.interest),
        principal: money(a.principal),
        tempAmount: money(a.tempAmount),
        receivedInto: op.bank ? 'bank' : 'cash',
      });
      same(money(totalDebits(entry)), money(received), 'money in of the repayment entry');
      standing.push({ date, received, mode: op.mode, tenor: op.tenor, allocation: a, entry, before: state });
      post(entries, entry);
      moneyIn = moneyIn.plus(received);
      state = a.state;
      counts.receipts++;
    } else if (op.kind === 'void') {
      const last = standing.pop();
      if (!last) continue;
      post(entries, reverse(last.entry, { reason: 'void' }));
      moneyIn = moneyIn.minus(last.received);
      // the state is the replay of the standing receipts without the voided one
      let replay = initial;
      for (const r of standing) {
        replay = allocateReceipt(replay, { date: r.date, received: r.received, mode: r.mode, tenor: r.tenor }, settings, holidays).state;
      }
      expect(snapshot(replay)).toEqual(snapshot(last.before));
      state = replay;
      counts.voids++;
    } else {
      const on = addDays(state.lastRepaymentDate ?? date, op.gap);
      const q = settlementQuote(state, on, { method: op.method, lockPeriodMonths: op.lockMonths, lockPeriodFee: dec(String(op.lockFeeCents)).div(100) }, settings, holidays);
      same(money(q.principal), money(totalUnpaidPrincipal(state)), 'settlement principal');
      ok(q.principal.plus(q.interest).lte(remainingScheduled(state)), 'settlement above the remaining schedule');
      for (const v of [q.interest, q.rebate, q.lockPeriodFee, q.overdueInterest, q.handlingFee]) ok(!v.isNegative() && isCents(v), `settlement part ${v.toFixed()}`);
      same(money(q.total), money(q.principal.plus(q.interest).plus(q.lockPeriodFee).plus(q.overdueInterest).plus(q.handlingFee)), 'settlement total');
      if (q.total.isZero()) continue; // nothing to settle
      const applied = Decimal.min(q.tempAmount, q.total);
      same(money(q.payable), money(q.total.minus(applied)), 'settlement payable');
      const entry = postEarlySettlement({ ...q, tempApplied: applied, receivedInto: 'cash' });
      same(money(totalDebits(entry)), money(q.payable.plus(applied).plus(q.rebate)), 'settlement entry debits');
      post(entries, entry);
      counts.settlements++;
      const net = netByAccount(entries);
      same(money(net.get('loansReceivable') ?? ZERO), '0.00', 'a settled loan owes no principal');
      same(money((net.get('customerDeposits') ?? ZERO).negated()), money(state.tempAmount.minus(applied)), 'deposits left after the settlement');
      const tb = trialBalance(entries);
      same(money(sum(tb.map((r) => dec(r.debit)))), money(sum(tb.map((r) => dec(r.credit)))), 'trial balance after the settlement');
      if (op.keep) return counts;
      // voided: reversed, and the loan goes on as before it
      post(entries, reverse(entry, { reason: 'void' }));
    }
    expectBooks(entries, state, loanAmount, moneyIn);
    // over the standing receipts: every cent received is in the state
    const received = sum(standing.map((r) => r.received));
    const accounted = sum((['paidPrincipal', 'paidInterest', 'overdueInterestPaid', 'feePaid'] as const).map((f) => paidOf(state, f))).plus(state.tempAmount);
    same(money(accounted), money(received), 'standing receipts = paid + temporary amount');
    if (isFullyRepaid(state)) same(money(totalUnpaidPrincipal(state)), '0.00', 'principal of a repaid loan');
  }
  return counts;
}

describe('servicing model: receipts, voids and settlements on random loans', () => {
  it(
    'conserves every cent, never overpays, and keeps the books equal to the loans’ states',
    { timeout: PROPERTY_TIMEOUT },
    () => {
      const total: Counts = { receipts: 0, voids: 0, settlements: 0 };
      fc.assert(
        fc.property(loanArb, engineArb, fc.array(opArb, { minLength: 1, maxLength: 10 }), (l, engine, ops) => {
          const terms: LoanTerms = {
            loanAmount: dec(String(l.amountCents)).div(100).toFixed(2),
            loanDate: LOAN_DATE,
            totalTenor: l.tenor,
            repayCycle: l.cycle,
            interestMethod: l.method,
            flatRate: (l.rateBp / 100).toFixed(2),
          };
          const options: RepaymentStateOptions = {
            overdueRate: String(l.overdueRate),
            overduePenalty: dec(String(l.penaltyCents)).div(100).toFixed(2),
            allowPartialPrincipal: l.allowPartialPrincipal,
          };
          const c = runSequence(terms, options, engine, ops);
          total.receipts += c.receipts;
          total.voids += c.voids;
          total.settlements += c.settlements;
        }),
        { numRuns: RUNS },
      );
      // the sequences did exercise every kind of step (not only refusals)
      expect(total.receipts).toBeGreaterThan(RUNS);
      expect(total.voids).toBeGreaterThan(RUNS / 20);
      expect(total.settlements).toBeGreaterThan(RUNS / 20);
    },
  );
});
