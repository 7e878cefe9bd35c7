import { staffLevelResource, type Language, type StaffLevelItem } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { staff, staffLevels } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import type { ServiceContext } from '../../platform/context.js';
import { tableService } from '../../platform/table-service.js';

type Row = Record<string, unknown>;
type LevelRow = typeof staffLevels.$inferSelect;

const toItem = (r: Row): StaffLevelItem => ({
  id: r.id as number,
  nameZh: r.nameZh as string,
  nameEn: r.nameEn as string,
  rank: r.rank as number,
  maxApprovedAmount: (r.maxApprovedAmount as string | null) ?? null,
  unlimited: r.unlimited === true,
  state: r.state === 'disabled' ? 'disabled' : 'normal',
  remarks: (r.remarks as string | null) ?? null,
  createdAt: (r.createdAt as Date).toISOString(),
});

/** A level's name in the caller's language (English for `en`, Chinese otherwise). */
export const levelName = (row: Pick<LevelRow, 'nameZh' | 'nameEn'>, lang: Language) => (lang === 'en' ? row.nameEn : row.nameZh);

/**
 * Master data → staff level and privilege: list, view, create, edit, delete. A level that staff
 * hold is not deleted (409 `levels.inUse`, naming how many): it is disabled instead.
 */
export const staffLevelService = tableService(staffLevelResource, {
  table: staffLevels,
  id: staffLevels.id,
  columns: {
    rank: staffLevels.rank,
    nameZh: staffLevels.nameZh,
    nameEn: staffLevels.nameEn,
    maxApprovedAmount: staffLevels.maxApprovedAmount,
    state: staffLevels.state,
  },
  toItem,
  toInsert: (input) => ({ ...input }),
  // the maker's reason belongs to the four-eyes request (and the audit row's trail), not the level
  toUpdate: ({ reason: _reason, ...input }) => ({ ...input }),
  beforeDelete: async (tx, row) => {
    const [held] = await tx.select({ n: count() }).from(staff).where(eq(staff.levelId, row.id as number));
    if ((held?.n ?? 0) > 0) throw conflict('levels.inUse', { count: held!.n });
  },
});

/** `GET /staffLevels/choices`: the enabled levels, most junior first, named in the caller's language. */
export async function staffLevelChoices(ctx: ServiceContext) {
  const rows = await ctx.db.select().from(staffLevels).where(eq(staffLevels.state, 'normal')).orderBy(asc(staffLevels.rank), asc(staffLevels.id));
  return {
    items: rows.map((r) => ({ id: r.id, name: levelName(r, ctx.lang), maxApprovedAmount: r.maxApprovedAmount, unlimited: r.unlimited })),
  };
}

/**
 * The largest loan amount a staff member may approve, from their level (spec §6): `null` when they
 * have no level (they approve nothing); `unlimited` for a level with no upper limit. A disabled
 * level approves nothing, for those who hold it too (and is offered to no one new).
 */
export type ApprovalLimit =
  | { levelId: number; unlimited: true; maxAmount: null }
  | { levelId: number; unlimited: false; maxAmount: string };

export async function approvalLimitOf(tx: DbOrTx, staffId: number): Promise<ApprovalLimit | null> {
  const [row] = await tx
    .select({ levelId: staffLevels.id, unlimited: staffLevels.unlimited, maxAmount: staffLevels.maxApprovedAmount })
    .from(staff)
    // a disabled level approves nothing, for those who still hold it too
    .innerJoin(staffLevels, and(eq(staffLevels.id, staff.levelId), eq(staffLevels.state, 'normal')))
    .where(eq(staff.id, staffId));
  if (!row) return null;
  if (row.unlimited) return { levelId: row.levelId, unlimited: true, maxAmount: null };
  return { levelId: row.levelId, unlimited: false, maxAmount: row.maxAmount ?? '0' };
}

/** Whether `amount` (a decimal string, HKD) is within `limit`; no limit (no level) approves nothing. */
export function withinApprovalLimit(limit: ApprovalLimit | null, amount: string): boolean {
  if (!limit) return false;
  if (limit.unlimited) return true;
  return dec(amount).lte(dec(limit.maxAmount));
}

/** Whether limit `a` is no higher than limit `b` (no level is the lowest, unlimited the highest). */
export function limitNotAbove(a: ApprovalLimit | null, b: ApprovalLimit | null): boolean {
  if (!a) return true;
  if (!b) return false;
  if (b.unlimited) return true;
  if (a.unlimited) return false;
  return dec(a.maxAmount).lte(dec(b.maxAmount));
}
