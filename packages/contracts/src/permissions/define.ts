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
