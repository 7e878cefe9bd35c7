/**
 * The OCA agents' charges as the receipts and the agents' account share them: what an agent is owed
 * in a store (charges of recoveries standing − payments standing), and the reversal of a recovery's
 * charge when its receipt is voided or refunded. The agents' payments are `collection/agents.ts`.
 */
import { dec } from '@harbour/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { loanOcaRecoveries, loanOcaRecoveryVoids, ocaAgentPayments } from '../../db/schema/index.js';
import { businessRule } from '../../platform/errors.js';
import type { ServiceContext } from '../../platform/context.js';
import { reverseJournal } from '../../platform/ledger.js';

const me = (ctx: ServiceContext) => ctx.auth?.staffId ?? null;

/** Charges standing (recoveries not voided) and payments standing (not voided), by store and agent. */
const chargedSql = (storeId: number, agentId: number) =>
  sql`(select coalesce(sum(r.oca_charge), 0) from ${loanOcaRecoveries} r
        where r.store_id = ${storeId} and r.agent_id = ${agentId} and r.kind = 'receipt'
          and not exists (select 1 from ${loanOcaRecoveryVoids} v where v.recovery_id = r.id))`;
const paidSql = (storeId: number, agentId: number) =>
  sql`(select coalesce(sum(p.amount), 0) from ${ocaAgentPayments} p
        where p.store_id = ${storeId} and p.agent_id = ${agentId} and p.kind = 'payment'
          and not exists (select 1 from ${ocaAgentPayments} x where x.voids_id = p.id))`;

/** What the agent is owed in the store (charged − paid), under a lock that queues its payments. */
export async function owedTo(tx: Tx, storeId: number, agentId: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`oca-agent:${storeId}:${agentId}`}))`);
  const [row] = (await tx.execute<{ owed: string }>(sql`select (${chargedSql(storeId, agentId)} - ${paidSql(storeId, agentId)})::numeric(16,2)::text as owed`)).rows;
  return row!.owed;
}

/**
 * The hook of a receipt voided or refunded in the repayments: when it was money recovered on an
 * OCA loan, the recovery is voided with it and the agent's charge reversed (same transaction, same
 * date and reason). Refused when the agent has already been paid more than it would then be owed
 * (its payment must be voided first). Answers what it did for the receipt's audit row.
 */
export async function reverseChargeOfReceipt(tx: Tx, ctx: ServiceContext, repaymentId: number, opts: { date: string; reason: string }) {
  const [rec] = await tx
    .select()
    .from(loanOcaRecoveries)
    .leftJoin(loanOcaRecoveryVoids, eq(loanOcaRecoveryVoids.recoveryId, loanOcaRecoveries.id))
    .where(and(eq(loanOcaRecoveries.repaymentId, repaymentId), eq(loanOcaRecoveries.kind, 'receipt'), sql`${loanOcaRecoveryVoids.id} is null`));
  if (!rec) return null;
  const r = rec.loan_oca_recoveries;
  if (r.agentId !== null && dec(r.ocaCharge).gt(0)) {
    const owed = await owedTo(tx, r.storeId, r.agentId);
    if (dec(owed).lt(dec(r.ocaCharge))) throw businessRule('collection.errors.chargePaid', { charge: r.ocaCharge });
  }
  const reversal = r.journalEntryId === null ? null : await reverseJournal(tx, ctx, r.journalEntryId, opts);
  await tx.insert(loanOcaRecoveryVoids).values({ storeId: r.storeId, recoveryId: r.id, loanId: r.loanId, reason: opts.reason, journalEntryId: reversal, voidedBy: me(ctx), createdBy: me(ctx) });
  return { ocaRecoveryId: r.id, ocaChargeReversed: r.ocaCharge, ocaChargeReversalEntryId: reversal };
}
