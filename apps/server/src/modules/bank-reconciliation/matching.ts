/**
 * Matching a statement's credit lines to loans, in order (docs/bank-reconciliation.md):
 * 1. the reference holds a loan number or a loan's autopay / FPS reference → matched (several
 *    loans named → suggested with the choice);
 * 2. the payer's name is a borrower's and the amount equals that loan's amount due on the line's
 *    date (the counter's due state, `dueState`) → suggested (several → suggested with the choice);
 * 3. otherwise unmatched.
 */
import type { MatchReason } from '@harbour/contracts';
import { sameAmount } from '@harbour/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, loans } from '../../db/schema/index.js';
import type { ServiceContext } from '../../platform/context.js';
import { dueState } from '../repayments/receipts.js';
import type { ParsedLine } from './parse.js';

export interface Candidate {
  loanId: number;
  loanNo: string;
  customerName: string;
  amountDue: string;
}
export interface Match {
  state: 'matched' | 'suggested' | 'unmatched' | 'debit';
  reason: MatchReason;
  loanId: number | null;
  candidates: Candidate[];
}

interface LoanRef {
  loanId: number;
  loanNo: string;
  status: string;
  customerName: string;
}

/** A reference or a number as compared: letters and digits only, upper case ("mk-2024/001" → "MK2024001"). */
const key = (s: string) => s.toUpperCase().replace(/[^0-9A-Z]/g, '');
/**
 * A name as compared: letters only (any script), upper case, without spaces or punctuation —
 * banks print "CHAN TAI MAN", "Chan, Tai-man" or "黃 美玲" for the same borrower.
 */
export const nameKey = (s: string) => s.toUpperCase().replace(/[^\p{L}]+/gu, '');

/** The store's loans by number, autopay reference and borrower's names: built once per statement. */
export interface MatchIndex {
  byRef: Map<string, { loan: LoanRef; via: 'loanNo' | 'autopayRef' }>;
  byName: Map<string, LoanRef[]>;
}

export async function matchIndex(tx: Tx, storeId: number): Promise<MatchIndex> {
  const rows = await tx
    .select({ loanId: loans.id, loanNo: loans.loanNo, autopayRefNo: loans.autopayRefNo, status: loans.status, name: customers.name, englishName: customers.englishName })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(and(eq(loans.storeId, storeId), isNotNull(loans.loanNo)));
  const byRef: MatchIndex['byRef'] = new Map();
  const byName: MatchIndex['byName'] = new Map();
  for (const r of rows) {
    const loan: LoanRef = { loanId: r.loanId, loanNo: r.loanNo!, status: r.status, customerName: r.name };
    byRef.set(key(r.loanNo!), { loan, via: 'loanNo' });
    // a loan number wins over another loan's autopay reference that happens to read the same
    if (r.autopayRefNo && key(r.autopayRefNo).length >= 4 && !byRef.has(key(r.autopayRefNo))) byRef.set(key(r.autopayRefNo), { loan, via: 'autopayRef' });
    if (r.status !== 'repaying') continue;
    for (const n of new Set([r.name, r.englishName].filter((x): x is string => !!x).map(nameKey))) {
      if (n) byName.set(n, [...(byName.get(n) ?? []), loan]);
    }
  }
  return { byRef, byName };
}

/** The loans a reference names: each word of it (and each pair of neighbouring words, "MK 2024001") looked up whole. */
function referenced(index: MatchIndex, reference: string | null) {
  if (!reference) return [];
  const words = reference.split(/[\s,;:/|]+/).filter(Boolean);
  const keys = new Set([...words.map(key), ...words.slice(1).map((w, i) => key(words[i]! + w))]);
  const found = new Map<number, { loan: LoanRef; via: 'loanNo' | 'autopayRef' }>();
  for (const k of keys) {
    const hit = k ? index.byRef.get(k) : undefined;
    if (hit && !found.has(hit.loan.loanId)) found.set(hit.loan.loanId, hit);
  }
  return [...found.values()];
}

async function candidate(tx: Tx, ctx: ServiceContext, loan: LoanRef, date: string): Promise<Candidate> {
  const due = loan.status === 'repaying' ? (await dueState(tx, ctx, loan.loanId, date)).amountDue : '0.00';
  return { loanId: loan.loanId, loanNo: loan.loanNo, customerName: loan.customerName, amountDue: due };
}

export async function matchLine(tx: Tx, ctx: ServiceContext, index: MatchIndex, line: ParsedLine): Promise<Match> {
  if (line.direction === 'debit') return { state: 'debit', reason: 'none', loanId: null, candidates: [] };
  const refs = referenced(index, line.reference);
  if (refs.length === 1) return { state: 'matched', reason: refs[0]!.via, loanId: refs[0]!.loan.loanId, candidates: [] };
  if (refs.length > 1) {
    const candidates = await Promise.all(refs.map((r) => candidate(tx, ctx, r.loan, line.bookingDate)));
    return { state: 'suggested', reason: 'severalReferenced', loanId: null, candidates };
  }
  const named = line.payerName ? (index.byName.get(nameKey(line.payerName)) ?? []) : [];
  const due: Candidate[] = [];
  for (const loan of named) {
    const c = await candidate(tx, ctx, loan, line.bookingDate);
    if (sameAmount(c.amountDue, line.amount)) due.push(c);
  }
  if (due.length === 1) return { state: 'suggested', reason: 'nameAmount', loanId: due[0]!.loanId, candidates: due };
  if (due.length > 1) return { state: 'suggested', reason: 'severalNameAmount', loanId: null, candidates: due };
  return { state: 'unmatched', reason: 'none', loanId: null, candidates: [] };
}
