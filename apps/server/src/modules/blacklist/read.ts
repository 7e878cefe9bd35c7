import { BLACKLIST_PERMISSIONS, type BlacklistFilters, type BlacklistItem } from '@harbour/contracts';
import { and, eq, ilike, type SQL } from 'drizzle-orm';
import { LOOKUP_AREAS, guardNumberLookup, numberFilter } from '../../platform/number-lookup.js';
import type { DbOrTx } from '../../db/client.js';
import { blacklist, staff } from '../../db/schema/index.js';
import { likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { ServiceContext } from '../../platform/context.js';
import { masked, maskingFor, type Masking } from '../../platform/masking.js';
import { found } from '../../platform/store-scope.js';

export type BlacklistRow = typeof blacklist.$inferSelect;

/** Masking of blacklist answers: `BLACKLIST_PERMISSIONS.reveal` opens the audited reveal of a whole ID number or phone. */
export const blacklistMasking = (db: DbOrTx, auth: AuthContext | null) => maskingFor(db, auth, BLACKLIST_PERMISSIONS.reveal);

/** A row as every answer and audit row shows it: numbers masked to the "visible tel. no." digits. */
export function toItem(row: BlacklistRow, createdByName: string | null, masking: Masking): BlacklistItem {
  return {
    id: row.id,
    idNumber: masked(row.idNumber, masking),
    phone: masked(row.phone, masking),
    name: row.name,
    remarks: row.remarks,
    customerId: row.customerId,
    masked: true,
    canReveal: masking.canReveal,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    createdByName,
  };
}

const SORTS = { id: blacklist.id, name: blacklist.name, createdAt: blacklist.createdAt };

/**
 * Filters: name contains; ID number and phone match the whole number in its normal form (the
 * contract normalises them), never a part, so a clerk finds a row without the list spelling out a
 * masked number.
 */
function filterWhere(q: Omit<BlacklistFilters, 'page' | 'pageSize' | 'sort'>): SQL | undefined {
  return and(
    q.name ? ilike(blacklist.name, likePattern(q.name)) : undefined,
    q.idNumber ? eq(blacklist.idNumber, q.idNumber) : undefined,
    q.phone ? eq(blacklist.phone, q.phone) : undefined,
  );
}

const withAuthor = (db: DbOrTx) =>
  db.select({ row: blacklist, author: staff.name, total: totalCount }).from(blacklist).leftJoin(staff, eq(staff.id, blacklist.createdBy));

export async function listBlacklist(ctx: ServiceContext, q: BlacklistFilters) {
  await guardNumberLookup(ctx, LOOKUP_AREAS.blacklist, 'GET /blacklist', [numberFilter('idNumber', q.idNumber), numberFilter('phone', q.phone)]);
  const { db } = ctx;
  const where = filterWhere(q);
  const [rows, masking] = await Promise.all([
    withAuthor(db)
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'createdAt:desc', blacklist.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    blacklistMasking(db, ctx.auth),
  ]);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) total = await db.$count(blacklist, where);
  return pageOfRows(
    rows.map((r) => toItem(r.row, r.author, masking)),
    total,
    q.page,
    q.pageSize,
  );
}

/** One row with its author's name, or 404. */
export async function findBlacklistRow(db: DbOrTx, id: number): Promise<{ row: BlacklistRow; author: string | null }> {
  const [hit] = await withAuthor(db).where(eq(blacklist.id, id));
  const { row, author } = found(hit);
  return { row, author };
}

export async function getBlacklist(ctx: ServiceContext, id: number): Promise<BlacklistItem> {
  const [{ row, author }, masking] = await Promise.all([findBlacklistRow(ctx.db, id), blacklistMasking(ctx.db, ctx.auth)]);
  return toItem(row, author, masking);
}
