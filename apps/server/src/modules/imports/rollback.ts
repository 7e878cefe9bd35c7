/**
 * The rollback of an import batch (docs/import.md): while none of its loans has had an event since
 * the import, everything the batch created is removed and its opening entries are reversed (the
 * journal is append-only), so the row counts of the business tables and the trial balance are as
 * before the batch. A server job, as the commit is: the request checks and marks the batch
 * `rollingBack`, the job does the work and the page polls its progress.
 */
import { type Column, type SQL, and, eq, not, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  blacklist,
  customers,
  importBatches,
  importRows,
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
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors.js';
import { reverseJournals } from '../../platform/ledger.js';
import { withTx } from '../../platform/tx.js';
import { failureText, importLockKey, updateBatch } from './commit.js';

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

/**
 * The rollback's checks, each a refusal naming what blocks it: a loan of the batch with an event
 * since the import, a customer of the batch a later loan borrows under or stands as partaker of, an
 * agent of the batch a later loan names. Run by the job inside its transaction, under the store's
 * import lock (a refusal leaves the batch committed with it as its `failure`).
 */
export async function rollbackChecks(tx: Tx, batchId: number): Promise<void> {
  const has = async (entity: string) => (await tx.execute(sql`select 1 from import_rows b where b.batch_id = ${batchId} and b.entity = ${entity} limit 1`)).rows.length > 0;
  if (await has('loan')) {
    const blocked = await laterEvents(tx, batchId);
    if (blocked) throw conflict('tools.import.problems.rollbackBlocked', { loanNo: blocked });
  }
  // a customer of the batch that a later loan borrows under stays: the batch cannot take it back
  if (await has('customer')) {
    const [used] = await tx.select({ code: customers.customerCode }).from(loans).innerJoin(customers, eq(customers.id, loans.customerId))
      .where(and(sql`${loans.customerId} in ${idsOf(batchId, 'customer')}`, not(ofBatch(batchId, 'loan', loans.id)))).limit(1);
    if (used) throw conflict('tools.import.problems.rollbackCustomerUsed', { customerCode: used.code ?? '' });
    // nor one that stands as a partaker of a loan not of the batch
    const [partaker] = await tx.select({ code: customers.customerCode }).from(loanPartakers).innerJoin(customers, eq(customers.id, loanPartakers.customerId))
      .where(and(sql`${loanPartakers.customerId} in ${idsOf(batchId, 'customer')}`, not(ofBatch(batchId, 'partaker', loanPartakers.id)))).limit(1);
    if (partaker) throw conflict('tools.import.problems.rollbackCustomerUsed', { customerCode: partaker.code ?? '' });
  }
  // an agent of the batch that a later loan names stays likewise
  if (await has('referralAgent')) {
    const [named] = await tx.select({ name: referralAgents.nameEn }).from(loans).innerJoin(referralAgents, eq(referralAgents.id, loans.referralAgentId))
      .where(and(sql`${loans.referralAgentId} in ${idsOf(batchId, 'referralAgent')}`, not(ofBatch(batchId, 'loan', loans.id)))).limit(1);
    if (named) throw conflict('tools.import.problems.rollbackAgentUsed', { agent: named.name });
  }
}

/**
 * Opening entries reversed a round at a time: each round reads its entries and lines, and writes
 * their reversals in two statements. A 50,000-loan batch has some 505,000 opening entries; read
 * and written at once they held the server's memory and took the journal's statements past the
 * sizes that fall off a cliff (docs/benchmarks.md), so the server holds one round's at a time.
 */
export const REVERSAL_ROUND = 1_000;

/** The entities whose records the rollback removes (and counts), as `import_rows` names them. */
const REMOVED = ['loan', 'repayment', 'customer', 'referralAgent', 'partaker', 'blacklist', 'ocaAssignment', 'writeOff'] as const;

/**
 * The rollback job of batch `batchId` (state `rollingBack`, set by the request that passed its
 * checks): in ONE transaction under the store's import lock — all or nothing, as the commit — the
 * checks again, then every opening entry of the batch reversed on today's date a round at a time
 * (the journal is append-only), then the batch's records removed, each table in one statement.
 * The progress (`rollbackDone` of `rollbackTotal`) is written beside it in short transactions of
 * its own, which the page polls. It ends `rolledBack`, or — any failure, nothing of it kept —
 * `committed` again with its `failure` in the user's language.
 */
export async function rollbackBatch(ctx: ServiceContext, batchId: number, storeId: number, log: Pick<FastifyBaseLogger, 'error'>): Promise<void> {
  try {
    await withTx(ctx, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${importLockKey(storeId)}))`);
      // the batch row is not locked here: the progress is written to it from outside this transaction
      const [batch] = await tx.select().from(importBatches).where(eq(importBatches.id, batchId));
      if (!batch) throw notFound();
      if (batch.state !== 'rollingBack') throw conflict('tools.import.problems.notCommitted');
      await rollbackChecks(tx, batchId);
      // what the batch created, by entity: the ids only, one array each
      const { rows: created } = await tx.execute<{ entity: string; ids: number[] }>(sql`
        select b.entity, array_agg(b.entity_id order by b.entity_id) as ids from import_rows b
        where b.batch_id = ${batchId} and b.entity = any(${sql.param([...REMOVED])}::text[]) group by b.entity`);
      const byEntity = new Map(created.map((r) => [r.entity, r.ids.map(Number)]));
      const of = (entity: (typeof REMOVED)[number]) => byEntity.get(entity) ?? [];
      const loanIds = of('loan');
      const receiptIds = of('repayment');
      const customerIds = of('customer');
      const agentIds = of('referralAgent');
      const partakerIds = of('partaker');
      const blacklistIds = of('blacklist');
      const ocaIds = of('ocaAssignment');
      const writeOffIds = of('writeOff');
      // the opening entries, found by the batch named in their memo
      const { rows: found } = await tx.execute<{ ids: (number | string)[] | null }>(sql`
        select array_agg(e.id order by e.id) as ids from journal_entries e
        where e.memo->>'importBatch' = ${String(batchId)} and e.event = 'opening_balance'`);
      const entryIds = (found[0]?.ids ?? []).map(Number);
      let done = 0;
      const total = entryIds.length + REMOVED.reduce((n, e) => n + of(e).length, 0);
      const progress = (n: number) => {
        done += n;
        return updateBatch(ctx, batchId, { rollbackTotal: total, rollbackDone: done });
      };
      await progress(0);
      // reversed on today's date, a round at a time
      const today = await businessToday(tx);
      const reversed: number[] = [];
      for (let i = 0; i < entryIds.length; i += REVERSAL_ROUND) {
        const round = entryIds.slice(i, i + REVERSAL_ROUND);
        reversed.push(...(await reverseJournals(tx, ctx, round, { date: today, reason: `import batch ${batchId} rolled back` })));
        await progress(round.length);
      }
      void reversed;
      // each table's records in one statement (the database's work, not the server's memory); the
      // batch is `rollingBack`, the one state in which the database lets its opening receipts go (migration 0055)
      if (receiptIds.length > 0) {
        await tx.delete(loanRepaymentLines).where(anyId(loanRepaymentLines.repaymentId, receiptIds));
        await tx.delete(loanRepayments).where(anyId(loanRepayments.id, receiptIds));
        await progress(receiptIds.length);
      }
      if (partakerIds.length > 0) await tx.delete(loanPartakers).where(anyId(loanPartakers.id, partakerIds));
      // the collection records the batch wrote (append-only, but for a batch rolling back: migration 0059)
      if (ocaIds.length > 0) await tx.delete(loanOcaAssignments).where(anyId(loanOcaAssignments.id, ocaIds));
      if (writeOffIds.length > 0) await tx.delete(loanWriteOffs).where(anyId(loanWriteOffs.id, writeOffIds));
      await progress(partakerIds.length + ocaIds.length + writeOffIds.length);
      if (loanIds.length > 0) {
        await tx.execute(sql`delete from loan_instalment_paid where ${anyId(sql`loan_id`, loanIds)}`);
        await tx.execute(sql`delete from loan_totals where ${anyId(sql`loan_id`, loanIds)}`);
        await tx.delete(loanDueSummaries).where(anyId(loanDueSummaries.loanId, loanIds));
        await tx.delete(loanPayouts).where(anyId(loanPayouts.loanId, loanIds));
        await tx.delete(loanInstalments).where(anyId(loanInstalments.loanId, loanIds));
        await tx.delete(loanApprovals).where(anyId(loanApprovals.loanId, loanIds));
        await tx.delete(loans).where(anyId(loans.id, loanIds));
        await progress(loanIds.length);
      }
      if (customerIds.length > 0) await tx.delete(customers).where(anyId(customers.id, customerIds));
      if (agentIds.length > 0) await tx.delete(referralAgents).where(anyId(referralAgents.id, agentIds));
      if (blacklistIds.length > 0) await tx.delete(blacklist).where(anyId(blacklist.id, blacklistIds));
      // the rows are deleted after the records they map: the receipts' guard reads them
      await tx.delete(importRows).where(eq(importRows.batchId, batchId));
      await audit(tx, {
        action: 'delete',
        module: 'imports',
        reference: batchId,
        before: { batch: batchId, fileName: batch.fileName, customers: customerIds, referralAgents: agentIds, loans: loanIds, openingReceipts: receiptIds, ocaTransfers: ocaIds, writeOffs: writeOffIds, partakers: partakerIds, blacklist: blacklistIds },
        after: { state: 'rolledBack', reversedEntries: entryIds },
        recordStores: [storeId],
        alongside: true,
      });
      await tx.update(importBatches).set({ state: 'rolledBack', rollbackDone: total, failure: null, rolledBackAt: new Date(), updatedAt: new Date() }).where(eq(importBatches.id, batchId));
    });
  } catch (e) {
    // nothing of the rollback was kept (one transaction): the batch is committed as before, with why
    log.error({ err: e, importBatch: batchId }, 'import rollback failed');
    await updateBatch(ctx, batchId, { state: 'committed', rollbackDone: 0, failure: failureText(e, ctx.lang, 'tools.import.problems.rollbackFailed').slice(0, 500) }).catch((err: unknown) =>
      log.error({ err, importBatch: batchId }, 'import batch could not be marked committed again'),
    );
  }
}
