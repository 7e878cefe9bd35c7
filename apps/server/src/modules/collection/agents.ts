/**
 * The OCA agents' account (spec §2 OCA charges payable): each recovery on an OCA loan makes the
 * agent's charge payable to it (`postOcaCharge`); a payment to the agent settles part or all of
 * what it is owed in the store (`postOcaPayment`), never more; a payment is voided by reversal.
 * A receipt on an OCA loan voided in the repayments takes the agent's charge back with it
 * (`reverseChargeOfReceipt` of `loan-core/oca-charges.ts`, called by `correctReceipt` in the same
 * transaction); what an agent is owed is read there too (`owedTo`).
 */
import type { AgentPaymentItem, CollectionAgent, agentPaymentInputSchema, agentPaymentVoidSchema } from '@harbour/contracts';
import { compareDates, dec, moneyAccountFor, postOcaPayment, type PaymentMethod, moneyText } from '@harbour/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { loanOcaRecoveries, loanOcaRecoveryVoids, ocaAgentPayments, ocaAgents } from '../../db/schema/index.js';
import { businessRule, conflict } from '../../platform/errors.js';
import { assertWithinActivePeriod } from '../../platform/active-period.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { postJournal, reverseJournal } from '../../platform/ledger.js';
import { currentStore, found, storeScope } from '../../platform/store-scope.js';
import { owedTo } from '../loan-core/oca-charges.js';

type PaymentInput = z.output<typeof agentPaymentInputSchema>;
type PaymentVoid = z.output<typeof agentPaymentVoidSchema>;

const me = (ctx: ServiceContext) => ctx.auth?.staffId ?? null;

/**
 * Every OCA agent (the master data's, enabled first) with its default charge percent and, in the
 * caller's current store (where a payment to it is made), its charges standing, payments standing
 * and what it is owed.
 */
export async function listCollectionAgents(tx: DbOrTx, ctx: ServiceContext): Promise<CollectionAgent[]> {
  const store = currentStore(ctx);
  // qualified by hand: a lone table's columns are written unqualified, which the subqueries would rebind
  const agent = sql.raw('"oca_agents"."id"');
  const rows = await tx
    .select({
      agentId: ocaAgents.id,
      name: ctx.lang === 'en' ? ocaAgents.nameEn : ocaAgents.nameZh,
      state: ocaAgents.state,
      chargePercent: sql<string>`${ocaAgents.chargePercent}::text`,
      charged: sql<string>`(select coalesce(sum(r.oca_charge), 0)::numeric(16,2)::text from ${loanOcaRecoveries} r
        where r.agent_id = ${agent} and r.kind = 'receipt' and r.store_id = ${store}
          and not exists (select 1 from ${loanOcaRecoveryVoids} v where v.recovery_id = r.id))`,
      paid: sql<string>`(select coalesce(sum(p.amount), 0)::numeric(16,2)::text from ${ocaAgentPayments} p
        where p.agent_id = ${agent} and p.kind = 'payment' and p.store_id = ${store}
          and not exists (select 1 from ${ocaAgentPayments} x where x.voids_id = p.id))`,
    })
    .from(ocaAgents)
    .orderBy(sql`${ocaAgents.state} <> 'normal'`, asc(ocaAgents.id));
  return rows.map((r) => ({ ...r, name: r.name ?? '', owed: moneyText(dec(r.charged).minus(dec(r.paid))) }));
}

function paymentItem(p: typeof ocaAgentPayments.$inferSelect, voided: boolean): AgentPaymentItem {
  return { id: p.id, agentId: p.agentId, paidOn: p.paidOn, amount: p.amount, method: p.method, voided };
}

/**
 * A payment to an agent in the caller's store of what it is owed there: refused above that
 * (422, naming what is owed); balanced entry (OCA payable against cash or the bank); one audit
 * row. A retry with the same key answers the payment already made.
 */
