import type { BlacklistHit } from '@harbour/contracts';
import { normaliseIdNumber, normalisePhone } from '@harbour/domain';
import { inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { blacklist } from '../../db/schema/index.js';
import { masked, type Masking } from '../../platform/masking.js';
import { readSettings } from '../../platform/settings.js';

/**
 * The blacklist rows any of these ID numbers or phones is on: the service the customer,
 * application and loan modules call on entry (to warn) and at submission (to block unless a
 * manager overrides). Numbers are normalised here (`A123456(7)` finds `A1234567`, `+852 9123 4567`
 * finds `91234567`) and matched exactly. Each hit says which of its numbers matched; numbers are
 * masked to the "visible tel. no." digits (or `masking`'s), so a hit may be shown to anyone.
 */
export async function blacklistHits(
  db: DbOrTx,
  numbers: { idNumbers: readonly string[]; phones: readonly string[] },
  masking?: Pick<Masking, 'visibleDigits'>,
): Promise<BlacklistHit[]> {
  const ids = [...new Set(numbers.idNumbers.map(normaliseIdNumber).filter((v) => v !== ''))];
  const phones = [...new Set(numbers.phones.map(normalisePhone).filter((v) => v !== ''))];
  if (ids.length === 0 && phones.length === 0) return [];
  const rows = await db
    .select({ id: blacklist.id, name: blacklist.name, idNumber: blacklist.idNumber, phone: blacklist.phone })
    .from(blacklist)
    .where(or(ids.length ? inArray(blacklist.idNumber, ids) : undefined, phones.length ? inArray(blacklist.phone, phones) : undefined))
    .orderBy(blacklist.id);
  const shown = masking ?? { visibleDigits: (await readSettings(db, ['visibleTelDigits'])).visibleTelDigits };
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    matched: [
      ...(r.idNumber !== null && ids.includes(r.idNumber) ? (['idNumber'] as const) : []),
      ...(r.phone !== null && phones.includes(r.phone) ? (['phone'] as const) : []),
    ],
    idNumber: masked(r.idNumber, shown),
    phone: masked(r.phone, shown),
  }));
}
