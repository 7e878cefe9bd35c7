/**
 * System → code format: the four formats with what the page needs to show the next number, and
 * saving one format with an audit row holding it before and after.
 */
import type { CodeFormatsAnswer, CodeFormatItem } from '@harbour/contracts';
import { CODE_KINDS, type CodeFormat, type CodeKind } from '@harbour/domain';
import { eq, sql } from 'drizzle-orm';
import { codeFormats, stores } from '../../db/schema/index.js';
import { businessToday } from '../../platform/business-date.js';
import { readCodeFormat, readCodeFormats, readCounters } from '../../platform/codes.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { notFound } from '../../platform/errors.js';

/** The formats, and the caller's current store, its code, today and the counters for the examples. */
export function readCodeFormatsPage(ctx: ServiceContext): Promise<CodeFormatsAnswer> {
  return withReadTx(ctx, async (tx) => {
    const storeId = ctx.auth?.storeId ?? ctx.storeId;
    if (!storeId) throw notFound();
    const [store] = await tx.select({ code: stores.code, nameZh: stores.nameZh, nameEn: stores.nameEn }).from(stores).where(eq(stores.id, storeId));
    if (!store) throw notFound();
    const today = await businessToday(tx);
    const formats = await readCodeFormats(tx);
    const items: CodeFormatItem[] = CODE_KINDS.map((kind) => ({
      kind,
      format: formats[kind].format,
      updatedAt: formats[kind].updatedAt?.toISOString() ?? null,
    }));
    return {
      items,
      storeCode: store.code ?? '',
      storeName: ctx.lang === 'en' ? store.nameEn : store.nameZh,
      today,
      counters: await readCounters(tx, storeId, today),
    };
  });
}

/**
 * Saves the format of one kind; numbers taken afterwards use it. One `edit` audit row (module
 * `codeFormats`, reference the kind) with the format before and after.
 */
export function saveCodeFormat(ctx: ServiceContext, kind: CodeKind, format: CodeFormat): Promise<CodeFormatItem> {
  return withTx(ctx, async (tx) => {
    // One save of a kind at a time, so the audited "before" is the one replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('harbour.codeFormats'), hashtext(${kind}))`);
    const before = await readCodeFormat(tx, kind);
    const values = { ...format, updatedAt: new Date() };
    const [row] = await tx
      .insert(codeFormats)
      .values({ kind, ...values, createdBy: ctx.auth?.staffId ?? null })
      .onConflictDoUpdate({ target: codeFormats.kind, set: values })
      .returning();
    await audit(tx, { action: 'edit', module: 'codeFormats', reference: kind, before, after: format });
    return { kind, format, updatedAt: row!.updatedAt.toISOString() };
  });
}
