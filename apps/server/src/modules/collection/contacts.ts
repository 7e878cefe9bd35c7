/**
 * The collector's desk (docs/collection.md): a loan's log of contacts, written once. Logging a
 * contact or cancelling a wrong one appends a row and writes ONE audit row; the loan is looked up
 * under the caller's store scope, so another store's loan answers 404. A promise is judged by the
 * domain's `promiseOutcome` against the loan's standing receipts, and the judgement is kept on the
 * row (`promise-outcomes.ts`).
 */
import type { ContactEntry, contactCancelBodySchema, contactCreateSchema } from '@harbour/contracts';
import { dec, moneyText } from '@harbour/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { collectionContacts, loans, staff } from '../../db/schema/index.js';
import { judgeLoanPromises, judged, standingReceipts } from './promise-outcomes.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { businessRule } from '../../platform/errors.js';
import { found, storeScope } from '../../platform/store-scope.js';

type Create = z.output<typeof contactCreateSchema>;
type Cancel = z.output<typeof contactCancelBodySchema>;

/** The loan under the caller's store scope (404 otherwise). */
async function scopedLoan(tx: DbOrTx, ctx: ServiceContext, loanId: number) {
  return found((await tx.select({ id: loans.id, storeId: loans.storeId, loanNo: loans.loanNo }).from(loans).where(and(eq(loans.id, loanId), storeScope(ctx, loans.storeId))))[0]);
}

/** A contact logged by the caller on a loan of their store. */
export async function logContact(tx: Tx, ctx: ServiceContext, input: Create): Promise<ContactEntry> {
  const loan = await scopedLoan(tx, ctx, input.loanId);
  const today = await businessToday(tx);
  if (input.promiseDate !== undefined && input.promiseDate < today) throw businessRule('collection.errors.promiseInPast', { today });
  const [row] = await tx
    .insert(collectionContacts)
    .values({
      storeId: loan.storeId,
      loanId: loan.id,
      staffId: ctx.auth?.staffId ?? null,
      madeOn: today,
      channel: input.channel,
      outcome: input.outcome,
      note: input.note ?? null,
      promiseAmount: input.promiseAmount === undefined ? null : moneyText(dec(input.promiseAmount)),
      promiseDate: input.promiseDate ?? null,
      createdBy: ctx.auth?.staffId ?? null,
    })
    .returning();
  // a promise made today may already be covered by a receipt of today
  if (row!.promiseAmount !== null) await judgeLoanPromises(tx, loan.id, today);
  await audit(tx, { action: 'add', module: 'collection', reference: loan.loanNo, after: { contactId: row!.id, channel: row!.channel, outcome: row!.outcome, promiseAmount: row!.promiseAmount, promiseDate: row!.promiseDate }, recordStores: [loan.storeId] });
  return (await entriesOfLoan(tx, loan.id, today)).find((e) => e.id === row!.id)!;
}

/** A wrong entry cancelled by a new one naming it (at most once; a cancel is not itself cancelled). */
export async function cancelContact(tx: Tx, ctx: ServiceContext, input: Cancel): Promise<ContactEntry> {
  const entry = found((await tx.select().from(collectionContacts).where(and(eq(collectionContacts.id, input.contactId), storeScope(ctx, collectionContacts.storeId))))[0]);
  if (entry.outcome === 'cancel') throw businessRule('collection.errors.contactNotCancellable');
  const [already] = await tx.select({ id: collectionContacts.id }).from(collectionContacts).where(eq(collectionContacts.cancelsId, entry.id));
  if (already) throw businessRule('collection.errors.contactAlreadyCancelled');
  const today = await businessToday(tx);
  const [row] = await tx
    .insert(collectionContacts)
    .values({ storeId: entry.storeId, loanId: entry.loanId, staffId: ctx.auth?.staffId ?? null, madeOn: today, channel: entry.channel, outcome: 'cancel', note: input.reason, cancelsId: entry.id, createdBy: ctx.auth?.staffId ?? null })
    .returning({ id: collectionContacts.id });
  await audit(tx, { action: 'delete', module: 'collection', reference: entry.id, before: { contactId: entry.id, outcome: entry.outcome, promiseAmount: entry.promiseAmount, promiseDate: entry.promiseDate }, after: { cancelledBy: row!.id, reason: input.reason }, recordStores: [entry.storeId] });
  return (await entriesOfLoan(tx, entry.loanId, today)).find((e) => e.id === entry.id)!;
}

/** A loan's log, oldest first, each promise judged as of `today`; cancelling rows fold into the entry they cancel. */
async function entriesOfLoan(tx: DbOrTx, loanId: number, today: string): Promise<ContactEntry[]> {
  const rows = await tx
    .select({ c: collectionContacts, staffName: staff.name })
    .from(collectionContacts)
    .leftJoin(staff, eq(staff.id, collectionContacts.staffId))
    .where(eq(collectionContacts.loanId, loanId))
    .orderBy(asc(collectionContacts.at), asc(collectionContacts.id));
  const reasons = new Map(rows.flatMap(({ c }) => (c.cancelsId === null ? [] : [[c.cancelsId, c.note] as const])));
  const receipts = (await standingReceipts(tx, [loanId])).get(loanId)!;
  return rows
    .filter(({ c }) => c.outcome !== 'cancel')
    .map(({ c, staffName }) => {
      const cancelled = reasons.has(c.id);
      const promise = c.promiseAmount !== null && !cancelled ? judged(c, receipts, today) : null;
      return {
        id: c.id,
        loanId: c.loanId,
        staffId: c.staffId,
        staffName,
        at: c.at.toISOString(),
        madeOn: c.madeOn,
        channel: c.channel as ContactEntry['channel'],
        outcome: c.outcome as ContactEntry['outcome'],
        note: c.note,
        promiseAmount: c.promiseAmount,
        promiseDate: c.promiseDate,
        promiseState: promise?.state ?? null,
        promisePaid: promise ? moneyText(promise.paid) : null,
        cancelled,
        cancelReason: reasons.get(c.id) ?? null,
        smsMessageId: c.smsMessageId,
      };
    });
}

/** A loan's contacts, oldest first, each promise judged as of today (404 for another store's loan). */
export async function loanContacts(tx: DbOrTx, ctx: ServiceContext, loanId: number): Promise<ContactEntry[]> {
  const loan = await scopedLoan(tx, ctx, loanId);
  return entriesOfLoan(tx, loan.id, await businessToday(tx));
}
