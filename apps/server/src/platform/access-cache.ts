import { ACCESS_IP_SWITCH_KEY, DEFAULT_SYSTEM_SETTINGS } from '@harbour/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { permissions } from '../db/schema/index.js';

/**
 * What each request would otherwise recompute, cached per process and keyed by the `access`
 * counter of `harbour_versions`: database triggers move the counter on every change of roles,
 * grants, the catalogue, staff roles, staff stores, stores, settings or the address allowlist
 * (migrations 0004 and 0006), and the authentication query reads
 * it on every request, so every instance drops stale entries at the next request after a change.
 * Nothing here has to be told about a change, so no module code can forget to.
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

/** What the authentication hook checks besides the session: the idle timeout and the allowlist. */
export interface AccessSettings {
  idleMinutes: number;
  /** The allowlist's switch (`POST /accessIps/setting`); on unless a stored value says otherwise. */
  ipsOn: boolean;
  /** Every allowlist entry: `staffId` null for the global list, else that staff member's own. */
  ips: { address: string; staffId: number | null }[];
}

/** A bound on cached staff entries (each is small); past it the map starts afresh. */
const MAX_ENTRIES = 5_000;

/** Everything cached for one counter value of one database. */
interface Generation {
  version: number;
  staff: Map<number, Promise<StaffAccess>>;
  catalogue: Promise<CatalogueEntry[]> | undefined;
  settings: Promise<AccessSettings> | undefined;
  derived: Map<string, unknown>;
}

/** One generation per database handle: two apps on two databases (tests) never share entries. */
const generations = new WeakMap<object, Generation>();

/** The generation for `current`, starting a new one (forgetting the old) when the counter moved. */
function generation(db: DbOrTx, current: number): Generation {
  let g = generations.get(db);
  if (!g || g.version !== current) {
    g = { version: current, staff: new Map(), catalogue: undefined, settings: undefined, derived: new Map() };
    generations.set(db, g);
  }
  return g;
}

/**
 * Starts `load` once and keeps its promise; a failed load is forgotten, so the next request
 * tries again. `load` must answer a real Promise: a drizzle query builder is a thenable that runs
 * its query again on every `then`, so caching the builder would cache nothing.
 */
function remember<T>(load: () => Promise<T>, keep: (p: Promise<T>) => void, forget: () => void): Promise<T> {
  const p = Promise.resolve().then(load);
  keep(p);
  p.catch(forget);
  return p;
}

export function staffAccessFor(db: DbOrTx, staffId: number, superAdmin: boolean, current: number): Promise<StaffAccess> {
  const g = generation(db, current);
  const hit = g.staff.get(staffId);
  if (hit) return hit;
  if (g.staff.size >= MAX_ENTRIES) g.staff.clear();
  return remember(
    () => loadStaffAccess(db, staffId, superAdmin),
    (p) => g.staff.set(staffId, p),
    () => g.staff.delete(staffId),
  );
}

export function catalogueFor(db: DbOrTx, current: number): Promise<CatalogueEntry[]> {
  const g = generation(db, current);
  return (g.catalogue ??= remember(
    () => loadCatalogue(db),
    (p) => (g.catalogue = p),
    () => (g.catalogue = undefined),
  ));
}

export function accessSettingsFor(db: DbOrTx, current: number): Promise<AccessSettings> {
  const g = generation(db, current);
  return (g.settings ??= remember(
    () => loadAccessSettings(db),
    (p) => (g.settings = p),
    () => (g.settings = undefined),
  ));
}

/**
 * A value computed from cached access data (a staff member's menu), kept until the counter
 * moves. `compute` must depend only on data the counter covers.
 */
export function derivedFor<T>(db: DbOrTx, current: number, key: string, compute: () => Promise<T>): Promise<T> {
  const g = generation(db, current);
  const hit = g.derived.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  if (g.derived.size >= MAX_ENTRIES) g.derived.clear();
  return remember(
    compute,
    (p) => g.derived.set(key, p),
    () => g.derived.delete(key),
  );
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

async function loadCatalogue(db: DbOrTx): Promise<CatalogueEntry[]> {
  return await db
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

interface SettingsRow extends Record<string, unknown> {
  idle_minutes: unknown;
  ips_switch: unknown;
  ips: { address: string; staffId: number | null }[];
}

async function loadAccessSettings(db: DbOrTx): Promise<AccessSettings> {
  const { rows } = await db.execute<SettingsRow>(sql`
    select
      (select value from settings where key = 'idleTimeoutMinutes') as idle_minutes,
      (select value from settings where key = ${ACCESS_IP_SWITCH_KEY}) as ips_switch,
      coalesce((select json_agg(json_build_object('address', a.address, 'staffId', a.staff_id) order by a.id) from access_ips a), '[]'::json) as ips`);
  const row = rows[0]!;
  return {
    // A value of the wrong kind (a hand-edited row) reads as the default rather than breaking every request.
    idleMinutes: typeof row.idle_minutes === 'number' ? row.idle_minutes : DEFAULT_SYSTEM_SETTINGS.idleTimeoutMinutes,
    ipsOn: row.ips_switch !== false,
    ips: row.ips,
  };
}
