import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings } from '@harbour/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { settings } from '../db/schema/index.js';

/**
 * Reads settings (one row per key, JSONB) with the defaults for missing keys. Read per request,
 * never cached, so a change on one instance applies on all at once.
 */
export async function readSettings<K extends keyof SystemSettings>(db: DbOrTx, keys: readonly K[]): Promise<Pick<SystemSettings, K>> {
  // Read as text and parse once: node-postgres already parses JSONB, and drizzle's jsonb column
  // then JSON.parses a string value again, which turns a decimal string such as "36" into 36.
  const rows = (
    await db
      .select({ key: settings.key, text: sql<string>`${settings.value}::text` })
      .from(settings)
      .where(inArray(settings.key, keys as readonly string[] as string[]))
  ).map((r) => ({ key: r.key, value: JSON.parse(r.text) as unknown }));
  return settingsOf(rows, keys);
}

/** The settings of `keys` from their stored rows (read by `readSettings` or with other reads), with the defaults for missing keys. */
export function settingsOf<K extends keyof SystemSettings>(rows: readonly { key: string; value: unknown }[], keys: readonly K[]): Pick<SystemSettings, K> {
  const out = {} as Pick<SystemSettings, K>;
  for (const k of keys) out[k] = DEFAULT_SYSTEM_SETTINGS[k];
  for (const r of rows) {
    if (!(keys as readonly string[]).includes(r.key)) continue;
    const k = r.key as K;
    const fallback = DEFAULT_SYSTEM_SETTINGS[k];
    // A value of the wrong kind (hand-edited row) reads as the default rather than breaking logins.
    if (typeof r.value === typeof fallback && r.value !== null) out[k] = r.value as SystemSettings[K];
  }
  return out;
}
