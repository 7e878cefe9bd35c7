import { type DecimalInput, ZERO, dec } from './decimal.js';
import { moneyText } from './rounding.js';

/**
 * The figures of a bank statement's reconciliation (docs/bank-reconciliation.md): its credits split
 * by what became of them. Every credit line is in exactly one of posted, suspense, ignored or open
 * (matched, suggested, unmatched), so credits = posted + suspense + ignored + open, always.
 */
export interface StatementLineFigure {
  direction: 'credit' | 'debit';
  state: string;
  amount: DecimalInput;
}

export interface ReconciliationTotals {
  credits: string;
  debits: string;
  posted: string;
  suspense: string;
  ignored: string;
  open: string;
  creditCount: number;
}

const SETTLED = new Set(['posted', 'suspense', 'ignored']);

export function reconciliationTotals(lines: readonly StatementLineFigure[]): ReconciliationTotals {
  const t = { credits: ZERO, debits: ZERO, posted: ZERO, suspense: ZERO, ignored: ZERO, open: ZERO };
  let creditCount = 0;
  for (const l of lines) {
    const a = dec(l.amount);
    if (l.direction === 'debit') {
      t.debits = t.debits.plus(a);
      continue;
    }
    creditCount += 1;
    t.credits = t.credits.plus(a);
    const bucket = SETTLED.has(l.state) ? (l.state as 'posted' | 'suspense' | 'ignored') : 'open';
    t[bucket] = t[bucket].plus(a);
  }
  return {
    credits: moneyText(t.credits),
    debits: moneyText(t.debits),
    posted: moneyText(t.posted),
    suspense: moneyText(t.suspense),
    ignored: moneyText(t.ignored),
    open: moneyText(t.open),
    creditCount,
  };
}

/** The statement's closing balance less the ledger's balance of its bank account (null without a closing balance). */
export const closingDifference = (closing: DecimalInput | null, ledger: DecimalInput): string | null =>
  closing === null ? null : moneyText(dec(closing).minus(dec(ledger)));

/** Whether a bank line's amount is exactly a loan's amount due (both decimal strings). */
export const sameAmount = (a: DecimalInput, b: DecimalInput): boolean => dec(a).eq(dec(b));
