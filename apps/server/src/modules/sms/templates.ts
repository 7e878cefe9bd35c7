/**
 * Master data → SMS content: the templates, one per kind and language, through `tableService`
 * (list, get, create, edit, delete, one audit row each). The contract refuses unknown or malformed
 * placeholders (400); a second template of the same kind and language answers 409.
 */
import { smsTemplateResource, type SmsKind, type SmsLanguage } from '@harbour/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsTemplates } from '../../db/schema/index.js';
import { tableService } from '../../platform/table-service.js';

export const templateService = tableService(smsTemplateResource, {
  table: smsTemplates,
  id: smsTemplates.id,
  columns: { kind: smsTemplates.kind, language: smsTemplates.language, updatedAt: smsTemplates.updatedAt },
  toItem: (r) => ({
    id: r.id as number,
    kind: r.kind as SmsKind,
    language: r.language as SmsLanguage,
    content: r.content as string,
    updatedAt: (r.updatedAt as Date).toISOString(),
  }),
  toInsert: (input) => ({ ...input }),
  toUpdate: (input) => ({ content: input.content, updatedAt: new Date() }),
});

/** The templates of one kind by language. */
export async function templatesOf(db: DbOrTx, kind: SmsKind): Promise<Partial<Record<SmsLanguage, string>>> {
  const rows = await db.select({ language: smsTemplates.language, content: smsTemplates.content }).from(smsTemplates).where(and(eq(smsTemplates.kind, kind)));
  return Object.fromEntries(rows.map((r) => [r.language, r.content]));
}
