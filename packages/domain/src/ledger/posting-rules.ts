/**
 * Posting rules: each business event becomes one balanced journal entry (architecture §3). Pure
 * functions over decimal strings; the server writes the entry and its lines in the same
 * transaction as the event. Corrections are reversal entries, never edits.
 */
import { Decimal, type DecimalInput, ZERO, dec, sum } from '../decimal.js';
import { DomainError } from '../errors.js';
import { roundMoney } from '../rounding.js';
import type { Account, MoneyAccount } from './accounts.js';

export interface JournalLine {
  account: Account;
  /** 2-decimal amounts; exactly one of the two is non-zero */
  debit: string;
  credit: string;
}

export type JournalEvent =
  | 'payout'
  | 'repayment'
  | 'temporary_applied'
  | 'early_settlement'
  | 'write_off'
  | 'write_off_recovery'
  | 'oca_charge'
  | 'reversal';

export interface JournalEntry {
  event: JournalEvent;
  lines: JournalLine[];
  /** the event a reversal undoes */
  reverses?: JournalEvent;
}

type Leg = [Account, 'debit' | 'credit', DecimalInput];

/** Money in journal lines: never negative, at most two decimals (the rounding rule lives in one place). */
function amount(value: DecimalInput): Decimal {
  const d = dec(value);
  if (d.isNegative()) throw new DomainError('INVALID_JOURNAL_AMOUNT', { value: d.toString() });
  const r = roundMoney(d);
  if (!r.eq(d)) throw new DomainError('INVALID_JOURNAL_AMOUNT', { value: d.toString() });
  return r;
}

/** Builds an entry from its legs: zero legs are dropped, legs on one account and side are added up. */
function entry(event: JournalEvent, legs: readonly Leg[]): JournalEntry {
  const merged = new Map<string, Decimal>();
  for (const [account, side, value] of legs) {
    const a = amount(value);
    if (a.isZero()) continue;
    const key = `${account}:${side}`;
    merged.set(key, (merged.get(key) ?? ZERO).plus(a));
  }
  const lines = [...merged].map(([key, a]) => {
    const [account, side] = key.split(':') as [Account, 'debit' | 'credit'];
    return { account, debit: side === 'debit' ? a.toFixed(2) : '0.00', credit: side === 'credit' ? a.toFixed(2) : '0.00' };
  });
  return assertBalanced({ event, lines });
}

export const totalDebits = (e: JournalEntry) => sum(e.lines.map((l) => dec(l.debit)));
export const totalCredits = (e: JournalEntry) => sum(e.lines.map((l) => dec(l.credit)));

/** Every entry balances: debits equal credits, or the posting is refused. */
export function assertBalanced(e: JournalEntry): JournalEntry {
  const d = totalDebits(e);
  const c = totalCredits(e);
  if (!d.eq(c)) throw new DomainError('UNBALANCED_JOURNAL_ENTRY', { event: e.event, debits: d.toFixed(2), credits: c.toFixed(2) });
  return e;
}

/** Payout: the principal becomes receivable; fees deducted from it are income at once. */
export function postPayout(p: { principal: DecimalInput; deductedFees?: DecimalInput; paidFrom: MoneyAccount }): JournalEntry {
  const principal = amount(p.principal);
  const fees = amount(p.deductedFees ?? '0');
  if (fees.gt(principal)) throw new DomainError('INVALID_TERMS', { reason: 'fees deducted exceed the principal' });
  return entry('payout', [
    ['loansReceivable', 'debit', principal],
    [p.paidFrom, 'credit', principal.minus(fees)],
    ['feeIncome', 'credit', fees],
  ]);
}

/** How a receipt was split (the shape of the domain's `Allocation`). */
export interface AllocatedReceipt {
  overdueInterest: DecimalInput;
  handlingFee: DecimalInput;
  interest: DecimalInput;
  principal: DecimalInput;
  /** the surplus kept for the customer */
  tempAmount: DecimalInput;
}

