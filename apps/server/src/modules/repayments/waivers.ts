/**
 * Waivers of overdue interest and fees (issue 26; docs/repayments.md → Waivers). The workflow
 * actions `waive` and `voidWaiver` (`REPAYMENT_ACTIONS`): each runs in its registration's
 * transaction under the loan's lock and never opens one of its own, so the same functions serve a
 * batch or an approval queue that carries the request out later — which is why every rule is
 * checked here, at the time it runs: the status, the amounts against what is outstanding today,
 * the order of events.
 *
 * The domain decides the figures (`applyWaiver`); this file writes the waiver, its lines and one
 * audit row with the outstanding figures before and after. No journal entry: overdue interest
 * and fees are income only when received (`postRepayment`; nothing books them as receivable), so
 * giving them up moves nothing in the ledger. The loan's stored rate is not touched either: the
 * Ordinance's rate does not count default charges (`countedInRate`), so a waiver cannot change it.
 */
import type { VoidWaiverBody, WaiveBody, Waivable, WaiverItem, voidWaiverBodySchema, waiveBodySchema } from '@harbour/contracts';
import { applyWaiver, compareDates, dec, isDomainError, moneyText, waivable } from '@harbour/domain';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { auditLog, loanDueSummaries, loanRepayments, loanWaiverLines, loanWaiverVoids, loanWaivers, loans, staff } from '../../db/schema/index.js';
import { assertWithinActivePeriod } from '../../platform/active-period.js';
import { audit, auditValues, counted, type AuditEntry } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { businessRule, conflict } from '../../platform/errors.js';
import { found, storeScope } from '../../platform/store-scope.js';
import type { LoanRow } from '../loan-core/row.js';
import { dueSummaryAfter, storeDueSummary } from './daily.js';
import { heldContext, readReceiptContext } from './context.js';
import { jsonOfRow, prepared, rowFromJson } from '../../db/json-rows.js';
import { loadEngine, loadRepaymentState, standing, standingWaivers } from './state.js';

type WaiveInput = z.output<typeof waiveBodySchema>;
type VoidInput = z.output<typeof voidWaiverBodySchema>;
export type { VoidWaiverBody, WaiveBody };

/** The statuses in which something is still owed and may be waived (those an early settlement is allowed in). */
export const WAIVING = new Set(['repaying', 'oca']);

/** What may be waived on the loan today (zeros where its status allows no waiver). */
export async function waivableToday(tx: DbOrTx, loan: LoanRow, today: string): Promise<Waivable> {
  if (!WAIVING.has(loan.status)) return { asOf: today, overdueInterest: '0.00', fee: '0.00' };
  const [{ state }, engine] = await Promise.all([loadRepaymentState(tx, loan), loadEngine(tx)]);
  // a receipt dated later than today (none should be) would make today's figure meaningless
  const asOf = state.lastRepaymentDate && compareDates(state.lastRepaymentDate, today) > 0 ? state.lastRepaymentDate : today;
  const w = waivable(state, asOf, engine.settings, engine.holidays);
  return { asOf, overdueInterest: moneyText(w.overdueInterest), fee: moneyText(w.fee) };
}

/**
 * A retry with the key of a waiver already posted answers it; the key with other figures is 409.
 * The route's lock (`lockForWaiver`) already looked the key up: no read of its own then.
 */
export async function waiverRetry(tx: Tx, ctx: ServiceContext, loan: LoanRow, body: WaiveInput): Promise<WaiverItem | null> {
  const held = heldContext(tx, loan.id);
  const earlier = held
    ? held.waiverRetry
    : (await tx.select().from(loanWaivers).where(and(eq(loanWaivers.loanId, loan.id), eq(loanWaivers.idempotencyKey, body.idempotencyKey))))[0];
  if (!earlier) return null;
  const same = dec(earlier.overdueInterest).eq(dec(body.overdueInterest ?? '0')) && dec(earlier.fee).eq(dec(body.fee ?? '0'));
  if (!same) throw conflict('repayments.errors.keyReused');
  await audit(tx, { action: 'view', module: 'repayments', reference: `waiver:${earlier.id}`, after: { waiverId: earlier.id, retryOf: earlier.idempotencyKey }, recordStores: [loan.storeId] });
  return getWaiver(tx, ctx, earlier.id);
}

