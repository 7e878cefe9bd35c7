import { ErrorStatus, type RoleCreate, type RoleFilters, type RoleItem, type RoleUpdate, type rolesResource } from '@harbour/contracts';
import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { permissions, rolePermissions, roles, staffRoles } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { outrankingStaff } from '../../platform/staff-guard.js';
import { audit } from '../../platform/audit.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { likePattern, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import { actingStaff, type ServiceContext } from '../../platform/context.js';
import type { ResourceService } from '../../platform/resource-service.js';
import { withTx } from '../../platform/tx.js';

type RoleRow = typeof roles.$inferSelect;

const nameTaken = () =>
  new AppError(409, ErrorStatus.Conflict, 'admin.roleNameTaken', {}, [{ field: 'name', message: 'admin.roleNameTaken' }]);

async function toItems(db: DbOrTx, rows: RoleRow[]): Promise<RoleItem[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [grants, holders] = await Promise.all([
    db
      .select({ roleId: rolePermissions.roleId, key: rolePermissions.permissionKey })
      .from(rolePermissions)
      .where(inArray(rolePermissions.roleId, ids))
      .orderBy(rolePermissions.permissionKey),
    db
      .select({ roleId: staffRoles.roleId, n: count() })
      .from(staffRoles)
      .where(inArray(staffRoles.roleId, ids))
      .groupBy(staffRoles.roleId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description ?? '',
    permissions: grants.filter((g) => g.roleId === r.id).map((g) => g.key),
    allStores: r.allStores,
    staffCount: holders.find((h) => h.roleId === r.id)?.n ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

const SORTS = { id: roles.id, name: roles.name, createdAt: roles.createdAt };

async function listRoles({ db }: ServiceContext, q: RoleFilters) {
  const where = q.name ? ilike(roles.name, likePattern(q.name)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(roles)
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'id:asc', roles.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return pageOfRows(await toItems(db, rows), total?.n ?? 0, q.page, q.pageSize);
}

async function findRole(db: DbOrTx, id: number, forUpdate = false): Promise<RoleRow> {
  const query = db.select().from(roles).where(eq(roles.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function getRole({ db }: ServiceContext, id: number): Promise<RoleItem> {
  const [item] = await toItems(db, [await findRole(db, id)]);
  return item!;
}

/**
 * Keys must be in the catalogue table; a caller other than the super administrator may grant
 * only keys (and the all-stores reach) they hold themselves, so editing roles cannot raise one's
 * own access.
 */
async function checkGrants(tx: Tx, auth: AuthContext, input: RoleCreate) {
  const keys = [...new Set(input.permissions)];
  const known = await tx.select({ key: permissions.key }).from(permissions).where(inArray(permissions.key, keys));
  if (known.length !== keys.length) throw badRequest('errors.validation', [{ field: 'permissions', message: 'admin.unknownPermission' }]);
  if (!auth.superAdmin && (keys.some((k) => !auth.permissions.has(k)) || (input.allStores && !auth.allStores))) {
    throw badRequest('errors.validation', [{ field: 'permissions', message: 'admin.grantBeyondOwn' }]);
  }
  return keys;
}

async function checkName(tx: Tx, name: string, selfId: number | null) {
  const [same] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  if (same && same.id !== selfId) throw nameTaken();
}

async function setGrants(tx: Tx, roleId: number, keys: string[], by: number) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  await tx.insert(rolePermissions).values(keys.map((permissionKey) => ({ roleId, permissionKey, createdBy: by })));
}

async function createRole(tx: Tx, ctx: ServiceContext, input: RoleCreate) {
  const auth = actingStaff(ctx);
  const keys = await checkGrants(tx, auth, input);
  await checkName(tx, input.name, null);
  const [row] = await tx
    .insert(roles)
    .values({ name: input.name, description: input.description, allStores: input.allStores, createdBy: auth.staffId })
    .returning();
  await setGrants(tx, row!.id, keys, auth.staffId);
  const [item] = await toItems(tx, [row!]);
  await audit(tx, { action: 'add', module: 'roles', reference: row!.id, after: item });
  return item!;
}

/**
 * A role may be rewritten or deleted only by a caller who holds everything it grants and who may
 * manage everyone holding it: otherwise `PUT /roles/{id}` with one key would strip (or take over)
 * the access of staff more powerful than the caller.
 */
async function assertMayChangeRole(tx: Tx, auth: AuthContext, role: RoleItem) {
  if (auth.superAdmin) return;
  const beyond = role.permissions.some((k) => !auth.permissions.has(k)) || (role.allStores && !auth.allStores);
  const holders = await tx.select({ staffId: staffRoles.staffId }).from(staffRoles).where(eq(staffRoles.roleId, role.id));
  if (beyond || (await outrankingStaff(tx, auth, holders.map((h) => h.staffId))).length > 0) throw forbidden('admin.roleOutranked');
}

async function updateRole(tx: Tx, ctx: ServiceContext, id: number, input: RoleUpdate) {
  const auth = actingStaff(ctx);
  const beforeRow = await findRole(tx, id, true);
  const [before] = await toItems(tx, [beforeRow]);
  await assertMayChangeRole(tx, auth, before!);
  const keys = await checkGrants(tx, auth, input);
  await checkName(tx, input.name, id);
  const [row] = await tx
    .update(roles)
    .set({ name: input.name, description: input.description, allStores: input.allStores, updatedAt: new Date() })
    .where(eq(roles.id, id))
    .returning();
  await setGrants(tx, id, keys, auth.staffId);
  const [item] = await toItems(tx, [row!]);
  await audit(tx, { action: 'edit', module: 'roles', reference: id, before, after: item });
  return item!;
}

/** A role held by staff answers 409; the holders must be moved to other roles first. */
async function deleteRole(tx: Tx, ctx: ServiceContext, id: number) {
  const row = await findRole(tx, id, true);
  const [before] = await toItems(tx, [row]);
  await assertMayChangeRole(tx, actingStaff(ctx), before!);
  if (before!.staffCount > 0) throw new AppError(409, ErrorStatus.Conflict, 'admin.roleInUse');
  await tx.delete(roles).where(and(eq(roles.id, id)));
  await audit(tx, { action: 'delete', module: 'roles', reference: id, before });
}

/**
 * Roles (spec §3 "Role"): name, description and granted permission keys. Records of no store:
 * their audit rows are for all-stores staff only.
 */
export const roleService: ResourceService<typeof rolesResource> = {
  list: listRoles,
  get: getRole,
  create: (ctx, input) => withTx(ctx, (tx) => createRole(tx, ctx, input)),
  update: (ctx, id, input) => withTx(ctx, (tx) => updateRole(tx, ctx, id, input)),
  remove: (ctx, id) => withTx(ctx, (tx) => deleteRole(tx, ctx, id)),
};