export async function payAgent(tx: Tx, ctx: ServiceContext, p: PaymentInput): Promise<AgentPaymentItem> {
  const storeId = currentStore(ctx);
  const agent = found((await tx.select().from(ocaAgents).where(eq(ocaAgents.id, p.agentId)))[0]);
  const owed = await owedTo(tx, storeId, agent.id);
  const [earlier] = await tx.select().from(ocaAgentPayments).where(and(eq(ocaAgentPayments.storeId, storeId), eq(ocaAgentPayments.idempotencyKey, p.idempotencyKey)));
  if (earlier) {
    if (earlier.agentId !== agent.id || !dec(earlier.amount).eq(dec(p.amount)) || earlier.method !== p.method) throw conflict('collection.errors.keyReused');
    await audit(tx, { action: 'view', module: 'collection', reference: earlier.id, after: { retryOf: earlier.idempotencyKey }, recordStores: [storeId] });
    const [v] = await tx.select({ id: ocaAgentPayments.id }).from(ocaAgentPayments).where(eq(ocaAgentPayments.voidsId, earlier.id));
    return paymentItem(earlier, Boolean(v));
  }
  const today = await businessToday(tx);
  const date = p.date ?? today;
  if (compareDates(date, today) > 0) throw businessRule('collection.errors.dateInFuture', { today });
  if (dec(p.amount).gt(dec(owed))) throw businessRule('collection.errors.overpaid', { owed: moneyText(owed) });
  await assertWithinActivePeriod(tx, date);
  const amount = moneyText(p.amount);
  const entry = await postJournal(tx, ctx, postOcaPayment({ amount, paidFrom: moneyAccountFor(p.method as PaymentMethod), memo: { agentId: String(agent.id) } }), { storeId, date });
  const [row] = await tx
    .insert(ocaAgentPayments)
    .values({ storeId, agentId: agent.id, kind: 'payment', paidOn: date, amount, method: p.method, remarks: p.remarks, journalEntryId: entry!, idempotencyKey: p.idempotencyKey, createdBy: me(ctx) })
    .returning();
  await audit(tx, {
    action: 'add',
    module: 'collection',
    reference: row!.id,
    after: { kind: 'agentPayment', agentId: agent.id, amount, paidOn: date, method: p.method, owedBefore: moneyText(owed), journalEntryId: entry },
    recordStores: [storeId],
  });
  return paymentItem(row!, false);
}

/** A payment to an agent voided (entered in error): its entry reversed, a void row naming it. */
export async function voidAgentPayment(tx: Tx, ctx: ServiceContext, v: PaymentVoid): Promise<AgentPaymentItem> {
  const payment = found(
    (await tx.select().from(ocaAgentPayments).where(and(eq(ocaAgentPayments.id, v.paymentId), eq(ocaAgentPayments.kind, 'payment'), storeScope(ctx, ocaAgentPayments.storeId))))[0],
  );
  await owedTo(tx, payment.storeId, payment.agentId);
  const [already] = await tx.select({ id: ocaAgentPayments.id }).from(ocaAgentPayments).where(eq(ocaAgentPayments.voidsId, payment.id));
  if (already) throw businessRule('collection.errors.paymentVoided');
  const today = await businessToday(tx);
  await assertWithinActivePeriod(tx, today);
  const reversal = await reverseJournal(tx, ctx, payment.journalEntryId, { date: today, reason: v.reason });
  const [row] = await tx
    .insert(ocaAgentPayments)
    .values({ storeId: payment.storeId, agentId: payment.agentId, kind: 'void', voidsId: payment.id, paidOn: today, amount: payment.amount, method: payment.method, remarks: v.reason, journalEntryId: reversal, createdBy: me(ctx) })
    .returning();
  await audit(tx, {
    action: 'void',
    module: 'collection',
    reference: payment.id,
    before: { kind: 'agentPayment', agentId: payment.agentId, amount: payment.amount, paidOn: payment.paidOn },
    after: { voidId: row!.id, reason: v.reason, reversalEntryId: reversal },
    recordStores: [payment.storeId],
  });
  return paymentItem(payment, true);
}
