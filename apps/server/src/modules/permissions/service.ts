import {
  API_BASE,
  ErrorStatus,
  PERMISSION_GROUPS,
  routeKeys,
  type PermissionCreate,
  type PermissionFilters,
  type PermissionItem,
  type PermissionTree,
  type PermissionUpdate,
  type permissionsResource,
} from '@harbour/contracts';
import { and, count, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { permissions, rolePermissions } from '../../db/schema/index.js';
import { braces, syncCatalogue } from '../../db/catalogue.js';
import { AppError, badRequest, businessRule, notFound } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import type { RegisteredRoute } from '../../http/types.js';
import { likePattern, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import type { ServiceContext } from '../../platform/context.js';
import type { ResourceService } from '../../platform/resource-service.js';
import { withTx } from '../../platform/tx.js';

type PermissionRow = typeof permissions.$inferSelect;

const toItem = (r: PermissionRow): PermissionItem => ({
  id: r.id,
  key: r.key,
  name: r.name,
  api: r.api,
  group: r.group,
  sort: r.sort,
  icon: r.icon,
  url: r.menuUrl,
  state: r.state === 'disabled' ? 'disabled' : 'normal',
  source: r.source === 'catalogue' ? 'catalogue' : 'custom',
});

const SORTS = { id: permissions.id, key: permissions.key, name: permissions.name, group: permissions.group, sort: permissions.sort };

async function listPermissions({ db }: ServiceContext, q: PermissionFilters) {
  const where = and(
    q.name ? or(ilike(permissions.name, likePattern(q.name)), ilike(permissions.key, likePattern(q.name))) : undefined,
    q.key ? ilike(permissions.key, likePattern(q.key)) : undefined,
    q.group ? eq(permissions.group, q.group) : undefined,
    q.state ? eq(permissions.state, q.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(permissions)
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'sort:asc', permissions.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: count() }).from(permissions).where(where),
  ]);
  return pageOfRows(rows.map(toItem), total?.n ?? 0, q.page, q.pageSize);
}

