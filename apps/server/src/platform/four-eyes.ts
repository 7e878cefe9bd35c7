import {
  FOUR_EYES_SETTINGS_KIND,
  type ApprovalChange,
  type ApprovalRequested,
  type FourEyesKind,
  type PermissionKey,
} from '@harbour/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { approvalRequests, staff } from '../db/schema/index.js';
import { audit } from './audit.js';
import { actingStaff, may, type ServiceContext } from './context.js';
import { businessRule, conflict, fieldError, forbidden } from './errors.js';
import { assertNotMaker } from './makers.js';
import { readSettings } from './settings.js';
import { currentStore, found } from './store-scope.js';
import { dryRun, withTx } from './tx.js';

/** What a controlled action acts on: a loan (its store), or nothing of a store (a company-level change). */
export interface FourEyesSubject {
  loanId: number | null;
  /** the loan's store; null: company-level, the request belongs to the requester's store */
  storeId: number | null;
  /** what the checker reads as the subject: a receipt or loan number, setting keys */
  reference: string | null;
}

/**
 * A controlled action, registered once by its module (`controlledAction`) under its kind. The
 * same `perform` serves the direct route (when the company does not control the kind), the
 * request's dry run and the checker's approval.
 */
export interface ControlledAction<P> {
  kind: FourEyesKind;
  /** The action's own key: a checker holds it beside `approval.check`. */
  permission: PermissionKey;
  /** Does the action, in the caller's transaction (never opens one), writing its one audit row. */
  perform: (tx: Tx, ctx: ServiceContext, payload: P) => Promise<unknown>;
  /** The subject, read in the caller's store scope (another store's: 404). */
  subject: (tx: Tx, ctx: ServiceContext, payload: P) => Promise<FourEyesSubject>;
  /**
   * The figures the checker decides on: `before` the subject as it stands (compared again at
   * approval — a subject changed since the request is refused), `after` what the action asks.
   */
  describe: (tx: Tx, ctx: ServiceContext, payload: P) => Promise<ApprovalChange>;
  /** The maker's reason, from the validated body. */
  reason: (payload: P) => string;
  /** The body's reason is optional where the change may save at once: a request without one is refused. */
  reasonRequired?: boolean;
}

const actions = new Map<string, ControlledAction<unknown>>();

/** Registers a controlled action (a module's start-up; registering a kind again replaces it with the same code). */
export function controlledAction<P>(action: ControlledAction<P>): void {
  actions.set(action.kind, action as ControlledAction<unknown>);
}

export function controlledActionOf(kind: string): ControlledAction<unknown> {
  const action = actions.get(kind);
  if (!action) throw new Error(`four eyes: no controlled action ${kind} is registered`);
  return action;
}

/** Whether the company puts the kind under four eyes now (`fourEyesKinds`; the list itself always). */
export async function isControlled(db: ServiceContext['db'] | Tx, kind: FourEyesKind): Promise<boolean> {
  if (kind === FOUR_EYES_SETTINGS_KIND) return true;
  const { fourEyesKinds } = await readSettings(db, ['fourEyesKinds']);
  return (fourEyesKinds as readonly string[]).includes(kind);
}

/**
 * The maker's side: runs the action now and rolls it back (a request that would be refused now is
 * refused now, with the action's own message), then records the request — the full validated
 * body, the reason, the subject and its figures — with its `request` audit row. Nothing of the
 * action happens until a checker approves.
 */
export function requestApproval(ctx: ServiceContext, kind: FourEyesKind, payload: unknown): Promise<ApprovalRequested> {
  const action = controlledActionOf(kind);
  return withTx(ctx, async (tx) => {
    const me = actingStaff(ctx).staffId;
    const reason = action.reason(payload).trim();
    if (action.reasonRequired && reason === '') throw fieldError('reason', 'approvals.errors.reasonRequired');
    const subject = await action.subject(tx, ctx, payload);
    const change = await action.describe(tx, ctx, payload);
    await dryRun(tx, (sp) => action.perform(sp, ctx, payload));
    const storeId = subject.storeId ?? currentStore(ctx);
    const [row] = await tx
      .insert(approvalRequests)
      .values({ storeId, kind, loanId: subject.loanId, reference: subject.reference, payload: payload as object, change, reason, requestedBy: me, createdBy: me })
      .returning({ id: approvalRequests.id });
    await audit(tx, { action: 'request', module: 'approvals', reference: row!.id, after: { kind, subject: subject.reference, loanId: subject.loanId, change, reason }, recordStores: [storeId] });
    return { approvalRequest: { id: row!.id, kind, status: 'pending' as const } };
  });
}

