import { PERMISSION_CATALOGUE } from '@harbour/contracts';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { permissions } from './schema/index.js';

/**
 * Upserts the code's permission catalogue into `permissions` (start-up). Entries that left the
 * catalogue are disabled, not deleted, so roles that granted them keep their history.
 */
export async function syncCatalogue(db: DbOrTx): Promise<void> {
  const rows = PERMISSION_CATALOGUE.map((p) => ({
    key: p.key,
    name: p.name,
    api: [...(p.api ?? [])],
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
    });
  await db
    .update(permissions)
    .set({ state: 'disabled', updatedAt: sql`now()` })
    .where(and(eq(permissions.source, 'catalogue'), notInArray(permissions.key, rows.map((r) => r.key))));
}