async function findPermission(db: DbOrTx, id: number, forUpdate = false) {
  const query = db.select().from(permissions).where(eq(permissions.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

const keyTaken = () =>
  new AppError(409, ErrorStatus.Conflict, 'admin.permissionKeyTaken', {}, [{ field: 'key', message: 'admin.permissionKeyTaken' }]);

async function checkKey(tx: Tx, key: string, selfId: number | null) {
  const [same] = await tx.select({ id: permissions.id }).from(permissions).where(eq(permissions.key, key));
  if (same && same.id !== selfId) throw keyTaken();
}

const columns = (input: PermissionCreate) => ({
  key: input.key,
  name: input.name,
  api: input.api,
  group: input.group,
  sort: input.sort,
  icon: input.icon,
  menuUrl: input.url,
  state: input.state,
});

async function createPermission(tx: Tx, ctx: ServiceContext, input: PermissionCreate) {
  await checkKey(tx, input.key, null);
  const [row] = await tx
    .insert(permissions)
    .values({ ...columns(input), source: 'custom', createdBy: ctx.auth?.staffId ?? null })
    .returning();
  const item = toItem(row!);
  await audit(tx, { action: 'add', module: 'permissions', reference: item.key, after: item });
  return item;
}

/** Catalogue rows keep their key (the code and roles refer to it); everything else may be edited. */
async function updatePermission(tx: Tx, id: number, input: PermissionUpdate) {
  const before = await findPermission(tx, id, true);
  if (before.source === 'catalogue' && input.key !== before.key) {
    throw badRequest('errors.validation', [{ field: 'key', message: 'admin.catalogueReadOnly' }]);
  }
  await checkKey(tx, input.key, id);
  const [row] = await tx
    .update(permissions)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(permissions.id, id))
    .returning();
  const item = toItem(row!);
  await audit(tx, { action: 'edit', module: 'permissions', reference: item.key, before: toItem(before), after: item });
  return item;
}

/** Only editor-made rows that no role grants may go; catalogue rows are disabled instead. */
async function deletePermission(tx: Tx, id: number) {
  const before = await findPermission(tx, id, true);
  if (before.source === 'catalogue') throw businessRule('admin.catalogueReadOnly');
  const [held] = await tx.select({ n: count() }).from(rolePermissions).where(eq(rolePermissions.permissionKey, before.key));
  if ((held?.n ?? 0) > 0) throw new AppError(409, ErrorStatus.Conflict, 'admin.permissionInUse');
  await tx.delete(permissions).where(eq(permissions.id, id));
  await audit(tx, { action: 'delete', module: 'permissions', reference: before.key, before: toItem(before) });
}

/**
 * The permission catalogue table (spec §3 "Permission", "Power list"): catalogue rows come from
 * the code (their key stays), editor-made rows may be added, edited and deleted while no role
 * grants them. Audit rows name the key.
 */
export const permissionService: ResourceService<typeof permissionsResource> = {
  list: listPermissions,
  get: async ({ db }, id) => toItem(await findPermission(db, id)),
  create: (ctx, input) => withTx(ctx, (tx) => createPermission(tx, ctx, input)),
  update: (ctx, id, input) => withTx(ctx, (tx) => updatePermission(tx, id, input)),
  remove: (ctx, id) => withTx(ctx, (tx) => deletePermission(tx, id)),
};

/** `/api/admin/v1/staff/:id` → `/staff/{id}`, the form the catalogue writes API entries in. */
export const apiEntryOf = (r: Pick<RegisteredRoute, 'method' | 'url'>) => braces(`${r.method} ${r.url.slice(API_BASE.length)}`);

/**
 * "Refresh permissions": upserts the code's catalogue, then adds to every catalogue key the API
 * entries of the routes that declare it, so the role editor shows what each key really opens.
 */
export const refreshPermissions = (ctx: ServiceContext, routes: readonly RegisteredRoute[]) => withTx(ctx, (tx) => refreshCatalogue(tx, routes));

async function refreshCatalogue(tx: Tx, routes: readonly RegisteredRoute[]) {
  const beforeRows = await tx.select().from(permissions);
  const before = new Map(beforeRows.map((r) => [r.key, r]));
  const byKey = new Map<string, Set<string>>();
  for (const r of routes) {
    if (!r.url.startsWith(API_BASE)) continue;
    for (const key of routeKeys(r.permission)) byKey.set(key, (byKey.get(key) ?? new Set()).add(apiEntryOf(r)));
  }
  // one statement: each key's own entries with its routes', rows already so left as they are
  await syncCatalogue(tx, byKey);
  const afterRows = await tx.select().from(permissions);
  const added = afterRows.filter((r) => !before.has(r.key)).length;
  const updated = afterRows.filter((r) => {
    const b = before.get(r.key);
    return b && JSON.stringify(toItem(b)) !== JSON.stringify(toItem(r));
  }).length;
  const answer = { added, updated, total: afterRows.length };
  await audit(tx, { action: 'edit', module: 'permissions', reference: 'refresh', after: answer });
  return answer;
}

/** The enabled catalogue grouped in menu order, for the role editor. */
export async function permissionTree({ db }: ServiceContext): Promise<PermissionTree> {
  const rows = await db
    .select({ key: permissions.key, name: permissions.name, group: permissions.group, sort: permissions.sort })
    .from(permissions)
    .where(eq(permissions.state, 'normal'))
    .orderBy(permissions.sort, permissions.key);
  const order = new Map<string, number>(PERMISSION_GROUPS.map((g, i) => [g.key, i]));
  const groups = [...new Set(rows.map((r) => r.group))].sort(
    (a, b) => (order.get(a) ?? order.size) - (order.get(b) ?? order.size) || a.localeCompare(b),
  );
  return groups.map((group) => ({
    group,
    permissions: rows.filter((r) => r.group === group).map(({ key, name, sort }) => ({ key, name, sort })),
  }));
}
