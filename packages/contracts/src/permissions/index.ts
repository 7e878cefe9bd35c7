import { AUTHENTICATED, PUBLIC, type PermissionDef } from '../permission-def.js';
import { adminPermissions } from './admin.js';
import { approvalPermissions } from './approval.js';
import { articlePermissions } from './article.js';
import { blacklistPermissions } from './blacklist.js';
import { dashboardPermissions } from './dashboard.js';
import { loanPermissions } from './loan.js';
import { masterdataPermissions } from './masterdata.js';
import { memberPermissions } from './member.js';
import { ocaPermissions } from './oca.js';
import { payoutPermissions } from './payout.js';
import { personaPermissions } from './persona.js';
import { powerPermissions } from './power.js';
import { ledgerPermissions, reportsPermissions } from './reports.js';
import { repaymentPermissions } from './repayment.js';
import { rolePermissions } from './role.js';
import { smsPermissions } from './sms.js';
import { staffPermissions } from './staff.js';
import { storesPermissions } from './stores.js';
import { systemPermissions } from './system.js';
import { toolsPermissions } from './tools.js';

/**
 * Menu groups in sidebar order (spec §2); each has the icon and title of its parent entry. `staff`
 * ("Staff & roles") holds the staff list, roles, staff levels and permissions: the spec's Admin,
 * Power, Staff and Role menus in one place.
 */
export const PERMISSION_GROUPS = [
  { key: 'dashboard', icon: 'dashboard' },
  { key: 'loan', icon: 'wallet' },
  { key: 'repayment', icon: 'transaction' },
  { key: 'oca', icon: 'stop' },
  { key: 'sms', icon: 'message' },
  { key: 'approval', icon: 'audit' },
  { key: 'payout', icon: 'pay-circle' },
  { key: 'reports', icon: 'bar-chart' },
  { key: 'masterdata', icon: 'database' },
  { key: 'system', icon: 'setting' },
  { key: 'tools', icon: 'tool' },
  { key: 'stores', icon: 'shop' },
  { key: 'staff', icon: 'team' },
  { key: 'persona', icon: 'user' },
  { key: 'member', icon: 'usergroup-add' },
  { key: 'article', icon: 'read' },
] as const;

/** Every permission key Harbour knows, upserted into the `permissions` table at start-up. */
const CATALOGUE = [
  ...dashboardPermissions,
  ...adminPermissions,
  ...powerPermissions,
  ...loanPermissions,
  ...repaymentPermissions,
  ...ocaPermissions,
  ...blacklistPermissions,
  ...smsPermissions,
  ...approvalPermissions,
  ...payoutPermissions,
  ...reportsPermissions,
  ...ledgerPermissions,
  ...masterdataPermissions,
  ...systemPermissions,
  ...toolsPermissions,
  ...storesPermissions,
  ...staffPermissions,
  ...personaPermissions,
  ...memberPermissions,
  ...rolePermissions,
  ...articlePermissions,
];

/**
 * Every catalogue key as a type: a route, a resource declaration or a web gate naming a key
 * that is not in the catalogue fails to compile.
 */
export type PermissionKey = (typeof CATALOGUE)[number]['key'];

/**
 * What a route may require: a catalogue key, any one of a few keys (two menu pages that show one
 * screen, e.g. the staff list and master data's staff information), anyone (`public`) or any live
 * session (`authenticated`).
 */
export type RoutePermission = PermissionKey | readonly [PermissionKey, ...PermissionKey[]] | typeof PUBLIC | typeof AUTHENTICATED;

/** The catalogue keys a route's permission names, any one of which opens it (none for `public` / `authenticated`). */
export function routeKeys(permission: RoutePermission | string | readonly string[]): readonly string[] {
  if (typeof permission !== 'string') return permission;
  return permission === PUBLIC || permission === AUTHENTICATED ? [] : [permission];
}

/** Every permission key Harbour knows, upserted into the `permissions` table at start-up. */
export const PERMISSION_CATALOGUE: readonly PermissionDef<PermissionKey>[] = CATALOGUE;

/** Page keys of every menu page; the web maps each to a lazily loaded page component. */
export const pageKeys: readonly string[] = PERMISSION_CATALOGUE.flatMap((p) => (p.menu ? [p.menu.pageKey] : []));

export const PERMISSION_KEYS: ReadonlySet<string> = new Set<string>(PERMISSION_CATALOGUE.map((p) => p.key));
