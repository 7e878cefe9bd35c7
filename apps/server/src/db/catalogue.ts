import { PERMISSION_CATALOGUE } from '@harbour/contracts';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { permissions } from './schema/index.js';

/** Catalogue entries are written `/x/{id}` or `/x/:id`; compare them in one form. */
export const braces = (entry: string) => entry.replace(/:(\w+)/g, '{$1}');

/**
 * Upserts the code's permission catalogue into `permissions` (start-up, and "Refresh
 * permissions" with `routeApi`: the API entries of the routes that declare each key, added to the
 * key's own). Entries that left the catalogue are disabled, not deleted, so roles that granted them
 * keep their history. A row already as the catalogue has it is not written again.
 */
export async function syncCatalogue(db: DbOrTx, routeApi?: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
  const apiOf = (key: string, own: readonly string[]) => {
    const fromRoutes = routeApi?.get(key);
    return fromRoutes ? [...new Set([...own.map(braces), ...fromRoutes])].sort() : [...own];
  };
  const rows = PERMISSION_CATALOGUE.map((p) => ({
    key: p.key,
    name: p.name,
    api: apiOf(p.key, p.api ?? []),
    group: p.group,
    sort: p.sort,
    icon: p.menu?.icon ?? null,
    menuUrl: p.menu?.path ?? null,
    pageKey: p.menu?.pageKey ?? null,
    menuHidden: p.menu?.hidden ?? false,
    menuAvailable: p.menu?.available ?? false,
    state: 'normal',
    source: 'catalogue',
  }));
  await db
    .insert(permissions)
    .values(rows)
    .onConflictDoUpdate({
      target: permissions.key,
      set: {
        name: sql`excluded.name`,
        api: sql`excluded.api`,
        group: sql`excluded."group"`,
        sort: sql`excluded.sort`,
        icon: sql`excluded.icon`,
        menuUrl: sql`excluded.menu_url`,
        pageKey: sql`excluded.page_key`,
        menuHidden: sql`excluded.menu_hidden`,
        menuAvailable: sql`excluded.menu_available`,
        source: sql`excluded.source`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${permissions.name}, ${permissions.api}, ${permissions.group}, ${permissions.sort}, ${permissions.icon}, ${permissions.menuUrl}, ${permissions.pageKey}, ${permissions.menuHidden}, ${permissions.menuAvailable}, ${permissions.source})
        is distinct from (excluded.name, excluded.api, excluded."group", excluded.sort, excluded.icon, excluded.menu_url, excluded.page_key, excluded.menu_hidden, excluded.menu_available, excluded.source)`,
    });
  await db
    .update(permissions)
    .set({ state: 'disabled', updatedAt: sql`now()` })
    .where(and(eq(permissions.source, 'catalogue'), ne(permissions.state, 'disabled'), notInArray(permissions.key, rows.map((r) => r.key))));
}
