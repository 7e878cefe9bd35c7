/**
 * Master data → company information → the prescribed summary (Cap. 163A Schedule 3) as the lender
 * enters it: append-only versions, each with its effective date. The papers print the version in
 * force on the loan's agreement date (`summaryInForce`).
 */
import { prescribedSummaryInForce, type PrescribedSummary, type prescribedSummaryCreateSchema } from '@harbour/contracts';
import type { z } from 'zod';
import { desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { prescribedSummaries, staff } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';

type Input = z.output<typeof prescribedSummaryCreateSchema>;

const columns = {
  s: prescribedSummaries,
  enteredByName: staff.name,
};
type Joined = { s: typeof prescribedSummaries.$inferSelect; enteredByName: string | null };

const toItem = ({ s, enteredByName }: Joined): PrescribedSummary => ({
  id: s.id,
  version: s.version,
  effectiveFrom: s.effectiveFrom,
  textEn: s.textEn,
  textZh: s.textZh,
  enteredByName,
  enteredAt: s.createdAt.toISOString(),
});

const withEnterer = (db: DbOrTx) => db.select(columns).from(prescribedSummaries).leftJoin(staff, eq(staff.id, prescribedSummaries.createdBy));

/** The newest first: by effective date, then by version (the later entry of one day supersedes). */
const newestFirst = [desc(prescribedSummaries.effectiveFrom), desc(prescribedSummaries.version)] as const;

export const listPrescribedSummaries = (ctx: ServiceContext): Promise<PrescribedSummary[]> =>
  withReadTx(ctx, async (tx) => (await withEnterer(tx).orderBy(...newestFirst)).map(toItem));

/**
 * The version in force on `date` (the agreement date), by `prescribedSummaryInForce` — the rule the
 * loan page's papers menu applies too — over the versions effective by then (a handful of rows).
 */
export async function summaryInForce(db: DbOrTx, date: string): Promise<PrescribedSummary | null> {
  const rows = await withEnterer(db).where(lte(prescribedSummaries.effectiveFrom, date));
  return prescribedSummaryInForce(rows.map(toItem), date);
}

/**
 * A new version, numbered after the last (an advisory lock makes two entries at once queue rather
 * than collide: the app role may not lock an append-only table); one `add` audit row with the
 * version, its date and both texts.
 */
export function addPrescribedSummary(ctx: ServiceContext, input: Input): Promise<PrescribedSummary> {
  return withTx(ctx, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('harbour.prescribed_summaries'))`);
    const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${prescribedSummaries.version}), 0)::int + 1` }).from(prescribedSummaries)) as [{ next: number }];
    const [row] = await tx
      .insert(prescribedSummaries)
      .values({ version: next, effectiveFrom: input.effectiveFrom, textEn: input.textEn, textZh: input.textZh, createdBy: ctx.auth?.staffId ?? null })
      .returning();
    const [saved] = await withEnterer(tx).where(eq(prescribedSummaries.id, row!.id));
    const item = toItem(saved!);
    await audit(tx, {
      action: 'add',
      module: 'prescribedSummary',
      reference: item.id,
      after: { version: item.version, effectiveFrom: item.effectiveFrom, textEn: item.textEn, textZh: item.textZh },
    });
    return item;
  });
}
