import { userInfoSchema, type StoreRef, type UserInfo } from '@harbour/contracts';
import type { FastifyRequest } from 'fastify';
import { tokenInvalid } from '../../platform/errors.js';
import { catalogueFor, derivedFor, type StoreName } from '../../platform/access-cache.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { holdsGrant } from '../../platform/context.js';
import { buildRouterMap } from './menu.js';
import { type EncodedData, encodeData, joinEncoded } from '../../http/encoded-data.js';

const storeRef = (s: { id: number; nameZh: string; nameEn: string }): StoreRef => ({
  store_id: s.id,
  store_name: s.nameZh,
  english_name: s.nameEn,
});

/** Stores a staff member may log into (the super admin: all), from the access cache. */
export function allowedStores(auth: AuthContext): readonly StoreName[] {
  return auth.stores;
}

/** The part of `/userInfo` that follows from the staff member's roles and grants: the menu and keys. */
const staffMenuSchema = userInfoSchema.pick({ roles: true, jurisdiction: true, asyncRouterMap: true });
/** The part that follows from the session: who, which store, the language and the idle timeout. */
const sessionPartSchema = userInfoSchema.omit({ roles: true, jurisdiction: true, asyncRouterMap: true });
type StaffMenu = EncodedData<Pick<UserInfo, 'roles' | 'jurisdiction' | 'asyncRouterMap'>>;

/** The permission keys and menu a staff member holds: built and encoded once per access counter. */
async function staffMenu(req: FastifyRequest, auth: AuthContext): Promise<StaffMenu> {
  const catalogue = await catalogueFor(req.server.db, auth.accessVersion);
  const held = catalogue.filter((p) => holdsGrant({ auth }, p.key));
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
  return encodeData(staffMenuSchema, { roles, jurisdiction: held.map((p) => p.key).sort(), asyncRouterMap: buildRouterMap(menu, roles) });
}

/**
 * `GET /userInfo` (spec §3 "User info"), menu built from the caller's permissions. Everything
 * comes from the authentication query and the access cache: no further database round trip, and
 * the menu is built and encoded once per staff member until roles, grants or the catalogue change;
 * only the session's own fields are encoded per request.
 */
export async function userInfo(req: FastifyRequest, auth: AuthContext): Promise<EncodedData<UserInfo>> {
  const storeRows = auth.stores;
  const current = storeRows.find((s) => s.id === auth.storeId) ?? storeRows[0];
  if (!current) throw tokenInvalid('auth.noStore');
  const menu = await derivedFor(req.server.db, auth.accessVersion, `menu:${auth.staffId}`, () => staffMenu(req, auth));
  const session = encodeData(sessionPartSchema, {
    id: auth.staffId,
    name: auth.name,
    avatar: auth.profile.avatar ?? '',
    introduction: auth.profile.introduction ?? '',
    visitStore: storeRef(current),
    stores: storeRows.map(storeRef),
    language: auth.profile.defaultLanguage as UserInfo['language'],
    idleTimeout: auth.idleMinutes * 60,
  });
  return joinEncoded(session, menu);
}
