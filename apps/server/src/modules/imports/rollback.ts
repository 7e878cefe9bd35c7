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
/**
 * `column` is a record batch `batchId` created as `entity`: one look-up in `import_rows` by its
 * unique (entity, entity_id) index. A row is tested against the batch's own records this way, not
 * by `not x = any($ids)`, which compares each row with every id of the array: a batch of 10,000
 * loans and 90,000 receipts spent some 90 s in its check of later receipts (docs/import.md).
 */
const ofBatch = (batchId: number, entity: string, column: Column | SQL): SQL =>
  sql`exists (select 1 from import_rows b where b.entity = ${entity} and b.entity_id = ${column} and b.batch_id = ${batchId})`;
/** the ids of what batch `batchId` created as `entity`, as a subquery (a set PostgreSQL joins, not an array compared row by row) */
const idsOf = (batchId: number, entity: string): SQL => sql`(select b.entity_id from import_rows b where b.batch_id = ${batchId} and b.entity = ${entity})`;

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
 * The first loan of batch `batchId` (by number) with an event since the import, or null. Its
 * opening receipts, and the partakers, OCA transfers and write-offs the batch wrote, are the
 * import's own (its `import_rows`); any other is an event.
 */
async function laterEvents(tx: Tx, batchId: number): Promise<string | null> {
  const own: Partial<Record<(typeof EVENT_TABLES)[number], string>> = { loan_oca_assignments: 'ocaAssignment', loan_write_offs: 'writeOff' };
  // each table read once against the batch's loans (a join), not probed once per loan: the
  // question is the same, and its cost follows the rows, not the loans times the tables
  const inBatch = (column: SQL) => sql`${column} in (select b.entity_id from import_rows b where b.batch_id = ${batchId} and b.entity = 'loan')`;
  const hits = [
    sql`select r.loan_id from loan_repayments r where ${inBatch(sql`r.loan_id`)} and not ${ofBatch(batchId, 'repayment', sql`r.id`)}`,
    sql`select n.reloan_of_id from loans n where ${inBatch(sql`n.reloan_of_id`)}`,
    sql`select p.loan_id from loan_partakers p where ${inBatch(sql`p.loan_id`)} and not ${ofBatch(batchId, 'partaker', sql`p.id`)}`,
    ...EVENT_TABLES.map((t) => {
      const mine = own[t];
      return sql`select x.loan_id from ${sql.identifier(t)} x where ${inBatch(sql`x.loan_id`)} ${mine ? sql`and not ${ofBatch(batchId, mine, sql`x.id`)}` : sql``}`;
    }),
  ];
  const { rows } = await tx.execute<{ loan_no: string }>(sql`
    select l.loan_no from loans l where l.id in (${sql.join(hits, sql` union all `)}) order by l.loan_no limit 1`);
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
    const blocked = await laterEvents(tx, batch.id);
    if (blocked) throw conflict('tools.import.problems.rollbackBlocked', { loanNo: blocked });
  }
  // a customer of the batch that a later loan borrows under stays: the batch cannot take it back
  if (customerIds.length > 0) {
    const [used] = await tx.select({ code: customers.customerCode }).from(loans).innerJoin(customers, eq(customers.id, loans.customerId))
      .where(and(sql`${loans.customerId} in ${idsOf(batch.id, 'customer')}`, not(ofBatch(batch.id, 'loan', loans.id)))).limit(1);
    if (used) throw conflict('tools.import.problems.rollbackCustomerUsed', { customerCode: used.code ?? '' });
    // nor one that stands as a partaker of a loan not of the batch
    const [partaker] = await tx.select({ code: customers.customerCode }).from(loanPartakers).innerJoin(customers, eq(customers.id, loanPartakers.customerId))
      .where(and(sql`${loanPartakers.customerId} in ${idsOf(batch.id, 'customer')}`, not(ofBatch(batch.id, 'partaker', loanPartakers.id)))).limit(1);
    if (partaker) throw conflict('tools.import.problems.rollbackCustomerUsed', { customerCode: partaker.code ?? '' });
  }
  // an agent of the batch that a later loan names stays likewise
  if (agentIds.length > 0) {
    const [named] = await tx.select({ name: referralAgents.nameEn }).from(loans).innerJoin(referralAgents, eq(referralAgents.id, loans.referralAgentId))
      .where(and(sql`${loans.referralAgentId} in ${idsOf(batch.id, 'referralAgent')}`, not(ofBatch(batch.id, 'loan', loans.id)))).limit(1);
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