type RequestRow = typeof approvalRequests.$inferSelect;

/** The request locked for its decision, in the caller's store scope (another store's: 404); decided once. */
async function lockPending(tx: Tx, id: number): Promise<RequestRow> {
  const row = found((await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update'))[0]);
  if (row.status !== 'pending') throw conflict('approvals.errors.decided', { status: row.status });
  return row;
}

/** The checker's rule: not the requester, no maker of the subject loan, and the action's own key. */
async function assertChecker(tx: Tx, ctx: ServiceContext, row: RequestRow, action: ControlledAction<unknown>): Promise<number> {
  const me = actingStaff(ctx).staffId;
  await assertNotMaker(tx, { loanId: row.loanId, requestedBy: row.requestedBy }, me, 'approvals.errors.makerChecker');
  if (!may(ctx, action.permission)) throw forbidden('approvals.errors.actionKey');
  return me;
}

/** JSON with the keys in one order (JSONB stores them in its own): figures compare by value. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

const nameOf = async (tx: Tx, id: number) => (await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, id)))[0]?.name ?? null;

/**
 * The checker approves: in ONE transaction the request is locked and marked approved and the
 * action runs now, under the checker's context, its audit row naming the requester and the
 * checker. A subject changed since the request (its figures differ) or an action refused now
 * answers that refusal and everything rolls back: the request stays pending.
 */
export function approveRequest(ctx: ServiceContext, id: number, note: string | undefined): Promise<RequestRow> {
  const trail: ServiceContext = { ...ctx };
  return withTx(trail, async (tx) => {
    const row = await lockPending(tx, id);
    const action = controlledActionOf(row.kind);
    const me = await assertChecker(tx, ctx, row, action);
    const now = await action.describe(tx, ctx, row.payload);
    if (canonical(now.before) !== canonical((row.change as ApprovalChange).before)) throw businessRule('approvals.errors.subjectChanged');
    const [decided] = await tx
      .update(approvalRequests)
      .set({ status: 'approved', decidedBy: me, decidedAt: new Date(), note: note ?? null, updatedAt: new Date() })
      .where(eq(approvalRequests.id, id))
      .returning();
    trail.fourEyes = { approvalRequestId: id, requestedBy: row.requestedBy, requestedByName: await nameOf(tx, row.requestedBy), approvedBy: me, approvedByName: await nameOf(tx, me) };
    await action.perform(tx, trail, row.payload);
    return decided!;
  });
}

/** The checker rejects, with a note; nothing of the action happens. */
export function rejectRequest(ctx: ServiceContext, id: number, note: string): Promise<RequestRow> {
  return withTx(ctx, async (tx) => {
    const row = await lockPending(tx, id);
    const me = await assertChecker(tx, ctx, row, controlledActionOf(row.kind));
    return decideAs(tx, row, 'rejected', me, note);
  });
}

/** The requester takes back their own pending request. */
export function withdrawRequest(ctx: ServiceContext, id: number, note: string | undefined): Promise<RequestRow> {
  return withTx(ctx, async (tx) => {
    const row = await lockPending(tx, id);
    const me = actingStaff(ctx).staffId;
    if (row.requestedBy !== me) throw businessRule('approvals.errors.notRequester');
    return decideAs(tx, row, 'withdrawn', me, note ?? null);
  });
}

async function decideAs(tx: Tx, row: RequestRow, status: 'rejected' | 'withdrawn', me: number, note: string | null): Promise<RequestRow> {
  const [decided] = await tx
    .update(approvalRequests)
    .set({ status, decidedBy: me, decidedAt: new Date(), note, updatedAt: new Date() })
    .where(eq(approvalRequests.id, row.id))
    .returning();
  await audit(tx, {
    action: status === 'rejected' ? 'reject' : 'withdraw',
    module: 'approvals',
    reference: row.id,
    before: { status: row.status },
    after: { status, kind: row.kind, subject: row.reference, requestedBy: row.requestedBy, note },
    recordStores: [row.storeId],
  });
  return decided!;
}
