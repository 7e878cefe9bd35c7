import type { PowerGrant, PowerStaffItem, PowerStaffQuery, PowerStaffRow, powerStaffResource } from '@harbour/contracts';
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { permissions, rolePermissions, roles, staff, staffRoles, staffStores, stores } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { SUPER_ADMIN_ID } from '../../platform/auth-context.js';
import { likePattern, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import type { ServiceContext } from '../../platform/context.js';
import type { ResourceService } from '../../platform/resource-service.js';
import { staffFilterWhere } from '../staff/read.js';

/**
 * Power → staff list: what each staff member may do, read the way the auth hook grants it — keys
 * of enabled roles, enabled in the catalogue; the super administrator holds every enabled key.
 * The staff list's store scope applies (`staffFilterWhere`), so a branch manager learns nothing
 * about another branch's people, not even through the key filter's total.
 */

const isSuper = sql<boolean>`${staff.id} = ${SUPER_ADMIN_ID}`;

/** Enabled keys the staff member holds through enabled roles (the row's `staff.id`). */
const grantedKeys = (extra?: SQL) => sql`
  select distinct rp.permission_key from ${staffRoles} sr
    join ${roles} r on r.id = sr.role_id and r.state = 'normal'
    join ${rolePermissions} rp on rp.role_id = r.id
    join ${permissions} p on p.key = rp.permission_key and p.state = 'normal'
   where sr.staff_id = ${staff.id} ${extra ? sql`and ${extra}` : sql``}`;

const keyCount = sql<number>`(case when ${isSuper} then (select count(*) from ${permissions} where state = 'normal') else (select count(*) from (${grantedKeys()}) k) end)::int`;

const SORTS = { id: staff.id, username: staff.username, name: staff.name, state: staff.state, keyCount };

function where(ctx: ServiceContext, q: Omit<PowerStaffQuery, 'page' | 'pageSize' | 'sort'>): SQL | undefined {
  return and(
    staffFilterWhere(ctx.db, ctx, { roleId: q.roleId, storeId: q.storeId, state: q.state }),
    q.keyword ? or(ilike(staff.name, likePattern(q.keyword)), ilike(staff.username, likePattern(q.keyword))) : undefined,
    q.permissionKey
      ? or(
          and(isSuper, sql`exists (select 1 from ${permissions} where key = ${q.permissionKey} and state = 'normal')`),
          sql`exists (${grantedKeys(sql`rp.permission_key = ${q.permissionKey}`)})`,
        )
      : undefined,
  );
}

/** Stores (named in the caller's language), enabled roles and whether one of them reaches every store, for a page of staff. */
async function relations(db: DbOrTx, ids: number[], lang: string) {
  if (ids.length === 0) return { storesOf: new Map<number, string[]>(), rolesOf: new Map<number, { name: string; allStores: boolean }[]>() };
  const [storeRows, roleRows] = await Promise.all([
    db
      .select({ staffId: staffStores.staffId, name: lang === 'en' ? stores.nameEn : stores.nameZh })
      .from(staffStores)
      .innerJoin(stores, eq(stores.id, staffStores.storeId))
      .where(inArray(staffStores.staffId, ids))
      .orderBy(stores.sort, stores.id),
    db
      .select({ staffId: staffRoles.staffId, name: roles.name, allStores: roles.allStores })
      .from(staffRoles)
      .innerJoin(roles, and(eq(roles.id, staffRoles.roleId), eq(roles.state, 'normal')))
      .where(inArray(staffRoles.staffId, ids))
      .orderBy(roles.id),
  ]);
  const group = <T>(rows: ({ staffId: number } & T)[]) => {
    const m = new Map<number, T[]>();
    for (const { staffId, ...rest } of rows) m.set(staffId, [...(m.get(staffId) ?? []), rest as unknown as T]);
    return m;
  };
  return {
    storesOf: new Map([...group<{ name: string }>(storeRows)].map(([k, v]) => [k, v.map((s) => s.name)])),
    rolesOf: group<{ name: string; allStores: boolean }>(roleRows),
  };
}

type Base = { id: number; username: string; name: string; state: string; keyCount: number };

function toRow(r: Base, rel: Awaited<ReturnType<typeof relations>>): PowerStaffRow {
  const roleList = rel.rolesOf.get(r.id) ?? [];
  const superAdmin = r.id === SUPER_ADMIN_ID;
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    state: r.state === 'forbidden' ? 'forbidden' : 'normal',
    storeNames: rel.storesOf.get(r.id) ?? [],
    roleNames: roleList.map((x) => x.name),
    superAdmin,
    allStores: superAdmin || roleList.some((x) => x.allStores),
    keyCount: r.keyCount,
  };
}

const columns = { id: staff.id, username: staff.username, name: staff.name, state: staff.state, keyCount };

async function list(ctx: ServiceContext, q: PowerStaffQuery) {
  const { db } = ctx;
  const w = where(ctx, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(staff)
      .where(w)
      .orderBy(...orderBy(q.sort, SORTS, 'id:asc', staff.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: count() }).from(staff).where(w),
  ]);
  const rel = await relations(
    db,
    rows.map((r) => r.id),
    ctx.lang,
  );
  return pageOfRows(
    rows.map((r) => toRow(r, rel)),
    total?.n ?? 0,
    q.page,
    q.pageSize,
  );
}

/** Each key the member holds, with the roles that grant it, in the catalogue's order. */
async function grantsOf(db: DbOrTx, staffId: number): Promise<PowerGrant[]> {
  const superAdmin = staffId === SUPER_ADMIN_ID;
  const rows = await db
    .select({
      key: permissions.key,
      name: permissions.name,
      group: permissions.group,
      roles: sql<string[]>`coalesce(array_agg(${roles.name} order by ${roles.id}) filter (where ${roles.id} is not null), '{}')`,
    })
    .from(permissions)
    .leftJoin(rolePermissions, eq(rolePermissions.permissionKey, permissions.key))
    .leftJoin(
      roles,
      and(
        eq(roles.id, rolePermissions.roleId),
        eq(roles.state, 'normal'),
        sql`exists (select 1 from ${staffRoles} sr where sr.role_id = ${roles.id} and sr.staff_id = ${staffId})`,
      ),
    )
    .where(eq(permissions.state, 'normal'))
    .groupBy(permissions.key, permissions.name, permissions.group, permissions.sort)
    .orderBy(permissions.sort, permissions.key);
  return rows.filter((r) => superAdmin || r.roles.length > 0);
}

async function get(ctx: ServiceContext, id: number): Promise<PowerStaffItem> {
  const { db } = ctx;
  const [row] = await db
    .select(columns)
    .from(staff)
    .where(and(eq(staff.id, id), where(ctx, {})));
  if (!row) throw notFound();
  const [rel, grants] = await Promise.all([relations(db, [id], ctx.lang), grantsOf(db, id)]);
  return { ...toRow(row, rel), grants };
}

/** The enabled catalogue in its order: the choices of the key filter. */
export async function powerKeyChoices(ctx: ServiceContext) {
  const items = await ctx.db
    .select({ key: permissions.key, name: permissions.name, group: permissions.group })
    .from(permissions)
    .where(eq(permissions.state, 'normal'))
    .orderBy(permissions.sort, permissions.key);
  return { items };
}

export const powerStaffService: ResourceService<typeof powerStaffResource> = { list, get };
