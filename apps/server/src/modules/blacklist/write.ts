import type { BlacklistCreate, BlacklistItem, BlacklistUpdate, RevealableBlacklistField } from '@harbour/contracts';
import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { blacklist, staff } from '../../db/schema/index.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { LOOKUP_AREAS, assertNumberLookupAllowed, numberFilter, recordNumberLookup } from '../../platform/number-lookup.js';
import { blacklistMasking, findBlacklistRow, toItem, type BlacklistRow } from './read.js';

const MODULE = 'blacklist';

/**
 * A number is listed once. The answer names which number is taken but never the other row (its
 * name or its whole number): the caller may hold neither the reveal key nor a right to it.
 * The unique indexes stay the last word (a race answers `errors.duplicate`).
 */
async function assertNotListed(tx: Tx, ctx: ServiceContext, route: string, values: { idNumber: string | null; phone: string | null }, exceptId?: number) {
  const same: SQL[] = [];
  if (values.idNumber) same.push(eq(blacklist.idNumber, values.idNumber));
  if (values.phone) same.push(eq(blacklist.phone, values.phone));
  if (same.length === 0) return;
  // A refused duplicate says the number is listed, and an entry saved says it was not: a number
  // lookup, refused past the hour's limit whatever the numbers, counted and audited whatever it finds.
  await assertNumberLookupAllowed(tx, ctx, LOOKUP_AREAS.blacklist);
  await recordNumberLookup(ctx, LOOKUP_AREAS.blacklist, route, [numberFilter('idNumber', values.idNumber), numberFilter('phone', values.phone)]);
  const taken = await tx
    .select({ idNumber: blacklist.idNumber, phone: blacklist.phone })
    .from(blacklist)
    .where(and(or(...same), exceptId === undefined ? undefined : ne(blacklist.id, exceptId)));
  const idTaken = !!values.idNumber && taken.some((r) => r.idNumber === values.idNumber);
  const phoneTaken = !!values.phone && taken.some((r) => r.phone === values.phone);
  if (!idTaken && !phoneTaken) return;
  throw conflict(idTaken ? 'blacklisting.duplicateIdNumber' : 'blacklisting.duplicatePhone');
}

async function itemOf(tx: Tx, ctx: ServiceContext, row: BlacklistRow): Promise<BlacklistItem> {
  const [author] = row.createdBy === null ? [] : await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, row.createdBy));
  return toItem(row, author?.name ?? null, await blacklistMasking(tx, ctx.auth));
}

/** Blacklists a person; the audit row carries the masked numbers only. */
export async function createBlacklist(tx: Tx, ctx: ServiceContext, input: BlacklistCreate): Promise<BlacklistItem> {
  await assertNotListed(tx, ctx, 'POST /blacklist', input);
  const [row] = await tx
    .insert(blacklist)
    .values({ idNumber: input.idNumber, phone: input.phone, name: input.name, remarks: input.remarks, createdBy: ctx.auth?.staffId ?? null })
    .returning();
  const item = await itemOf(tx, ctx, row!);
  await audit(tx, { action: 'add', module: MODULE, reference: row!.id, after: item });
  return item;
}

/** Numbers left out (or sent back masked) stay; one sent empty is cleared, as long as the row keeps a number. */
export async function updateBlacklist(tx: Tx, ctx: ServiceContext, id: number, input: BlacklistUpdate): Promise<BlacklistItem> {
  await tx.select({ id: blacklist.id }).from(blacklist).where(eq(blacklist.id, id)).for('update');
  const { row: before, author } = await findBlacklistRow(tx, id);
  const idNumber = input.idNumber === undefined ? before.idNumber : input.idNumber;
  const phone = input.phone === undefined ? before.phone : input.phone;
  if (!idNumber && !phone) throw fieldError('idNumber', 'blacklisting.numberRequired');
  // Only a number that changes is looked up: saving a row as it was tells nothing.
  await assertNotListed(tx, ctx, `PUT /blacklist/${id}`, { idNumber: idNumber === before.idNumber ? null : idNumber, phone: phone === before.phone ? null : phone }, id);
  const [row] = await tx
    .update(blacklist)
    .set({ idNumber, phone, name: input.name, remarks: input.remarks, updatedAt: new Date(), updatedBy: ctx.auth?.staffId ?? null })
    .where(eq(blacklist.id, id))
    .returning();
  const masking = await blacklistMasking(tx, ctx.auth);
  const item = toItem(row!, author, masking);
  await audit(tx, { action: 'edit', module: MODULE, reference: id, before: toItem(before, author, masking), after: item });
  return item;
}

/** Removes a person from the blacklist. */
export async function removeBlacklist(tx: Tx, ctx: ServiceContext, id: number): Promise<void> {
  const { row, author } = await findBlacklistRow(tx, id);
  await tx.delete(blacklist).where(eq(blacklist.id, id));
  await audit(tx, { action: 'delete', module: MODULE, reference: id, before: toItem(row, author, await blacklistMasking(tx, ctx.auth)) });
}

/** The whole ID number or phone, for holders of `blacklist.reveal` (the route checks the key); every reveal is logged. */
export async function revealBlacklistField(tx: Tx, id: number, field: RevealableBlacklistField) {
  const { row } = await findBlacklistRow(tx, id);
  await audit(tx, { action: 'reveal', module: MODULE, reference: id, after: { field } });
  return { field, value: field === 'idNumber' ? row.idNumber : row.phone };
}