/**
 * Waives overdue interest and fees outstanding today (`WaiveBody`). Refused (422, nothing
 * written): a status that owes nothing (the registration's `offeredWhere`), an amount above what
 * is outstanding of its component today, nothing to waive.
 */
export async function postWaiver(tx: Tx, ctx: ServiceContext, loan: LoanRow, body: WaiveInput): Promise<WaiverItem> {
  if (!WAIVING.has(loan.status)) throw businessRule('repayments.waiver.notOwing', { status: loan.status });
  // everything read in one statement, as for a receipt (./context.ts): by the route's lock, or now
  const c = heldContext(tx, loan.id) ?? (await readReceiptContext(tx, ctx, loan.id, null));
  const today = c.today;
  const before = c.state();
  const engine = c.engine;
  let outcome;
  try {
    outcome = applyWaiver(before, today, { overdueInterest: body.overdueInterest, fee: body.fee }, engine.settings, engine.holidays);
  } catch (e) {
    // the component's name in the caller's words, not the domain's field name
    if (isDomainError(e, 'WAIVER_ABOVE_OUTSTANDING')) {
      throw businessRule(`repayments.waiver.above.${String(e.params.component)}`, { amount: String(e.params.amount), outstanding: String(e.params.outstanding) });
    }
    throw e;
  }
  const me = ctx.auth?.staffId ?? null;
  const lines = outcome.lines.map((l) => ({
    storeId: loan.storeId,
    loanId: loan.id,
    tenor: l.tenor,
    overdueInterestCharged: moneyText(l.overdueInterestCharged),
    feeCharged: moneyText(l.feeCharged),
    accruedTo: l.accruedTo,
    overdueInterestWaived: moneyText(l.overdueInterestWaived),
    feeWaived: moneyText(l.feeWaived),
    createdBy: me,
  }));
  // what the tips list, the reports and the reminders read, from the state after the waiver
  const dueSummary = dueSummaryAfter(loan, outcome.state, today, engine);
  // the statement adds the waiver's id to `after` and names it in `reference`
  const entry: AuditEntry = {
    action: 'add',
    module: 'repayments',
    reference: null,
    before: { loanNo: loan.loanNo, overdueInterest: moneyText(outcome.before.overdueInterest), fee: moneyText(outcome.before.fee) },
    after: {
      loanNo: loan.loanNo,
      waiveDate: today,
      waived: { overdueInterest: moneyText(outcome.waived.overdueInterest), fee: moneyText(outcome.waived.fee) },
      overdueInterest: moneyText(outcome.after.overdueInterest),
      fee: moneyText(outcome.after.fee),
      reason: body.reason,
    },
    recordStores: [loan.storeId],
  };
  // Everything is decided: one statement writes it (harbour_post_waiver, migration 0064).
  const [out] = await prepared<{ w: Record<string, unknown> }>(tx, {
    ...POST_WAIVER,
    values: [
      {
        dueSummary: dueSummary ? jsonOfRow(loanDueSummaries, dueSummary) : null,
        removeDueSummary: dueSummary === null,
        waiver: jsonOfRow(loanWaivers, {
          storeId: loan.storeId,
          loanId: loan.id,
          waiveDate: today,
          overdueInterestBefore: moneyText(outcome.before.overdueInterest),
          feeBefore: moneyText(outcome.before.fee),
          overdueInterest: moneyText(outcome.waived.overdueInterest),
          fee: moneyText(outcome.waived.fee),
          reason: body.reason,
          afterRepaymentId: c.latestReceiptAny,
          idempotencyKey: body.idempotencyKey,
          createdBy: me,
        }),
        lines: lines.map((l) => jsonOfRow(loanWaiverLines, l)),
        audit: jsonOfRow(auditLog, auditValues(tx, entry)),
      },
    ],
  });
  counted(tx, entry);
  const w = rowFromJson(loanWaivers, out!.w);
  // the answer from what was written: a new waiver is the loan's latest event
  const written = [...lines].sort((x, y) => x.tenor - y.tenor).map((l) => ({ ...l, id: 0, waiverId: w.id, createdAt: w.createdAt, updatedAt: w.updatedAt }));
  return toItem({ w, loanNo: loan.loanNo, createdByName: c.names.makerName, voidReason: null, voidedOn: null, voidedByName: null }, written, true);
}

