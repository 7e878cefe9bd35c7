import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { systemContext } from '../../src/platform/context.js';
import { trialBalance } from '../../src/platform/ledger.js';
import { withReadTx } from '../../src/platform/tx.js';

/**
 * The ledger's invariants over the whole database (every store): each entry has at least two
 * lines and its debits equal its credits, each line is on one side only, and the trial balance's
 * debit and credit totals are equal. For tests of the money events (payout, repayment…): call it
 * after the event's requests.
 */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  await withReadTx(systemContext(db, 'ledger-check'), async (tx) => {
    const { rows: unbalanced } = await tx.execute<{ id: string; lines: number; debits: string; credits: string }>(sql`
      select e.id::text, count(l.id)::int as lines, coalesce(sum(l.debit), 0)::text as debits, coalesce(sum(l.credit), 0)::text as credits
      from journal_entries e left join journal_lines l on l.entry_id = e.id
      group by e.id
      having count(l.id) < 2 or coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0)`);
    expect(unbalanced, 'unbalanced journal entries').toEqual([]);
    const { rows: twoSided } = await tx.execute<{ id: string }>(sql`
      select id::text from journal_lines where debit < 0 or credit < 0 or (debit > 0) = (credit > 0)`);
    expect(twoSided, 'journal lines not on exactly one side').toEqual([]);
    const tb = await trialBalance(tx);
    expect(tb.totals.debit, 'trial balance totals').toBe(tb.totals.credit);
    expect(tb.balanced).toBe(true);
  });
}
