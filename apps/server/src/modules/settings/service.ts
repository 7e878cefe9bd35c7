/**
 * System → default settings: every setting read at once (defaults for keys never saved), and a
 * save that writes the changed keys and one audit row holding their values before and after.
 */
import { SYSTEM_SETTING_KEYS, type SystemSettings } from '@harbour/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { readSettings } from '../../platform/settings.js';

export const readAllSettings = (db: DbOrTx): Promise<SystemSettings> => readSettings(db, SYSTEM_SETTING_KEYS);

/** JSON equality of two setting values (arrays are kept sorted by the contract). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the changed keys of `patch` in the caller's transaction: the default settings page saves
 * many, the system list, active period and visible tel. no. pages one each.
 */
export async function saveSettings(tx: Tx, who: Pick<ServiceContext, 'auth'>, patch: Partial<SystemSettings>): Promise<SystemSettings> {
  // One save at a time: two editors would otherwise each audit a "before" the other overwrote.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('harbour.settings'))`);
  const current = await readAllSettings(tx);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of SYSTEM_SETTING_KEYS) {
    if (!(key in patch) || patch[key] === undefined || same(patch[key], current[key])) continue;
    before[key] = current[key];
    after[key] = patch[key];
  }
  const changed = Object.keys(after);
  if (changed.length > 0) {
    const staffId = who.auth?.staffId ?? null;
    await tx
      .insert(settings)
      .values(changed.map((key) => ({ key, value: after[key], createdBy: staffId, updatedBy: staffId })))
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()`, updatedBy: sql`excluded.updated_by` } });
  }
  await audit(tx, { action: 'edit', module: 'settings', reference: changed.join(',') || null, before, after });
  return { ...current, ...(after as Partial<SystemSettings>) };
}
