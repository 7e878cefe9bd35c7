import type { ResourceDecl } from '../resource.js';
import type { PermissionDef } from '../permission-def.js';

/**
 * A menu page entry: key `<group>.<page>`, name `shell:menu.<key>`, the page at `/<group>/<page>`
 * (or `path`), page key = the key. `available` turns true when the web page ships.
 */
export function page<G extends string, N extends string, K extends string = `${G}.${N}`>(
  group: G,
  sort: number,
  name: N,
  opts: { icon?: string; hidden?: boolean; available?: boolean; path?: string; key?: K; api?: readonly string[] } = {},
): PermissionDef<K> {
  const key = (opts.key ?? `${group}.${name}`) as K;
  return {
    key,
    name: `shell:menu.${key}`,
    group,
    sort,
    ...(opts.api ? { api: opts.api } : {}),
    menu: {
      path: opts.path ?? `/${group}/${name}`,
      pageKey: key,
      ...(opts.icon ? { icon: opts.icon } : {}),
      ...(opts.hidden ? { hidden: true } : {}),
      ...(opts.available ? { available: true } : {}),
    },
  };
}

/** An action key without a page (a button or an API call). */
export function action<K extends string>(group: string, sort: number, key: K, api?: readonly string[]): PermissionDef<K> {
  return { key, name: `shell:perm.${key}`, group, sort, ...(api ? { api } : {}) };
}

/** Every permission key a resource declaration names (its CRUD keys and its actions' keys). */
export type ResourceKeys<D extends ResourceDecl> =
  | Extract<D['permissions'][keyof D['permissions']], string>
  | (NonNullable<D['actions']> extends Readonly<Record<string, infer A>> ? (A extends { permission: infer P extends string } ? P : never) : never);

/**
 * The catalogue entries of a declared resource, built from the declaration: its list key is the
 * menu page, every other key an action, and each key's API entries are the routes
 * `registerResource` serves for it. So the keys a resource uses are in the catalogue by
 * construction, with the API they really open.
 */
export function resourcePermissions<D extends ResourceDecl>(
  decl: D,
  group: string,
  sort: number,
  menu: { path: string; icon?: string; available?: boolean; hidden?: boolean },
): PermissionDef<ResourceKeys<D>>[] {
  const item = `${decl.path}/{id}`;
  const p = decl.permissions;
  const routes: [string | undefined, string][] = [
    [p.list, `GET ${decl.path}`],
    [p.view ?? p.list, `GET ${item}`],
    [decl.create ? p.create : undefined, `POST ${decl.path}`],
    [decl.update ? p.update : undefined, `PUT ${item}`],
    [p.delete, `DELETE ${item}`],
    ...Object.entries(decl.actions ?? {}).map(([name, a]): [string, string] => [a.permission, `POST ${item}/${name}`]),
  ];
  const api = new Map<string, string[]>();
  for (const [key, entry] of routes) if (key) api.set(key, [...(api.get(key) ?? []), entry]);
  return [...api].map(([key, entries]) => ({
    key: key as ResourceKeys<D>,
    name: key === p.list ? `shell:menu.${key}` : `shell:perm.${key}`,
    group,
    sort,
    api: entries,
    ...(key === p.list
      ? {
          menu: {
            path: menu.path,
            pageKey: key,
            ...(menu.icon ? { icon: menu.icon } : {}),
            ...(menu.hidden ? { hidden: true } : {}),
            ...(menu.available ? { available: true } : {}),
          },
        }
      : {}),
  }));
}