const allocationCredits = (a: AllocatedReceipt): Leg[] => [
  ['overdueInterestIncome', 'credit', a.overdueInterest],
  ['feeIncome', 'credit', a.handlingFee],
  ['interestIncome', 'credit', a.interest],
  ['loansReceivable', 'credit', a.principal],
  ['customerDeposits', 'credit', a.tempAmount],
];

const allocated = (a: AllocatedReceipt) => sum([a.overdueInterest, a.handlingFee, a.interest, a.principal, a.tempAmount].map(amount));

/** A repayment received: cash in, split as the allocation says. */
export function postRepayment(a: AllocatedReceipt & { receivedInto: MoneyAccount }): JournalEntry {
  return entry('repayment', [[a.receivedInto, 'debit', allocated(a)], ...allocationCredits(a)]);
}

/** A held temporary amount applied to what is due: the deposit goes down instead of cash coming in. */
export function postTemporaryApplied(a: AllocatedReceipt): JournalEntry {
  if (!amount(a.tempAmount).isZero()) throw new DomainError('INVALID_TERMS', { reason: 'a temporary amount cannot be applied to itself' });
  return entry('temporary_applied', [['customerDeposits', 'debit', allocated(a)], ...allocationCredits(a)]);
}

/**
 * Early settlement: principal and the interest due are cleared; the rebate of unearned interest
 * is an expense; a lock-period fee is income. received = principal + interest − rebate + fee.
 */
export function postEarlySettlement(s: {
  principal: DecimalInput;
  interest: DecimalInput;
  rebate: DecimalInput;
  lockPeriodFee: DecimalInput;
  receivedInto: MoneyAccount;
}): JournalEntry {
  const received = amount(s.principal).plus(amount(s.interest)).minus(amount(s.rebate)).plus(amount(s.lockPeriodFee));
  if (received.isNegative()) throw new DomainError('INVALID_TERMS', { reason: 'rebate exceeds what is due' });
  return entry('early_settlement', [
    [s.receivedInto, 'debit', received],
    ['settlementRebate', 'debit', s.rebate],
    ['loansReceivable', 'credit', s.principal],
    ['interestIncome', 'credit', s.interest],
    ['feeIncome', 'credit', s.lockPeriodFee],
  ]);
}

/** Write-off: the principal still outstanding leaves the books as a bad debt. */
export function postWriteOff(w: { principalOutstanding: DecimalInput }): JournalEntry {
  return entry('write_off', [
    ['badDebtExpense', 'debit', w.principalOutstanding],
    ['loansReceivable', 'credit', w.principalOutstanding],
  ]);
}

/** Money collected on a written-off loan. */
export function postWriteOffRecovery(r: { amount: DecimalInput; receivedInto: MoneyAccount }): JournalEntry {
  return entry('write_off_recovery', [
    [r.receivedInto, 'debit', r.amount],
    ['badDebtRecovered', 'credit', r.amount],
  ]);
}

/** A collection agent's charge on what it collected, payable to the agent. */
export function postOcaCharge(c: { amount: DecimalInput }): JournalEntry {
  return entry('oca_charge', [
    ['ocaCharges', 'debit', c.amount],
    ['ocaPayable', 'credit', c.amount],
  ]);
}

/** The correction of an entry: the same lines with debit and credit swapped. */
export function reverse(e: JournalEntry): JournalEntry {
  return assertBalanced({
    event: 'reversal',
    reverses: e.event === 'reversal' ? (e.reverses ?? 'reversal') : e.event,
    lines: e.lines.map((l) => ({ account: l.account, debit: l.credit, credit: l.debit })),
  });
}

/** Each account's net movement (debits − credits) over entries: a reversed entry nets to nothing. */
export function netByAccount(entries: readonly JournalEntry[]): Map<Account, Decimal> {
  const out = new Map<Account, Decimal>();
  for (const e of entries) for (const l of e.lines) out.set(l.account, (out.get(l.account) ?? ZERO).plus(dec(l.debit)).minus(dec(l.credit)));
  return out;
}