const POST_WAIVER = { name: 'harbour-post-waiver', text: 'select harbour_post_waiver($1::jsonb) as w' };

/** The loan of a waiver being voided (in the caller's store scope: another store's is not found). */
export async function loanOfWaiver(tx: DbOrTx, ctx: ServiceContext, body: VoidInput): Promise<number> {
  const [row] = await tx.select({ loanId: loanWaivers.loanId }).from(loanWaivers).where(and(eq(loanWaivers.id, body.waiverId), storeScope(ctx, loanWaivers.storeId)));
  return found(row).loanId;
}

/**
 * Whether the waiver is the loan's latest standing event: no standing waiver after it, and no
 * standing receipt posted after it (a later receipt was allocated on what the waiver left).
 */
async function isLatestEvent(tx: DbOrTx, loanId: number, waiver: typeof loanWaivers.$inferSelect): Promise<boolean> {
  const [laterWaiver] = await tx.select({ id: loanWaivers.id }).from(loanWaivers).where(and(standingWaivers(loanId), gt(loanWaivers.id, waiver.id))).limit(1);
  if (laterWaiver) return false;
  const [laterReceipt] = await tx
    .select({ id: loanRepayments.id })
    .from(loanRepayments)
    .where(and(standing(loanId), gt(loanRepayments.id, waiver.afterRepaymentId ?? 0)))
    .limit(1);
  return !laterReceipt;
}

/**
 * A receipt may be corrected only while no standing waiver came after it: the waiver's figures
 * were taken on what that receipt left (the correction of receipts goes latest first too).
 */
export async function assertNoWaiverAfter(tx: DbOrTx, loanId: number, repaymentId: number): Promise<void> {
  const [later] = await tx
    .select({ id: loanWaivers.id })
    .from(loanWaivers)
    .where(and(standingWaivers(loanId), sql`coalesce(${loanWaivers.afterRepaymentId}, 0) >= ${repaymentId}`))
    .limit(1);
  if (later) throw businessRule('repayments.waiver.laterWaiver');
}

/** Voids a waiver entered in error — the loan's latest event only: what it waived is owed again. */
export async function voidWaiver(tx: Tx, ctx: ServiceContext, loan: LoanRow, body: VoidInput): Promise<WaiverItem> {
  const [waiver] = await tx.select().from(loanWaivers).where(and(eq(loanWaivers.id, body.waiverId), eq(loanWaivers.loanId, loan.id)));
  const w = found(waiver);
  const [already] = await tx.select({ id: loanWaiverVoids.id }).from(loanWaiverVoids).where(eq(loanWaiverVoids.waiverId, w.id));
  if (already) throw businessRule('repayments.waiver.alreadyVoided');
  if (!(await isLatestEvent(tx, loan.id, w))) throw businessRule('repayments.waiver.notLatest');
  await assertWithinActivePeriod(tx, w.waiveDate);
  const today = await businessToday(tx);
  const { state: before } = await loadRepaymentState(tx, loan);
  const me = ctx.auth?.staffId ?? null;
  await tx.insert(loanWaiverVoids).values({ storeId: loan.storeId, waiverId: w.id, loanId: loan.id, reason: body.reason, voidedOn: today, voidedBy: me, createdBy: me });
  const [{ state: after }, engine] = await Promise.all([loadRepaymentState(tx, loan), loadEngine(tx)]);
  await storeDueSummary(tx, loan, after, today, engine);
  const owed = (s: typeof before) => {
    const asOf = s.lastRepaymentDate && compareDates(s.lastRepaymentDate, today) > 0 ? s.lastRepaymentDate : today;
    const o = waivable(s, asOf, engine.settings, engine.holidays);
    return { overdueInterest: moneyText(o.overdueInterest), fee: moneyText(o.fee) };
  };
  await audit(tx, {
    action: 'void',
    module: 'repayments',
    reference: `waiver:${w.id}`,
    before: { waiverId: w.id, loanNo: loan.loanNo, ...owed(before) },
    after: { reason: body.reason, restored: { overdueInterest: w.overdueInterest, fee: w.fee }, ...owed(after) },
    recordStores: [loan.storeId],
  });
  return getWaiver(tx, ctx, w.id);
}

