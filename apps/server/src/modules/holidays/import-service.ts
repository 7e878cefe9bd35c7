/**
 * Holiday import: rows from the Hong Kong rules or an 1823 file, inserted where their date is
 * not listed yet (existing rows, perhaps renamed by staff, stay as they are). One audit row.
 */
import type { HolidayImportResult } from '@harbour/contracts';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { holidays } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import type { HolidayRow } from './sources.js';

export async function importHolidays(
  tx: Tx,
  req: FastifyRequest,
  rows: readonly HolidayRow[],
  source: string,
): Promise<HolidayImportResult> {
  const staffId = req.auth?.staffId ?? null;
  const inserted =
    rows.length === 0
      ? []
      : await tx
          .insert(holidays)
          .values(rows.map((r) => ({ date: r.date, nameZh: r.nameZh, nameEn: r.nameEn, kind: 'holiday', createdBy: staffId })))
          // the unique date decides "already present", also against a concurrent import
          .onConflictDoNothing({ target: holidays.date })
          .returning({ date: holidays.date });
  const added = inserted.map((r) => r.date).sort();
  const result = { added: added.length, skipped: rows.length - added.length, total: rows.length };
  await audit(tx, { action: 'upload', module: 'holidays', reference: source, after: { ...result, dates: added } });
  return result;
}
