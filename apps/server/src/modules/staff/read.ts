import { STAFF_PERMISSIONS, type Language, type StaffFilters, type StaffItem } from '@harbour/contracts';
import { and, count, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { LOOKUP_AREAS, guardNumberLookup, numberFilter } from '../../platform/number-lookup.js';
import type { DbOrTx } from '../../db/client.js';
import { roles, staff, staffLevels, staffRoles, staffStores, stores } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { maskingFor, type Masking } from '../../platform/masking.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { likePattern, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import type { ScopeSource, ServiceContext } from '../../platform/context.js';
import { staffInScope } from './scope.js';

export type StaffRow = typeof staff.$inferSelect;

/** `STAFF_PERMISSIONS.reveal` opens the audited reveal of a whole HKID or mobile number. */
/** Staff answers' masking (`platform/masking.ts`) under `staff.reveal`. */
const staffMasking = (db: DbOrTx, auth: AuthContext | null) => maskingFor(db, auth, STAFF_PERMISSIONS.reveal);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A staff member's level as the answers show it (spec §6), with its approval limit. */
export interface LevelOfStaff {
  id: number;
  name: string;
  maxApprovedAmount: string | null;
  unlimited: boolean;
}

/** Stores, roles and levels of the listed staff members, in three queries for the whole page. */
async function relations(db: DbOrTx, ids: number[], lang: Language) {
  if (ids.length === 0) return { storesOf: new Map(), rolesOf: new Map(), levelOf: new Map() } as const;
  const [storeRows, roleRows, levelRows] = await Promise.all([
    db
      .select({ staffId: staffStores.staffId, id: stores.id, name: stores.nameZh })
      .from(staffStores)
      .innerJoin(stores, eq(stores.id, staffStores.storeId))
      .where(inArray(staffStores.staffId, ids))
      .orderBy(stores.id),
    db
      .select({ staffId: staffRoles.staffId, id: roles.id, name: roles.name })
      .from(staffRoles)
      .innerJoin(roles, eq(roles.id, staffRoles.roleId))
      .where(inArray(staffRoles.staffId, ids))
      .orderBy(roles.id),
    db
      .select({ staffId: staff.id, level: staffLevels })
      .from(staff)
      .innerJoin(staffLevels, eq(staffLevels.id, staff.levelId))
      .where(inArray(staff.id, ids)),
  ]);
  const levelOf = new Map<number, LevelOfStaff>(
    levelRows.map(({ staffId, level: l }) => [
      staffId,
      { id: l.id, name: lang === 'en' ? l.nameEn : l.nameZh, maxApprovedAmount: l.maxApprovedAmount, unlimited: l.unlimited },
    ]),
  );
  const group = (rows: { staffId: number; id: number; name: string }[]) => {
    const m = new Map<number, { id: number; name: string }[]>();
    for (const r of rows) m.set(r.staffId, [...(m.get(r.staffId) ?? []), { id: r.id, name: r.name }]);
    return m;
  };
  return { storesOf: group(storeRows), rolesOf: group(roleRows), levelOf } as const;
}

export function toItem(
  row: StaffRow,
  rel: { stores: { id: number; name: string }[]; roles: { id: number; name: string }[]; level: LevelOfStaff | null },
  masking: Masking,
): StaffItem {
  const shown = masking.show;
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    staffNo: row.staffNo,
    fullName: row.fullName,
    mobile: shown(row.mobile),
    email: row.email,
    hkid: shown(row.hkid),
    masked: true,
    canReveal: masking.canReveal,
    address: row.address,
    employmentDate: row.employmentDate,
    defaultLanguage: row.defaultLanguage as Language,
    state: row.state === 'forbidden' ? 'forbidden' : 'normal',
    locked: row.lockedUntil !== null && row.lockedUntil.getTime() > Date.now(),
    avatarUrl: row.avatar,
    stores: rel.stores,
    defaultStoreId: row.defaultStoreId,
    roles: rel.roles,
    levelId: rel.level?.id ?? null,
    levelName: rel.level?.name ?? null,
    maxApprovedAmount: rel.level?.maxApprovedAmount ?? null,
    approvalUnlimited: rel.level?.unlimited ?? false,
    lastLoginAt: iso(row.lastLoginAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The filters of the staff list (spec: name, username, mobile, role, store, state). */
export function staffFilterWhere(db: DbOrTx, scope: ScopeSource, q: Omit<StaffFilters, 'page' | 'pageSize' | 'sort'>): SQL | undefined {
  const digits = q.mobile;
  return and(
    staffInScope(scope, db),
    q.name ? or(ilike(staff.name, likePattern(q.name)), ilike(staff.fullName, likePattern(q.name))) : undefined,
    q.username ? ilike(staff.username, likePattern(q.username)) : undefined,
    // Mobiles are kept as 8 digits; the filter is the whole number (normalised by the contract), never a part.
    digits ? eq(staff.mobile, digits) : undefined,
    q.state ? eq(staff.state, q.state) : undefined,
    q.roleId
      ? exists(db.select({ one: sql`1` }).from(staffRoles).where(and(eq(staffRoles.staffId, staff.id), eq(staffRoles.roleId, q.roleId))))
      : undefined,
    q.storeId
      ? exists(db.select({ one: sql`1` }).from(staffStores).where(and(eq(staffStores.staffId, staff.id), eq(staffStores.storeId, q.storeId))))
      : undefined,
  );
}

const SORTS = {
  id: staff.id,
  username: staff.username,
  name: staff.name,
  state: staff.state,
  createdAt: staff.createdAt,
  lastLoginAt: staff.lastLoginAt,
};

export async function listStaff(ctx: ServiceContext, q: StaffFilters) {
  await guardNumberLookup(ctx, LOOKUP_AREAS.staff, 'GET /staff', [numberFilter('mobile', q.mobile)]);
  const { db } = ctx;
  const where = staffFilterWhere(db, ctx, q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staff)
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'id:asc', staff.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: count() }).from(staff).where(where),
  ]);
  const masking = await staffMasking(db, ctx.auth);
  const { storesOf, rolesOf, levelOf } = await relations(
    db,
    rows.map((r) => r.id),
    ctx.lang,
  );
  const items = rows.map((r) => toItem(r, { stores: storesOf.get(r.id) ?? [], roles: rolesOf.get(r.id) ?? [], level: levelOf.get(r.id) ?? null }, masking));
  return pageOfRows(items, total?.n ?? 0, q.page, q.pageSize);
}

/** One staff row inside the caller's scope, or 404. `forUpdate` locks it for the change. */
export async function findStaff(db: DbOrTx, scope: ScopeSource, id: number, forUpdate = false): Promise<StaffRow> {
  const query = db
    .select()
    .from(staff)
    .where(and(eq(staff.id, id), staffInScope(scope, db)));
  const [row] = forUpdate ? await query.for('update', { of: staff }) : await query;
  if (!row) throw notFound();
  return row;
}

export async function staffItem(db: DbOrTx, auth: AuthContext | null, row: StaffRow, lang: Language): Promise<StaffItem> {
  const { storesOf, rolesOf, levelOf } = await relations(db, [row.id], lang);
  return toItem(row, { stores: storesOf.get(row.id) ?? [], roles: rolesOf.get(row.id) ?? [], level: levelOf.get(row.id) ?? null }, await staffMasking(db, auth));
}

/** `GET /staff/{id}`: one staff member inside the caller's scope, masked. */
export async function getStaff(ctx: ServiceContext, id: number): Promise<StaffItem> {
  return staffItem(ctx.db, ctx.auth, await findStaff(ctx.db, ctx, id), ctx.lang);
}
