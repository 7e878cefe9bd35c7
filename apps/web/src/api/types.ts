/**
 * Shapes of the session calls of `/api/admin/v1` as the web uses them (spec §3, §7). They mirror
 * the server's answers; the server validates its side with the contracts' zod schemas.
 */
export interface TokenPair {
  access_token: string;
  /** Seconds until the access token expires. */
  expires_in: number;
  refresh_token: string;
  token_type: string;
  /** Seconds until the refresh token expires. */
  refresh_expires_in: number;
  /** The password was set by an administrator: only `POST /changePassword` answers until it is changed. */
  password_must_change?: true;
}

export interface StoreRef {
  store_id: number;
  store_name: string;
  english_name: string;
}

export interface RouteMeta {
  /** i18n key of the title (see docs/web-conventions.md, "Menu titles"). */
  title?: string;
  roles?: string[];
  icon?: string;
  noCache?: boolean;
  breadcrumb?: boolean;
  /** Path of the menu entry to highlight instead of this one. */
  activeMenu?: string;
}

/** One entry of `asyncRouterMap`: a menu route; `component` is a page key or `Layout`. */
export interface RouteRecord {
  path: string;
  name?: string;
  component?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta?: RouteMeta;
  children?: RouteRecord[];
}

export interface UserInfo {
  id: number;
  name: string;
  avatar?: string | null;
  introduction?: string | null;
  roles: string[];
  visitStore?: StoreRef | null;
  stores?: StoreRef[];
  jurisdiction?: string[];
  asyncRouterMap?: RouteRecord[];
  /** Seconds of inactivity after which the web signs the staff out. */
  idleTimeout?: number;
  /** The staff member's preferred interface language. */
  language?: string;
}

export interface LoginRequest {
  username: string;
  password: string;
  captcha: string;
  key: string;
  remember?: boolean;
}

export interface Captcha {
  captcha: string;
  key: string;
}

/** Own details, read and changed on /adminModify (the contracts' schemas). */
export type { OwnProfile } from '@harbour/contracts';
/** What the web sends (the server's `ownProfileUpdateSchema`); no password means "keep it". */
export interface OwnProfileChange {
  name: string;
  mobile: string;
  email?: string | null;
  defaultLanguage?: 'zh-TW' | 'en' | 'zh-CN';
  password?: string | null;
  currentPassword?: string | null;
}

/** A route of the menu flattened by the shell (`shell/menu.ts`), with its full pattern and ancestry. */
export interface FlatRoute {
  /** Absolute path pattern, e.g. `/loan/edit/:id`. */
  pattern: string;
  record: RouteRecord;
  /** Ancestors from the top-level record down to the parent. */
  parents: RouteRecord[];
  /** Absolute patterns of the ancestors, parallel to `parents`. */
  parentPaths: string[];
}
