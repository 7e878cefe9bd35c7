/**
 * One entry of the permission catalogue (spec §3 "Permission": title/name, API, grouping, sort,
 * menu icon, url, state). Roles grant keys; every API route names the key it needs.
 */
export interface PermissionDef<K extends string = string> {
  /** Stable key, `<area>.<action>`, e.g. `stores.list`, `staff.create`. */
  key: K;
  /** i18n key of the name shown in the role editor. */
  name: string;
  /** Group as spec §2 groups the menu: `admin`, `power`, `loan`, `system`, `tools`, … */
  group: string;
  sort: number;
  /** `METHOD /path` of the API routes this key opens (none for a menu-only entry). */
  api?: readonly string[];
  /** Set when the key opens a menu page. */
  menu?: {
    /** Browser path, e.g. `/system/stores`. */
    path: string;
    /** Key the web maps to a lazily loaded page component. */
    pageKey: string;
    icon?: string;
    hidden?: boolean;
    /** The web page exists; entries without it stay out of the menu (`asyncRouterMap`). */
    available?: boolean;
  };
}

/** Route permission values that are not catalogue keys. */
export const PUBLIC = 'public' as const;
export const AUTHENTICATED = 'authenticated' as const;
