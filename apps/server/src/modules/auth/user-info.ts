import type { StoreRef, UserInfo } from '@harbour/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { permissions, staff, staffStores, stores } from '../../db/schema/index.js';
import { tokenInvalid } from '../../http/app-error.js';
import { readSettings } from '../../platform/settings.js';
import type { AuthContext } from '../../http/types.js';
import { buildRouterMap } from './menu.js';

const storeRef = (s: { id: number; nameZh: string; nameEn: string }): StoreRef => ({
  store_id: s.id,
  store_name: s.nameZh,
  english_name: s.nameEn,
});

/** Stores a staff member may log into (the super admin: all). */
export async function allowedStores(req: FastifyRequest, auth: AuthContext) {
  const db = req.server.db;
  const cols = { id: stores.id, nameZh: stores.nameZh, nameEn: stores.nameEn };
  return auth.superAdmin
    ? db.select(cols).from(stores).orderBy(asc(stores.sort), asc(stores.id))
    : db
        .select(cols)
        .from(staffStores)
        .innerJoin(stores, eq(stores.id, staffStores.storeId))
        .where(eq(staffStores.staffId, auth.staffId))
        .orderBy(asc(stores.sort), asc(stores.id));
}

/** `GET /userInfo` (spec §3 "User info"), menu built from the caller's permissions. */
export async function userInfo(req: FastifyRequest, auth: AuthContext): Promise<UserInfo> {
  const db = req.server.db;
  // Independent reads, side by side: this call opens every page load.
  const [[me], storeRows, catalogue, { idleTimeoutMinutes }] = await Promise.all([
    db
      .select({ id: staff.id, name: staff.name, avatar: staff.avatar, introduction: staff.introduction, defaultLanguage: staff.defaultLanguage })
      .from(staff)
      .where(eq(staff.id, auth.staffId)),
    allowedStores(req, auth),
    db
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
      .where(eq(permissions.state, 'normal')),
    readSettings(db, ['idleTimeoutMinutes']),
  ]);
  if (!me) throw tokenInvalid();
  const current = storeRows.find((s) => s.id === auth.storeId) ?? storeRows[0];
  if (!current) throw tokenInvalid('auth.noStore');

  const held = catalogue.filter((p) => auth.superAdmin || auth.permissions.has(p.key));
  const menu = held
    .filter((p) => p.menuAvailable && p.menuUrl && p.pageKey)
    .map((p) => ({
      key: p.key,
      name: p.name,
      group: p.group,
      sort: p.sort,
      icon: p.icon,
      menuUrl: p.menuUrl!,
      pageKey: p.pageKey!,
      menuHidden: p.menuHidden,
    }));
  // Roles are never empty (spec §5: the web refuses a user without roles).
  const roles = auth.roleNames.length > 0 ? auth.roleNames : ['staff'];
  return {
    id: me.id,
    name: me.name,
    avatar: me.avatar ?? '',
    introduction: me.introduction ?? '',
    roles,
    visitStore: storeRef(current),
    stores: storeRows.map(storeRef),
    jurisdiction: held.map((p) => p.key).sort(),
    asyncRouterMap: buildRouterMap(menu, roles),
    language: me.defaultLanguage,
    idleTimeout: idleTimeoutMinutes * 60,
  };
}

