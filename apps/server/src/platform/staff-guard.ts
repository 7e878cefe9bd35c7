import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { forbidden } from './errors.js';
import { SUPER_ADMIN_ID } from './auth-context.js';
import type { AuthContext } from './auth-context.js';

/**
 * Who may manage whom. A staff member may change another (edit, reset the password, forbid,
 * unlock, end their sessions, rewrite a role they hold) only when the other holds nothing the
 * caller lacks: no permission key (through a role in force), no all-stores reach, no store the
 * caller may not log into. Only the super administrator manages the super administrator.
 * Without this, a holder of `admin.update` could take over a manager's account by resetting its
 * password.
 */

/** The staff among `staffIds` who hold something the caller lacks (the super admin passes all). */
export async function outrankingStaff(db: DbOrTx, auth: AuthContext, staffIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(staffIds)];
  if (ids.length === 0 || auth.superAdmin) return [];
  const held = [...auth.permissions];
  const { rows } = await db.execute<{ id: number }>(sql`
    select t.id from staff t
    where t.id = any(${sql.param(ids)}::int[])
      and (
        t.id = ${SUPER_ADMIN_ID}
        or exists (
          select 1 from staff_roles sr
            join roles r on r.id = sr.role_id and r.state = 'normal'
            join role_permissions rp on rp.role_id = r.id
            join permissions p on p.key = rp.permission_key and p.state = 'normal'
          where sr.staff_id = t.id and not (rp.permission_key = any(${sql.param(held)}::text[])))
        or (${!auth.allStores} and exists (
          select 1 from staff_roles sr join roles r on r.id = sr.role_id and r.state = 'normal'
          where sr.staff_id = t.id and r.all_stores))
        or (${!auth.allStores} and exists (
          select 1 from staff_stores ts
          where ts.staff_id = t.id
            and not exists (select 1 from staff_stores mine where mine.staff_id = ${auth.staffId} and mine.store_id = ts.store_id)))
      )`);
  return rows.map((r) => Number(r.id));
}

/** Refuses (403) a change to a staff member who holds a permission or store the caller lacks. */
export async function assertMayManage(db: DbOrTx, auth: AuthContext, staffId: number): Promise<void> {
  if (staffId === SUPER_ADMIN_ID && !auth.superAdmin) throw forbidden('admin.superAdminProtected');
  if ((await outrankingStaff(db, auth, [staffId])).length > 0) throw forbidden('admin.outranked');
}

/**
 * The stores a staff member's records belong to, for the visibility of their audit rows: the
 * stores they may log into (none for the super administrator, whose rows only all-stores staff see).
 */
export async function storesOfStaff(db: DbOrTx, staffId: number): Promise<number[]> {
  if (staffId === SUPER_ADMIN_ID) return [];
  const { rows } = await db.execute<{ store_id: number }>(sql`select store_id from staff_stores where staff_id = ${staffId} order by store_id`);
  return rows.map((r) => Number(r.store_id));
}