/** The loan's standing waivers dated on or before `asOf`, oldest first (the statement's lines). */
export async function waiversStandingOn(tx: DbOrTx, loanId: number, asOf: string) {
  const rows = await tx
    .select({ date: loanWaivers.waiveDate, overdueInterest: loanWaivers.overdueInterest, fee: loanWaivers.fee, reason: loanWaivers.reason })
    .from(loanWaivers)
    .where(and(standingWaivers(loanId), lte(loanWaivers.waiveDate, asOf)))
    .orderBy(asc(loanWaivers.id));
  return rows.map((r) => ({ ...r, amount: moneyText(dec(r.overdueInterest).plus(r.fee)) }));
}

const waiverColumns = {
  w: loanWaivers,
  loanNo: loans.loanNo,
  createdByName: sql<string | null>`(select ${staff.name} from ${staff} where ${staff.id} = ${loanWaivers.createdBy})`,
  voidReason: loanWaiverVoids.reason,
  voidedOn: loanWaiverVoids.voidedOn,
  voidedByName: sql<string | null>`(select ${staff.name} from ${staff} where ${staff.id} = ${loanWaiverVoids.voidedBy})`,
};

type WaiverRow = { w: typeof loanWaivers.$inferSelect; loanNo: string | null; createdByName: string | null; voidReason: string | null; voidedOn: string | null; voidedByName: string | null };

/** The loan's waivers, newest first, voided ones too, each with its lines. */
export async function listWaivers(tx: DbOrTx, loan: LoanRow): Promise<WaiverItem[]> {
  const rows = await tx
    .select(waiverColumns)
    .from(loanWaivers)
    .innerJoin(loans, eq(loans.id, loanWaivers.loanId))
    .leftJoin(loanWaiverVoids, eq(loanWaiverVoids.waiverId, loanWaivers.id))
    .where(eq(loanWaivers.loanId, loan.id))
    .orderBy(desc(loanWaivers.id));
  if (rows.length === 0) return [];
  const lines = await tx.select().from(loanWaiverLines).where(eq(loanWaiverLines.loanId, loan.id)).orderBy(loanWaiverLines.tenor);
  const latest = rows.find((r) => r.voidedOn === null);
  const latestStands = latest ? await isLatestEvent(tx, loan.id, latest.w) : false;
  return rows.map((r) => toItem(r, lines.filter((l) => l.waiverId === r.w.id), latestStands && r === latest));
}

async function getWaiver(tx: DbOrTx, ctx: ServiceContext, id: number): Promise<WaiverItem> {
  const [row] = await tx
    .select(waiverColumns)
    .from(loanWaivers)
    .innerJoin(loans, eq(loans.id, loanWaivers.loanId))
    .leftJoin(loanWaiverVoids, eq(loanWaiverVoids.waiverId, loanWaivers.id))
    .where(and(eq(loanWaivers.id, id), storeScope(ctx, loanWaivers.storeId)));
  const r = found(row);
  const lines = await tx.select().from(loanWaiverLines).where(eq(loanWaiverLines.waiverId, id)).orderBy(loanWaiverLines.tenor);
  return toItem(r, lines, r.voidedOn === null && (await isLatestEvent(tx, r.w.loanId, r.w)));
}

function toItem(r: WaiverRow, lines: (typeof loanWaiverLines.$inferSelect)[], latest: boolean): WaiverItem {
  return {
    id: r.w.id,
    storeId: r.w.storeId,
    loanId: r.w.loanId,
    loanNo: r.loanNo ?? '',
    waiveDate: r.w.waiveDate,
    overdueInterestBefore: r.w.overdueInterestBefore,
    feeBefore: r.w.feeBefore,
    overdueInterest: r.w.overdueInterest,
    fee: r.w.fee,
    total: moneyText(dec(r.w.overdueInterest).plus(r.w.fee)),
    reason: r.w.reason,
    createdByName: r.createdByName,
    createdAt: r.w.createdAt.toISOString(),
    voided: r.voidedOn !== null,
    voidReason: r.voidReason,
    voidedOn: r.voidedOn,
    voidedByName: r.voidedByName,
    latest,
    lines: lines.map((l) => ({
      tenor: l.tenor,
      overdueInterestCharged: l.overdueInterestCharged,
      feeCharged: l.feeCharged,
      accruedTo: l.accruedTo,
      overdueInterestWaived: l.overdueInterestWaived,
      feeWaived: l.feeWaived,
    })),
  };
}
