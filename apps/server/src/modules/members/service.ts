import {
  ErrorStatus,
  memberSearchOf,
  type MemberCreate,
  type MemberFilters,
  type MemberItem,
  type MemberUpdate,
  type memberResource,
} from '@harbour/contracts';
import { MEMBER_STATUS } from '@harbour/domain';
import { and, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { LOOKUP_AREAS, guardNumberLookup, numberInText } from '../../platform/number-lookup.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { customers, members } from '../../db/schema/index.js';
import { AppError, businessRule, fieldError, notFound } from '../../platform/errors.js';
import { hkDayEnd, hkDayStart, likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { AUDIT_VISIBLE_DIGITS, masked } from '../../platform/masking.js';
import type { ResourceService } from '../../platform/resource-service.js';
import { readSettings } from '../../platform/settings.js';
import { changeStatus } from '../../platform/status-change.js';
import { withTx } from '../../platform/tx.js';

export type MemberRow = typeof members.$inferSelect;

const MODULE = 'members';

/** A mobile login name shown with `digits` visible; an e-mail login is not a personal number and stays whole. */
const loginShown = (row: Pick<MemberRow, 'loginType' | 'loginName'>, digits: number) =>
  row.loginType === 'mobile' ? masked(row.loginName, { visibleDigits: digits })! : row.loginName;

/** The audit copy of a row: a mobile login masked to the fixed audit digits. */
const auditCopy = (row: MemberRow) => ({ ...row, loginName: loginShown(row, AUDIT_VISIBLE_DIGITS) });

/** The "visible tel. no." digits, read per request (System → visible tel. no.). */
async function visibleDigits(db: DbOrTx): Promise<number> {
  const { visibleTelDigits } = await readSettings(db, ['visibleTelDigits']);
  return visibleTelDigits;
}

type Linked = { code: string | null; name: string | null };

function toItem(row: MemberRow, customer: Linked, digits: number): MemberItem {
  return {
    id: row.id,
    loginType: row.loginType === 'email' ? 'email' : 'mobile',
    loginName: loginShown(row, digits),
    displayName: row.displayName,
    preferredLanguage: row.preferredLanguage === 'en' || row.preferredLanguage === 'zh-CN' ? row.preferredLanguage : 'zh-TW',
    source: row.source === 'app' ? 'app' : 'website',
    status: row.status === 'disabled' ? 'disabled' : 'active',
    statusReason: row.statusReason,
    registeredAt: row.registeredAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    customerId: row.customerId,
    customerCode: row.customerId === null ? null : customer.code,
    customerName: row.customerId === null ? null : customer.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The search box: a whole mobile (exact, normalised), or part of the display name or of an e-mail
 * login. A mobile login is never matched in part: `total` would spell the masked number out.
 */
function searchWhere(text: string): SQL | undefined {
  const s = memberSearchOf(text);
  if (s.kind === 'phone') return and(eq(members.loginType, 'mobile'), eq(members.loginName, s.value));
  const p = likePattern(s.value);
  return or(ilike(members.displayName, p), and(eq(members.loginType, 'email'), ilike(members.loginName, p)));
}

function filterWhere(q: Omit<MemberFilters, 'page' | 'pageSize' | 'sort'>): SQL | undefined {
  return and(
    q.q ? searchWhere(q.q) : undefined,
    q.status ? eq(members.status, q.status) : undefined,
    q.source ? eq(members.source, q.source) : undefined,
    q.linked === undefined ? undefined : q.linked ? isNotNull(members.customerId) : isNull(members.customerId),
    q.customerId ? eq(members.customerId, q.customerId) : undefined,
    q.registeredAtFrom ? gte(members.registeredAt, hkDayStart(q.registeredAtFrom)) : undefined,
    q.registeredAtTo ? lt(members.registeredAt, hkDayEnd(q.registeredAtTo)) : undefined,
  );
}

const SORTS = {
  id: members.id,
  displayName: members.displayName,
  status: members.status,
  source: members.source,
  customerCode: customers.customerCode,
  registeredAt: members.registeredAt,
  lastLoginAt: members.lastLoginAt,
};

export async function listMembers(ctx: ServiceContext, q: MemberFilters) {
  await guardNumberLookup(ctx, LOOKUP_AREAS.members, 'GET /members', [numberInText('q', q.q)]);
  const { db } = ctx;
  const rows = await db
    .select({ row: members, code: customers.customerCode, name: customers.name, total: totalCount })
    .from(members)
    .leftJoin(customers, eq(customers.id, members.customerId))
    .where(filterWhere(q))
    .orderBy(...orderBy(q.sort, SORTS, 'registeredAt:desc', members.id))
    .limit(q.pageSize)
    .offset(offsetOf(q.page, q.pageSize));
  const digits = await visibleDigits(db);
  return pageOfRows(
    rows.map((r) => toItem(r.row, r, digits)),
    rows[0]?.total ?? 0,
    q.page,
    q.pageSize,
  );
}

async function findMember(db: DbOrTx, id: number, forUpdate = false): Promise<MemberRow> {
  const query = db.select().from(members).where(eq(members.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function itemOf(db: DbOrTx, row: MemberRow): Promise<MemberItem> {
  const [customer] =
    row.customerId === null ? [] : await db.select({ code: customers.customerCode, name: customers.name }).from(customers).where(eq(customers.id, row.customerId));
  return toItem(row, customer ?? { code: null, name: null }, await visibleDigits(db));
}

export async function getMember(ctx: ServiceContext, id: number): Promise<MemberItem> {
  return itemOf(ctx.db, await findMember(ctx.db, id));
}

/** One account per login name, whatever its case (the unique index backs this up under a race). */
async function assertLoginFree(tx: Tx, loginName: string) {
  const [same] = await tx.select({ id: members.id }).from(members).where(sql`lower(${members.loginName}) = lower(${loginName})`);
  if (same) throw new AppError(409, ErrorStatus.Conflict, 'members.loginNameUsed', {}, [{ field: 'loginName', message: 'members.loginNameUsed' }]);
}

/** An account made in the back office (a person who asks at a branch or by phone): registered now, never signed in. */
export async function createMember(tx: Tx, ctx: ServiceContext, input: MemberCreate): Promise<MemberItem> {
  await assertLoginFree(tx, input.loginName);
  const staffId = ctx.auth?.staffId ?? null;
  const [row] = await tx
    .insert(members)
    .values({
      loginType: input.loginType,
      loginName: input.loginName,
      displayName: input.displayName,
      preferredLanguage: input.preferredLanguage,
      source: input.source,
      createdBy: staffId,
      updatedBy: staffId,
    })
    .returning();
  await audit(tx, { action: 'add', module: MODULE, reference: row!.id, after: auditCopy(row!) });
  return itemOf(tx, row!);
}

export async function updateMember(tx: Tx, ctx: ServiceContext, id: number, input: MemberUpdate): Promise<MemberItem> {
  const before = await findMember(tx, id, true);
  const [row] = await tx
    .update(members)
    .set({ displayName: input.displayName, preferredLanguage: input.preferredLanguage, updatedAt: new Date(), updatedBy: ctx.auth?.staffId ?? null })
    .where(eq(members.id, id))
    .returning();
  await audit(tx, { action: 'edit', module: MODULE, reference: id, before: auditCopy(before), after: auditCopy(row!) });
  return itemOf(tx, row!);
}

/** Disable or enable through the domain's status table (the same status twice answers 422), with the reason. */
async function setStatus(tx: Tx, ctx: ServiceContext, id: number, action: 'disable' | 'enable', reason: string): Promise<MemberItem> {
  const { after } = await changeStatus(
    tx,
    ctx,
    { table: members, id: members.id, status: members.status, machine: MEMBER_STATUS, module: MODULE },
    id,
    action,
    { set: { statusReason: reason, updatedBy: ctx.auth?.staffId ?? null }, audit: { reason } },
  );
  return itemOf(tx, after as MemberRow);
}

/**
 * Link the account to one customer record (a missing customer is the body's mistake: 400 on the
 * field). Linking to another customer replaces the link; the audit row names both codes.
 */
export async function linkMember(tx: Tx, ctx: ServiceContext, id: number, customerId: number): Promise<MemberItem> {
  const before = await findMember(tx, id, true);
  const [customer] = await tx.select({ id: customers.id, code: customers.customerCode }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw fieldError('customerId', 'members.customerNotFound');
  if (before.customerId === customer.id) throw businessRule('members.alreadyLinked');
  const previous = before.customerId === null ? null : await customerCodeOf(tx, before.customerId);
  const [row] = await tx
    .update(members)
    .set({ customerId: customer.id, updatedAt: new Date(), updatedBy: ctx.auth?.staffId ?? null })
    .where(eq(members.id, id))
    .returning();
  await audit(tx, {
    action: 'edit',
    module: MODULE,
    reference: id,
    before: { customerId: before.customerId, customerCode: previous },
    after: { customerId: customer.id, customerCode: customer.code },
  });
  return itemOf(tx, row!);
}

async function customerCodeOf(tx: Tx, customerId: number): Promise<string | null> {
  const [c] = await tx.select({ code: customers.customerCode }).from(customers).where(eq(customers.id, customerId));
  return c?.code ?? null;
}

export async function unlinkMember(tx: Tx, ctx: ServiceContext, id: number): Promise<MemberItem> {
  const before = await findMember(tx, id, true);
  if (before.customerId === null) throw businessRule('members.notLinked');
  const previous = await customerCodeOf(tx, before.customerId);
  const [row] = await tx
    .update(members)
    .set({ customerId: null, updatedAt: new Date(), updatedBy: ctx.auth?.staffId ?? null })
    .where(eq(members.id, id))
    .returning();
  await audit(tx, { action: 'edit', module: MODULE, reference: id, before: { customerId: before.customerId, customerCode: previous }, after: { customerId: null } });
  return itemOf(tx, row!);
}

/**
 * Members: company-wide accounts of the website and app, so no store scope (like customers).
 * Audit rows name no store: all-stores staff read them.
 */
export const memberService: ResourceService<typeof memberResource> = {
  list: listMembers,
  get: getMember,
  create: (ctx, input) => withTx(ctx, (tx) => createMember(tx, ctx, input)),
  update: (ctx, id, input) => withTx(ctx, (tx) => updateMember(tx, ctx, id, input)),
  actions: {
    disable: (ctx, id, body) => withTx(ctx, (tx) => setStatus(tx, ctx, id, 'disable', body.reason)),
    enable: (ctx, id, body) => withTx(ctx, (tx) => setStatus(tx, ctx, id, 'enable', body.reason)),
    link: (ctx, id, body) => withTx(ctx, (tx) => linkMember(tx, ctx, id, body.customerId)),
    unlink: (ctx, id) => withTx(ctx, (tx) => unlinkMember(tx, ctx, id)),
  },
};
