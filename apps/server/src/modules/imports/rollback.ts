/**
 * The rollback of an import batch (docs/import.md): while none of its loans has had an event since
 * the import, everything the batch created is removed and its opening entries are reversed (the
 * journal is append-only), so the row counts of the business tables and the trial balance are as
 * before the batch.
 */
import { type Column, type SQL, and, eq, not, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  blacklist,
  customers,
  importBatches,
  importRows,
  journalEntries,
  loanApprovals,
  loanDueSummaries,
  loanInstalments,
  loanOcaAssignments,
  loanPartakers,
  loanPayouts,
  loanRepaymentLines,
  loanRepayments,
  loanWriteOffs,
  loans,
  referralAgents,
} from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { conflict } from '../../platform/errors.js';
import { reverseJournals } from '../../platform/ledger.js';
import { importLockKey } from './commit.js';

/**
 * `column = any($1)`: a batch's ids as ONE array parameter, where `in (…)` takes a parameter each —
 * a large batch's receipts or instalments are past PostgreSQL's 65,535 parameters a statement.
 */
const anyId = (column: Column | SQL, ids: readonly number[]): SQL => sql`${column} = any(${sql.param(ids)}::bigint[])`;
const noneOf = (column: Column, ids: readonly number[]): SQL => not(anyId(column, ids));

/**
 * Tables a loan's later events write to (by `loan_id`): a row there — a receipt or waiver, a
 * journal entry naming the loan, a reschedule, a contact, an SMS, an OCA transfer, a write-off, a
 * document… — means the loan has lived in Harbour since the import, and blocks the rollback.
 */
const EVENT_TABLES = [
  'loan_waivers', 'journal_entries', 'loan_schedule_revisions', 'collection_contacts', 'sms_messages', 'loan_statement_requests',
  'approval_requests', 'autopay_instructions', 'bank_statement_lines', 'loan_oca_assignments', 'loan_write_offs', 'loan_documents',
  'loan_makers', 'loan_repayment_corrections',
] as const;

/**
 * The first loan of the batch (by number) with an event since the import, or null. Its opening
 * receipt and the partakers the batch wrote are the import's own; any other is an event.
 */
async function laterEvents(tx: Tx, loanIds: number[], openingReceiptIds: number[], partakerIds: number[], own: Partial<Record<(typeof EVENT_TABLES)[number], number[]>>): Promise<string | null> {
  // the OCA transfers and write-offs the batch wrote are its own, not events since
  const others = EVENT_TABLES.map((t) => {
    const mine = own[t] ?? [];
    return sql`exists (select 1 from ${sql.identifier(t)} x where x.loan_id = l.id ${mine.length > 0 ? sql`and not ${anyId(sql`x.id`, mine)}` : sql``})`;
  });
  const { rows } = await tx.execute<{ loan_no: string }>(sql`
    select l.loan_no from loans l where ${anyId(sql`l.id`, loanIds)} and (
      exists (select 1 from loan_repayments r where r.loan_id = l.id ${openingReceiptIds.length > 0 ? sql`and not ${anyId(sql`r.id`, openingReceiptIds)}` : sql``})
      or exists (select 1 from loans n where n.reloan_of_id = l.id)
      or exists (select 1 from loan_partakers p where p.loan_id = l.id ${partakerIds.length > 0 ? sql`and not ${anyId(sql`p.id`, partakerIds)}` : sql``})
      or ${sql.join(others, sql` or `)}
    ) order by l.loan_no limit 1`);
  return rows[0]?.loan_no ?? null;
}

