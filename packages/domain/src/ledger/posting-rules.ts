/**
 * Posting rules: each business event becomes one balanced journal entry (architecture §3). Pure
 * functions over decimal strings; the server writes the entry and its lines in the same
 * transaction as the event. Corrections are reversal entries, never edits.
 */
import { Decimal, type DecimalInput, ZERO, dec, isDecimalString, sum } from '../decimal.js';
import { DomainError } from '../errors.js';
import { roundMoney } from '../rounding.js';
import { ACCOUNTS, type Account, type BankLedgerAccount, type MoneyAccount, type ReceiptSource } from './accounts.js';

export interface JournalLine {
  account: Account;
  /** 2-decimal amounts; exactly one of the two is non-zero */
  debit: string;
  credit: string;
}

/** Every business event the journal records (the server's `journal_entries.event` allows these only). */
export const JOURNAL_EVENTS = [
  'payout',
  'repayment',
  'interest_accrued',
  'temporary_applied',
  'temporary_refund',
  'early_settlement',
  'write_off',
  'write_off_recovery',
  'oca_charge',
  'oca_payment',
  'bank_suspense',
  'opening_balance',
  'reversal',
] as const;
export type JournalEvent = (typeof JOURNAL_EVENTS)[number];

/**
 * What the entry refers to, for statements and the audit trail (`loanNo`, `repayNo`, `chequeNo`,
 * a reversal's `reason`…). Keys and values are the caller's; staff read the translated event name.
 */
export type JournalMemo = Readonly<Record<string, string>>;

export interface JournalEntry {
  event: JournalEvent;
  lines: JournalLine[];
  memo: JournalMemo;
  /** the event a reversal undoes (the server links the entry itself by id) */
  reverses?: JournalEvent;
}

type Side = 'debit' | 'credit';
type Leg = [Account, Side, DecimalInput];

/** Money in journal lines: never negative, at most two decimals (the rounding rule lives in one place). */
function amount(value: DecimalInput): Decimal {
  if (typeof value === 'string' && !isDecimalString(value.trim())) throw new DomainError('INVALID_JOURNAL_AMOUNT', { value });
  const d = dec(value);
  if (d.isNegative()) throw new DomainError('INVALID_JOURNAL_AMOUNT', { value: d.toString() });
  if (!roundMoney(d).eq(d)) throw new DomainError('INVALID_JOURNAL_AMOUNT', { value: d.toString() });
  return d;
}

/** Builds an entry from its legs: zero legs are dropped, legs on one account and side are added up. */
function entry(event: JournalEvent, legs: readonly Leg[], memo: JournalMemo = {}): JournalEntry {
  const merged = new Map<string, Decimal>();
  for (const [account, side, value] of legs) {
    const a = amount(value);
    if (a.isZero()) continue;
    const key = `${account}:${side}`;
    merged.set(key, (merged.get(key) ?? ZERO).plus(a));
  }
  const lines = [...merged].map(([key, a]) => {
    const [account, side] = key.split(':') as [Account, Side];
    return { account, debit: side === 'debit' ? a.toFixed(2) : '0.00', credit: side === 'credit' ? a.toFixed(2) : '0.00' };
  });
  return assertBalanced({ event, lines, memo: { ...memo } });
}

export const totalDebits = (e: JournalEntry) => sum(e.lines.map((l) => dec(l.debit)));
export const totalCredits = (e: JournalEntry) => sum(e.lines.map((l) => dec(l.credit)));

/**
 * Every entry balances — debits equal credits — and every line is a known account with one
 * non-negative 2-decimal side, or the posting is refused. Returns the entry for chaining.
 */
export function assertBalanced(e: JournalEntry): JournalEntry {
  for (const l of e.lines) {
    if (!Object.hasOwn(ACCOUNTS, l.account)) throw new DomainError('INVALID_JOURNAL_AMOUNT', { account: String(l.account) });
    const d = amount(l.debit);
    const c = amount(l.credit);
    if (d.isZero() === c.isZero()) throw new DomainError('INVALID_JOURNAL_AMOUNT', { account: l.account, debit: l.debit, credit: l.credit });
  }
  const d = totalDebits(e);
  const c = totalCredits(e);
  if (!d.eq(c)) throw new DomainError('UNBALANCED_JOURNAL_ENTRY', { event: e.event, debits: d.toFixed(2), credits: c.toFixed(2) });
  return e;
}

/**
 * Income collected, split between what was already accrued to interest receivable (that
 * receivable is cleared) and what is recognised now. The accrued part cannot exceed the collected.
 */
