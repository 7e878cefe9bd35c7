import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { permissions } from '../db/schema/index.js';

/**
 * What each request would otherwise recompute, cached per process and keyed by the `access`
 * counter of `harbour_versions`: database triggers move the counter on every change of roles,
 * grants, the catalogue, staff roles, staff stores or stores, and the authentication query reads
 * it on every request, so every instance drops stale entries at the next request after a change.
 */

export interface StoreName {
  id: number;
  nameZh: string;
  nameEn: string;
}

export interface StaffAccess {
  roleNames: string[];
  allStores: boolean;
  permissions: ReadonlySet<string>;
  /** Stores the staff member may log into (the super administrator: all), in menu order. */
  stores: StoreName[];
}

export interface CatalogueEntry {
  key: string;
  name: string;
  group: string;
  sort: number;
  icon: string | null;
  menuUrl: string | null;
  pageKey: string | null;
  menuHidden: boolean;
  menuAvailable: boolean;
}

/** A bound on cached staff entries (each is small); past it the cache starts afresh. */
const MAX_STAFF = 5_000;

let version = -1;
let staffAccess = new Map<string, Promise<StaffAccess>>();
let catalogue: Promise<CatalogueEntry[]> | undefined;

/** Forgets everything cached for an older counter. */
function at(current: number) {
  if (current === version) return;
  version = current;
  staffAccess = new Map();
  catalogue = undefined;
}

/** A failed load must not stay cached. */
function remember<T>(load: () => Promise<T>, store: (p: Promise<T> | undefined) => void): Promise<T> {
  const p = load();
  store(p);
  p.catch(() => store(undefined));
  return p;
}

export function staffAccessFor(db: DbOrTx, staffId: number, superAdmin: boolean, current: number): Promise<StaffAccess> {
  at(current);
  const key = `${staffId}`;
  const hit = staffAccess.get(key);
  if (hit) return hit;
  if (staffAccess.size >= MAX_STAFF) staffAccess = new Map();
  return remember(
    () => loadStaffAccess(db, staffId, superAdmin),
    (p) => (p ? staffAccess.set(key, p) : staffAccess.delete(key)),
  );
}

export function catalogueFor(db: DbOrTx, current: number): Promise<CatalogueEntry[]> {
  at(current);
  return (catalogue ??= remember(
    () => loadCatalogue(db),
    (p) => (catalogue = p),
  ));
}

interface AccessRow extends Record<string, unknown> {
  role_names: string[];
  all_stores: boolean;
  permission_keys: string[];
  stores: StoreName[];
}

async function loadStaffAccess(db: DbOrTx, staffId: number, superAdmin: boolean): Promise<StaffAccess> {
  const { rows } = await db.execute<AccessRow>(sql`
    select
      coalesce((select array_agg(distinct r.name) from staff_roles sr
        join roles r on r.id = sr.role_id and r.state = 'normal' where sr.staff_id = ${staffId}), '{}') as role_names,
      coalesce((select bool_or(r.all_stores) from staff_roles sr
        join roles r on r.id = sr.role_id and r.state = 'normal' where sr.staff_id = ${staffId}), false) as all_stores,
      coalesce((select array_agg(distinct rp.permission_key) from staff_roles sr
        join roles r on r.id = sr.role_id and r.state = 'normal'
        join role_permissions rp on rp.role_id = r.id
        join permissions p on p.key = rp.permission_key and p.state = 'normal'
        where sr.staff_id = ${staffId}), '{}') as permission_keys,
      coalesce((select json_agg(json_build_object('id', s.id, 'nameZh', s.name_zh, 'nameEn', s.name_en) order by s.sort, s.id)
        from stores s
        where ${superAdmin} or exists (select 1 from staff_stores ss where ss.staff_id = ${staffId} and ss.store_id = s.id)), '[]') as stores`);
  const row = rows[0]!;
  return { roleNames: row.role_names, allStores: superAdmin || row.all_stores, permissions: new Set(row.permission_keys), stores: row.stores };
}

function loadCatalogue(db: DbOrTx): Promise<CatalogueEntry[]> {
  return db
    .select({
      key: permissions.key,
      name: permissions.name,
      group: permissions.group,
      sort: permissions.sort,
      icon: permissions.icon,
      menuUrl: permissions.menuUrl,
      pageKey: permissions.pageKey,
      menuHidden: permissions.menuHidden,
      menuAvailable: permissions.menuAvailable,
    })
    .from(permissions)
    .where(eq(permissions.state, 'normal'));
}