/** Removes batch `batchId`'s records and reverses its opening entries; 409 when it cannot. */
export async function rollbackBatch(tx: Tx, ctx: ServiceContext, batch: typeof importBatches.$inferSelect): Promise<void> {
  if (batch.state !== 'committed') throw conflict('tools.import.problems.notCommitted');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${importLockKey(batch.storeId)}))`);
  const rows = await tx.select().from(importRows).where(eq(importRows.batchId, batch.id));
  const of = (entity: string) => rows.filter((r) => r.entity === entity).map((r) => r.entityId);
  const loanIds = of('loan');
  const receiptIds = of('repayment');
  const customerIds = of('customer');
  const agentIds = of('referralAgent');
  const partakerIds = of('partaker');
  const blacklistIds = of('blacklist');
  const ocaIds = of('ocaAssignment');
  const writeOffIds = of('writeOff');
  if (loanIds.length > 0) {
    const blocked = await laterEvents(tx, loanIds, receiptIds, partakerIds, { loan_oca_assignments: ocaIds, loan_write_offs: writeOffIds });
    if (blocked) throw conflict('tools.import.problems.rollbackBlocked', { loanNo: blocked });
  }
  // a customer of the batch that a later loan borrows under stays: the batch cannot take it back
  if (customerIds.length > 0) {
    const [used] = await tx.select({ code: customers.customerCode }).from(loans).innerJoin(customers, eq(customers.id, loans.customerId))
      .where(and(anyId(loans.customerId, customerIds), loanIds.length > 0 ? noneOf(loans.id, loanIds) : undefined)).limit(1);
    if (used) throw conflict('tools.import.problems.rollbackCustomerUsed', { customerCode: used.code ?? '' });
    // nor one that stands as a partaker of a loan not of the batch
    const [partaker] = await tx.select({ code: customers.customerCode }).from(loanPartakers).innerJoin(customers, eq(customers.id, loanPartakers.customerId))
      .where(and(anyId(loanPartakers.customerId, customerIds), partakerIds.length > 0 ? noneOf(loanPartakers.id, partakerIds) : undefined)).limit(1);
    if (partaker) throw conflict('tools.import.problems.rollbackCustomerUsed', { customerCode: partaker.code ?? '' });
  }
  // an agent of the batch that a later loan names stays likewise
  if (agentIds.length > 0) {
    const [named] = await tx.select({ name: referralAgents.nameEn }).from(loans).innerJoin(referralAgents, eq(referralAgents.id, loans.referralAgentId))
      .where(and(anyId(loans.referralAgentId, agentIds), loanIds.length > 0 ? noneOf(loans.id, loanIds) : undefined)).limit(1);
    if (named) throw conflict('tools.import.problems.rollbackAgentUsed', { agent: named.name });
  }
  // the opening entries, found by the batch named in their memo, reversed on today's date
  const today = await businessToday(tx);
  const entries = await tx.select({ id: journalEntries.id }).from(journalEntries)
    .where(and(sql`${journalEntries.memo}->>'importBatch' = ${String(batch.id)}`, eq(journalEntries.event, 'opening_balance')));
  await reverseJournals(tx, ctx, entries.map((e) => e.id), { date: today, reason: `import batch ${batch.id} rolled back` });
  if (loanIds.length > 0) {
    // the one state in which the database lets the batch's opening receipts go (migration 0055)
    await tx.update(importBatches).set({ state: 'rollingBack' }).where(eq(importBatches.id, batch.id));
    if (receiptIds.length > 0) {
      await tx.delete(loanRepaymentLines).where(anyId(loanRepaymentLines.repaymentId, receiptIds));
      await tx.delete(loanRepayments).where(anyId(loanRepayments.id, receiptIds));
    }
    if (partakerIds.length > 0) await tx.delete(loanPartakers).where(anyId(loanPartakers.id, partakerIds));
    // the collection records the batch wrote (append-only, but for a batch rolling back: migration 0059)
    if (ocaIds.length > 0) await tx.delete(loanOcaAssignments).where(anyId(loanOcaAssignments.id, ocaIds));
    if (writeOffIds.length > 0) await tx.delete(loanWriteOffs).where(anyId(loanWriteOffs.id, writeOffIds));
    await tx.execute(sql`delete from loan_instalment_paid where ${anyId(sql`loan_id`, loanIds)}`);
    await tx.execute(sql`delete from loan_totals where ${anyId(sql`loan_id`, loanIds)}`);
    await tx.delete(loanDueSummaries).where(anyId(loanDueSummaries.loanId, loanIds));
    await tx.delete(loanPayouts).where(anyId(loanPayouts.loanId, loanIds));
    await tx.delete(loanInstalments).where(anyId(loanInstalments.loanId, loanIds));
    await tx.delete(loanApprovals).where(anyId(loanApprovals.loanId, loanIds));
    await tx.delete(loans).where(anyId(loans.id, loanIds));
  }
  if (customerIds.length > 0) await tx.delete(customers).where(anyId(customers.id, customerIds));
  if (agentIds.length > 0) await tx.delete(referralAgents).where(anyId(referralAgents.id, agentIds));
  if (blacklistIds.length > 0) await tx.delete(blacklist).where(anyId(blacklist.id, blacklistIds));
  // the rows are deleted after the records they map: the receipts' guard reads them
  await tx.delete(importRows).where(eq(importRows.batchId, batch.id));
  await tx.update(importBatches).set({ state: 'rolledBack', rolledBackAt: new Date(), updatedAt: new Date() }).where(eq(importBatches.id, batch.id));
  await audit(tx, {
    action: 'delete',
    module: 'imports',
    reference: batch.id,
    before: { batch: batch.id, fileName: batch.fileName, customers: customerIds, referralAgents: agentIds, loans: loanIds, openingReceipts: receiptIds, ocaTransfers: ocaIds, writeOffs: writeOffIds, partakers: partakerIds, blacklist: blacklistIds },
    after: { state: 'rolledBack', reversedEntries: entries.map((e) => e.id) },
    recordStores: [batch.storeId],
  });
}