function incomeLegs(income: Account, collected: DecimalInput, accrued: DecimalInput | undefined): Leg[] {
  const total = amount(collected);
  const fromReceivable = amount(accrued ?? '0');
  if (fromReceivable.gt(total)) {
    throw new DomainError('INVALID_JOURNAL_AMOUNT', { account: income, collected: total.toFixed(2), accrued: fromReceivable.toFixed(2) });
  }
  return [
    ['interestReceivable', 'credit', fromReceivable],
    [income, 'credit', total.minus(fromReceivable)],
  ];
}

/**
 * Payout: the loan amount becomes receivable. Up-front interest and fees (handling, late
 * drawdown) deducted from it are earned at once; where the payout also settles an old loan
 * (reloan), that part goes to reloan clearing, which the old loan's settlement empties. The
 * borrower receives the rest.
 */
export function postPayout(p: {
  /** the loan amount the borrower owes, before deductions */
  principal: DecimalInput;
  deductedInterest?: DecimalInput;
  deductedFees?: DecimalInput;
  /** the old loan's settlement withheld from this payout (reloan) */
  settlesOldLoan?: DecimalInput;
  paidFrom: MoneyAccount;
  memo?: JournalMemo;
}): JournalEntry {
  const principal = amount(p.principal);
  const interest = amount(p.deductedInterest ?? '0');
  const fees = amount(p.deductedFees ?? '0');
  const oldLoan = amount(p.settlesOldLoan ?? '0');
  const paid = principal.minus(interest).minus(fees).minus(oldLoan);
  if (paid.isNegative()) throw new DomainError('INVALID_TERMS', { reason: 'deductions exceed the principal' });
  return entry(
    'payout',
    [
      ['loansReceivable', 'debit', principal],
      [p.paidFrom, 'credit', paid],
      ['interestIncome', 'credit', interest],
      ['feeIncome', 'credit', fees],
      ['reloanClearing', 'credit', oldLoan],
    ],
    p.memo,
  );
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

/**
 * For a lender that accrues interest (`postInterestAccrual`): how much of the interest and
 * overdue interest collected had already been accrued. Left out, all of it is income now.
 */
export interface AccruedPart {
  accruedInterest?: DecimalInput;
  accruedOverdueInterest?: DecimalInput;
}

const allocationCredits = (a: AllocatedReceipt & AccruedPart): Leg[] => [
  ...incomeLegs('overdueInterestIncome', a.overdueInterest, a.accruedOverdueInterest),
  ['feeIncome', 'credit', a.handlingFee],
  ...incomeLegs('interestIncome', a.interest, a.accruedInterest),
  ['loansReceivable', 'credit', a.principal],
  ['customerDeposits', 'credit', a.tempAmount],
];

const allocated = (a: AllocatedReceipt) => sum([a.overdueInterest, a.handlingFee, a.interest, a.principal, a.tempAmount].map(amount));

/** A repayment received: money in, split as the allocation says. */
export function postRepayment(a: AllocatedReceipt & AccruedPart & { receivedInto: ReceiptSource; memo?: JournalMemo }): JournalEntry {
  return entry('repayment', [[a.receivedInto, 'debit', allocated(a)], ...allocationCredits(a)], a.memo);
}

/** A held temporary amount applied to what is due: the deposit goes down instead of money coming in. */
export function postTemporaryApplied(a: AllocatedReceipt & AccruedPart & { memo?: JournalMemo }): JournalEntry {
  if (!amount(a.tempAmount).isZero()) throw new DomainError('INVALID_TERMS', { reason: 'a temporary amount cannot be applied to itself' });
  return entry('temporary_applied', [['customerDeposits', 'debit', allocated(a)], ...allocationCredits(a)], a.memo);
}

/** A held temporary amount paid back to the customer. */
export function postTemporaryRefund(r: { amount: DecimalInput; paidFrom: MoneyAccount; memo?: JournalMemo }): JournalEntry {
  return entry(
    'temporary_refund',
    [
      ['customerDeposits', 'debit', r.amount],
      [r.paidFrom, 'credit', r.amount],
    ],
    r.memo,
  );
}

/** Interest and overdue interest fallen due but not received (the daily job of a lender that accrues). */
export function postInterestAccrual(a: { interest?: DecimalInput; overdueInterest?: DecimalInput; memo?: JournalMemo }): JournalEntry {
  const interest = amount(a.interest ?? '0');
  const overdue = amount(a.overdueInterest ?? '0');
  return entry(
    'interest_accrued',
    [
      ['interestReceivable', 'debit', interest.plus(overdue)],
      ['interestIncome', 'credit', interest],
      ['overdueInterestIncome', 'credit', overdue],
    ],
    a.memo,
  );
}

/**
 * Early settlement (MLO s.21), from a settlement quote: principal, the interest charged (the
 * quote's `interest`, already net of the rebate), overdue interest and fees are cleared. The
 * scheduled interest is credited in full and the rebate shown against it as a debit, so the
 * ledger keeps what was given up. A held temporary amount applied reduces what is received; a
 * reloan pays it from reloan clearing. The rebate that keeps the settlement within the 48% cap
 * (`capRebate`, s21.ts) is given up too: principal, interest and fee are credited in full and it
 * is debited to settlement rebates beside the rule-of-78 rebate.
 * received = principal + interest + overdue interest + handling fee + lock-period fee − cap rebate − temporary amount applied.
 */
export function postEarlySettlement(
  s: {
    principal: DecimalInput;
    interest: DecimalInput;
    rebate: DecimalInput;
    lockPeriodFee: DecimalInput;
    /** the rebate to keep the settlement within the cap (charged less than principal + interest + fee) */
    capRebate?: DecimalInput;
    overdueInterest?: DecimalInput;
    handlingFee?: DecimalInput;
    tempApplied?: DecimalInput;
    receivedInto: ReceiptSource | 'reloanClearing';
    memo?: JournalMemo;
  } & AccruedPart,
): JournalEntry {
  const interest = amount(s.interest);
  const rebate = amount(s.rebate);
  const overdue = amount(s.overdueInterest ?? '0');
  const fees = amount(s.lockPeriodFee).plus(amount(s.handlingFee ?? '0'));
  const temp = amount(s.tempApplied ?? '0');
  const capRebate = amount(s.capRebate ?? '0');
  const received = amount(s.principal).plus(interest).plus(overdue).plus(fees).minus(capRebate).minus(temp);
  if (received.isNegative()) throw new DomainError('INVALID_TERMS', { reason: 'the temporary amount applied exceeds the settlement' });
  return entry(
    'early_settlement',
    [
      [s.receivedInto, 'debit', received],
      ['customerDeposits', 'debit', temp],
      ['settlementRebate', 'debit', rebate.plus(capRebate)],
      ['loansReceivable', 'credit', s.principal],
      ...incomeLegs('interestIncome', interest.plus(rebate), s.accruedInterest),
      ...incomeLegs('overdueInterestIncome', overdue, s.accruedOverdueInterest),
      ['feeIncome', 'credit', fees],
    ],
    s.memo,
  );
}

/** Write-off: the principal still outstanding, and any interest accrued on it, leave the books as a bad debt. */
export function postWriteOff(w: { principalOutstanding: DecimalInput; interestReceivable?: DecimalInput; memo?: JournalMemo }): JournalEntry {
  const principal = amount(w.principalOutstanding);
  const interest = amount(w.interestReceivable ?? '0');
  return entry(
    'write_off',
    [
      ['badDebtExpense', 'debit', principal.plus(interest)],
      ['loansReceivable', 'credit', principal],
      ['interestReceivable', 'credit', interest],
    ],
    w.memo,
  );
}

/** Money collected on a written-off loan. */
export function postWriteOffRecovery(r: { amount: DecimalInput; receivedInto: MoneyAccount; memo?: JournalMemo }): JournalEntry {
  return entry(
    'write_off_recovery',
    [
      [r.receivedInto, 'debit', r.amount],
      ['badDebtRecovered', 'credit', r.amount],
    ],
    r.memo,
  );
}

/** A collection agent's charge on what it collected, payable to the agent. */
export function postOcaCharge(c: { amount: DecimalInput; memo?: JournalMemo }): JournalEntry {
  return entry(
    'oca_charge',
    [
      ['ocaCharges', 'debit', c.amount],
      ['ocaPayable', 'credit', c.amount],
    ],
    c.memo,
  );
}

/** A collection agent paid what it is owed. */
export function postOcaPayment(p: { amount: DecimalInput; paidFrom: MoneyAccount; memo?: JournalMemo }): JournalEntry {
  return entry(
    'oca_payment',
    [
      ['ocaPayable', 'debit', p.amount],
      [p.paidFrom, 'credit', p.amount],
    ],
    p.memo,
  );
}

/**
 * Money a bank statement shows came in but no loan can be named for yet: it is in the bank and
 * owed to whoever paid it until identified. Assigning it later posts the receipt from `suspense`
 * (`postRepayment` with `receivedInto: 'suspense'`), which empties the suspense again.
 */
export function postBankSuspense(p: { amount: DecimalInput; bank: BankLedgerAccount; memo?: JournalMemo }): JournalEntry {
  return entry(
    'bank_suspense',
    [
      [p.bank, 'debit', p.amount],
      ['suspense', 'credit', p.amount],
    ],
    p.memo,
  );
}

/**
 * A loan brought in from the lender's previous system (docs/import.md): its principal as lent, a
 * receivable opened against the migration equity account instead of cash, since the money left
 * before Harbour kept the books.
 */
export function postOpeningLoan(p: { principal: DecimalInput; memo?: JournalMemo }): JournalEntry {
  return entry(
    'opening_balance',
    [
      ['loansReceivable', 'debit', p.principal],
      ['migrationEquity', 'credit', p.principal],
    ],
    p.memo,
  );
}

/**
 * What the previous system says an imported loan was paid up to the cut-over date: the principal
 * leaves the receivable against the migration equity; interest and overdue interest paid then were
 * the previous books' income, so they pass through the equity account and touch no income here.
 * Handling fees paid (`feesPaid`) pass through the equity likewise. Money received but not applied (`tempHeld`, a surplus the loan holds as its temporary amount) is
 * owed to the customer: it moves from the equity to customer deposits.
 */
export function postOpeningPosition(p: { principalPaid: DecimalInput; interestPaid: DecimalInput; overduePaid: DecimalInput; feesPaid?: DecimalInput; tempHeld?: DecimalInput; memo?: JournalMemo }): JournalEntry {
  const interest = dec(p.interestPaid).plus(dec(p.overduePaid)).plus(dec(p.feesPaid ?? '0'));
  const temp = dec(p.tempHeld ?? '0');
  return entry(
    'opening_balance',
    [
      ['migrationEquity', 'debit', dec(p.principalPaid).plus(interest).plus(temp)],
      ['loansReceivable', 'credit', p.principalPaid],
      ['migrationEquity', 'credit', interest],
      ['customerDeposits', 'credit', temp],
    ],
    p.memo,
  );
}

/**
 * An imported loan the previous system had written off: its unpaid principal was that system's
 * bad debt, so it leaves the receivable against the migration equity and no expense moves here.
 * A recovery later is write-off recovery income, as on a loan written off in Harbour.
 */
export function postOpeningWriteOff(p: { principal: DecimalInput; memo?: JournalMemo }): JournalEntry {
  return entry(
    'opening_balance',
    [
      ['migrationEquity', 'debit', p.principal],
      ['loansReceivable', 'credit', p.principal],
    ],
    p.memo,
  );
}

/**
 * The correction of an entry: the same lines with debit and credit swapped, naming the event it
 * undoes. `memo` adds to the original's (e.g. `{ reason }`); reversing a reversal restores the lines.
 */
export function reverse(e: JournalEntry, memo: JournalMemo = {}): JournalEntry {
  return assertBalanced({
    event: 'reversal',
    reverses: e.event === 'reversal' ? (e.reverses ?? 'reversal') : e.event,
    lines: e.lines.map((l) => ({ account: l.account, debit: l.credit, credit: l.debit })),
    memo: { ...e.memo, ...memo },
  });
}

/**
 * Whether a stored entry may be reversed: an entry is reversed at most once, and a reversal is
 * never reversed (to undo a wrong reversal, post the event again) — so every chain of
 * corrections is one entry and at most one reversal. The server asks this before `reverse`.
 */
export function assertReversible(e: Pick<JournalEntry, 'event'>, state: { alreadyReversed: boolean }): void {
  if (e.event === 'reversal') throw new DomainError('JOURNAL_REVERSAL_NOT_REVERSIBLE');
  if (state.alreadyReversed) throw new DomainError('JOURNAL_ENTRY_ALREADY_REVERSED');
}

/** Each account's net movement (debits − credits) over entries: a reversed entry nets to nothing. */
export function netByAccount(entries: readonly JournalEntry[]): Map<Account, Decimal> {
  const out = new Map<Account, Decimal>();
  for (const e of entries) for (const l of e.lines) out.set(l.account, (out.get(l.account) ?? ZERO).plus(dec(l.debit)).minus(dec(l.credit)));
  return out;
}

export interface TrialBalanceRow {
  account: Account;
  code: string;
  /** the account's balance on the side it stands (one of the two is "0.00") */
  debit: string;
  credit: string;
}

/** The trial balance of entries: one row per account that moved, in chart order; its columns add up equal. */
export function trialBalance(entries: readonly JournalEntry[]): TrialBalanceRow[] {
  return [...netByAccount(entries)]
    .map(([account, net]) => ({
      account,
      code: ACCOUNTS[account].code,
      debit: net.isPositive() && !net.isZero() ? net.toFixed(2) : '0.00',
      credit: net.isNegative() && !net.isZero() ? net.abs().toFixed(2) : '0.00',
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
