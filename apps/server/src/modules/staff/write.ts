import { ErrorStatus, type FieldError, type RevealableStaffField, type StaffCreate, type StaffState, type StaffUpdate } from '@harbour/contracts';
import { and, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { auditLog, rolePermissions, roles, staff, staffLevels, staffRoles, staffStores, stores } from '../../db/schema/index.js';
import { AppError, badRequest, businessRule, forbidden, tooManyRequests } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { SUPER_ADMIN_ID } from '../../platform/auth-context.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { checkPasswordPolicy, hashPassword } from '../../platform/passwords.js';
import { endStaffSessions } from '../../platform/sessions.js';
import { assignableStoreIds, staffInScope } from './scope.js';
import { withTx } from '../../platform/tx.js';
import { actingStaff, type ServiceContext } from '../../platform/context.js';
import { assertMayManage, storesOfStaff } from '../../platform/staff-guard.js';
import { findStaff, staffItem, type StaffRow } from './read.js';
import { maskedForAudit } from '../../platform/masking.js';
import { LOOKUP_AREAS, assertNumberLookupAllowed, numberFilter, recordNumberLookup } from '../../platform/number-lookup.js';
import { approvalLimitOf, limitNotAbove } from '../staff-levels/service.js';

/** Staff writes take this transaction lock so two requests cannot both pass the duplicate checks. */
const STAFF_WRITE_LOCK = 0x5ea_0001;

const conflictOn = (code: string, fields: string[]) =>
  new AppError(409, ErrorStatus.Conflict, code, {}, fields.map((field): FieldError => ({ field, message: code })));

/**
 * The audit copy of a staff row: personal numbers are kept masked, so the log (readable with the
 * log permission) does not become a way around `staff.reveal`.
 */
export function auditCopy(row: StaffRow) {
  const { passwordHash: _secret, ...rest } = row;
  return maskedForAudit(rest, ['mobile', 'hkid']);
}

/** A password an administrator sets passes the one policy (`platform/passwords.ts`). */
async function checkNewPassword(tx: Tx, password: string | null) {
  if (password !== null) await checkPasswordPolicy(tx, password);
}

/** Refused duplicate checks one staff member may run in the window before being told to wait. */
export const CONFLICT_LIMIT = 5;
export const CONFLICT_WINDOW_MINUTES = 15;
/** The audit module of a refused duplicate that named nothing (counted for the limit). */
const CONFLICT_MODULE = 'staff.conflict';

/** A clash that may not be described: no field, no record. */
const unavailable = () => new AppError(409, ErrorStatus.Conflict, 'admin.detailsUnavailable');

/**
 * Spec §5: username, mobile and HKID are each used by one staff member only. The rule must not
 * become a lookup service: a clash with a staff member the caller cannot see (another store's, or
 * anyone at all on the caller's own details page) is answered without naming the field or the
 * record, is written to the audit log in its own transaction (the request's is rolled back), and
 * more than CONFLICT_LIMIT such answers in CONFLICT_WINDOW_MINUTES answer 429.
 */
export async function checkDuplicates(
  tx: Tx,
  ctx: ServiceContext,
  input: { username: string; mobile: string; hkid: string | null },
  selfId: number | null,
  { ownDetails = false }: { ownDetails?: boolean } = {},
) {
  const auth = actingStaff(ctx);
  await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_WRITE_LOCK})`);
  await refuseWhenProbing(tx, auth.staffId);
  // A clash on a mobile or HKID says whose number it is not, but that it is someone's: a number
  // lookup (platform/number-lookup.ts), refused past the hour's limit whatever the numbers.
  if (!ownDetails) await assertNumberLookupAllowed(tx, ctx, LOOKUP_AREAS.staff);
  const others = selfId === null ? undefined : ne(staff.id, selfId);
  const clash = await tx
    .select({ id: staff.id, username: staff.username, mobile: staff.mobile, hkid: staff.hkid })
    .from(staff)
    .where(
      and(
        or(sql`lower(${staff.username}) = lower(${input.username})`, eq(staff.mobile, input.mobile), input.hkid ? eq(staff.hkid, input.hkid) : undefined),
        others,
      ),
    );
  if (clash.length === 0) return;
  const visible = ownDetails
    ? []
    : (await tx.select({ id: staff.id }).from(staff).where(and(inArray(staff.id, clash.map((c) => c.id)), staffInScope(ctx, tx)))).map((r) => r.id);
  const fields = [
    ...(clash.some((r) => r.username.toLowerCase() === input.username.toLowerCase()) ? ['username'] : []),
    ...(clash.some((r) => r.mobile === input.mobile) ? ['mobile'] : []),
    ...(input.hkid && clash.some((r) => r.hkid === input.hkid) ? ['hkid'] : []),
  ];
  await recordNumberLookup(ctx, LOOKUP_AREAS.staff, selfId === null ? 'POST /staff' : `PUT /staff/${selfId}`, [
    fields.includes('mobile') ? numberFilter('mobile', input.mobile) : null,
    fields.includes('hkid') ? numberFilter('hkid', input.hkid) : null,
  ]);
  if (clash.every((c) => visible.includes(c.id))) {
    if (fields.includes('username')) throw conflictOn('admin.usernameTaken', ['username']);
    throw conflictOn('admin.idOrMobileUsed', fields);
  }
  await withTx(ctx, (own) => audit(own, { action: 'view', module: CONFLICT_MODULE, reference: selfId ?? 'new', after: { fields, outOfView: true } }));
  throw unavailable();
}

/** Too many refused duplicates lately: the caller is trying values, not typing a colleague's details. */
async function refuseWhenProbing(tx: Tx, staffId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.staffId, staffId),
        eq(auditLog.module, CONFLICT_MODULE),
        gt(auditLog.createdAt, sql`now() - make_interval(mins => ${CONFLICT_WINDOW_MINUTES})`),
      ),
    );
  if ((row?.n ?? 0) >= CONFLICT_LIMIT) throw tooManyRequests('admin.tooManyConflicts', { minutes: CONFLICT_WINDOW_MINUTES });
}

/** Links a staff member has now (none for a new one). */
export interface Links {
  storeIds: number[];
  roleIds: number[];
}

/**
 * Stores and roles must exist. A caller whose roles do not reach every store, or who is not the
 * super administrator, may only add or remove stores they may log into themselves, and may only
 * add roles granting nothing beyond their own keys. (A member holding anything beyond the caller's
 * reach cannot be edited by the caller at all: `assertMayManage`.)
 */
async function checkAssignments(tx: Tx, auth: AuthContext, input: StaffCreate | StaffUpdate, current: Links) {
  const errors: FieldError[] = [];
  const storeIds = [...new Set(input.storeIds)];
  const roleIds = [...new Set(input.roleIds)];
  const known = await tx.select({ id: stores.id }).from(stores).where(inArray(stores.id, storeIds));
  if (known.length !== storeIds.length) errors.push({ field: 'storeIds', message: 'admin.unknownStore' });
  else {
    const reach = await assignableStoreIds(tx, auth, [...new Set([...storeIds, ...current.storeIds])]);
    const outside = (ids: number[]) => ids.filter((id) => !reach.has(id)).sort((a, b) => a - b).join(',');
    if (outside(storeIds) !== outside(current.storeIds)) errors.push({ field: 'storeIds', message: 'admin.storeNotYours' });
  }
  const roleRows = await tx.select({ id: roles.id, allStores: roles.allStores }).from(roles).where(inArray(roles.id, roleIds));
  if (roleRows.length !== roleIds.length) errors.push({ field: 'roleIds', message: 'admin.unknownRole' });
  else if (!auth.superAdmin) {
    const granted = await tx
      .select({ roleId: rolePermissions.roleId, key: rolePermissions.permissionKey })
      .from(rolePermissions)
      .where(inArray(rolePermissions.roleId, roleIds));
    const beyond = (r: { id: number; allStores: boolean }) =>
      (r.allStores && !auth.allStores) || granted.some((g) => g.roleId === r.id && !auth.permissions.has(g.key));
    if (roleRows.some((r) => beyond(r) && !current.roleIds.includes(r.id))) errors.push({ field: 'roleIds', message: 'admin.grantBeyondOwn' });
  }
  if (errors.length) throw badRequest('errors.validation', errors);
  return { storeIds, roleIds };
}

async function replaceLinks(tx: Tx, staffId: number, storeIds: number[], roleIds: number[], by: number) {
  await tx.delete(staffStores).where(eq(staffStores.staffId, staffId));
  await tx.delete(staffRoles).where(eq(staffRoles.staffId, staffId));
  await tx.insert(staffStores).values(storeIds.map((storeId) => ({ staffId, storeId, createdBy: by })));
  await tx.insert(staffRoles).values(roleIds.map((roleId) => ({ staffId, roleId, createdBy: by })));
}

/** The stored profile fields; on an edit, mobile and HKID already merged with the stored ones. */
type Profile = Omit<StaffCreate, 'password'>;

const profileColumns = (input: Profile) => ({
  username: input.username,
  name: input.name,
  staffNo: input.staffNo,
  fullName: input.fullName,
  mobile: input.mobile,
  email: input.email,
  hkid: input.hkid,
  address: input.address,
  employmentDate: input.employmentDate,
  defaultLanguage: input.defaultLanguage,
  defaultStoreId: input.defaultStoreId,
  levelId: input.levelId,
});

/**
 * Spec §6: the level carries the maximum approved amount, so giving one is guarded like a grant.
 * Nobody but the super administrator changes their own level (no one raises their own approval
 * limit); a new level must be an enabled one and, unless the caller is the super administrator,
 * no higher than the caller's own (no level is the lowest, "no upper limit" the highest). A level
 * left as it was passes, even one since disabled.
 */
async function checkLevel(tx: Tx, auth: AuthContext, staffId: number | null, levelId: number | null, current: number | null) {
  if (levelId === current) return;
  if (staffId === auth.staffId && !auth.superAdmin) throw forbidden('admin.ownLevel');
  if (levelId === null) return;
  const [level] = await tx.select().from(staffLevels).where(eq(staffLevels.id, levelId));
  if (!level || level.state !== 'normal') throw badRequest('errors.validation', [{ field: 'levelId', message: 'admin.unknownLevel' }]);
  if (auth.superAdmin) return;
  const given = level.unlimited
    ? ({ levelId, unlimited: true, maxAmount: null } as const)
    : ({ levelId, unlimited: false, maxAmount: level.maxApprovedAmount ?? '0' } as const);
  if (!limitNotAbove(given, await approvalLimitOf(tx, auth.staffId))) {
    throw badRequest('errors.validation', [{ field: 'levelId', message: 'admin.levelAboveOwn' }]);
  }
}

export async function createStaff(tx: Tx, ctx: ServiceContext, input: StaffCreate) {
  const auth = actingStaff(ctx);
  await checkNewPassword(tx, input.password);
  const { storeIds, roleIds } = await checkAssignments(tx, auth, input, { storeIds: [], roleIds: [] });
  await checkLevel(tx, auth, null, input.levelId, null);
  await checkDuplicates(tx, ctx, input, null);
  const [row] = await tx
    .insert(staff)
    .values({ ...profileColumns(input), passwordHash: await hashPassword(input.password), passwordMustChange: true, createdBy: auth.staffId })
    .returning();
  await replaceLinks(tx, row!.id, storeIds, roleIds, auth.staffId);
  await audit(tx, { action: 'add', module: 'staff', reference: row!.id, after: { ...auditCopy(row!), storeIds, roleIds }, recordStores: storeIds });
  return staffItem(tx, auth, row!, ctx.lang);
}

export async function updateStaff(tx: Tx, ctx: ServiceContext, id: number, input: StaffUpdate) {
  const auth = actingStaff(ctx);
  const before = await findStaff(tx, ctx, id, true);
  await assertMayManage(tx, auth, id);
  await checkNewPassword(tx, input.password);
  const beforeLinks = await staffItem(tx, auth, before, ctx.lang);
  const current = { storeIds: beforeLinks.stores.map((s) => s.id), roleIds: beforeLinks.roles.map((r) => r.id) };
  const { storeIds, roleIds } = await checkAssignments(tx, auth, input, current);
  // Left out = unchanged (the caller may only have seen them masked).
  const mobile = input.mobile ?? before.mobile;
  if (mobile === null) throw badRequest('errors.validation', [{ field: 'mobile', message: 'validation.mobileRequired' }]);
  const levelId = input.levelId === undefined ? before.levelId : input.levelId;
  await checkLevel(tx, auth, id, levelId, before.levelId);
  const profile: Profile = { ...input, mobile, hkid: input.hkid === undefined ? before.hkid : input.hkid, levelId };
  await checkDuplicates(tx, ctx, profile, id);
  const [row] = await tx
    .update(staff)
    .set({
      ...profileColumns(profile),
      ...(input.password
        ? // A new password ends every session begun before it (the auth hook compares the instants).
          { passwordHash: await hashPassword(input.password), passwordChangedAt: sql`now()`, passwordMustChange: true, failedLogins: 0, lockedUntil: null }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(staff.id, id))
    .returning();
  await replaceLinks(tx, id, storeIds, roleIds, auth.staffId);
  if (input.password) await endStaffSessions(tx, id, 'password_changed');
  await audit(tx, {
    action: 'edit',
    module: 'staff',
    reference: id,
    before: { ...auditCopy(before), ...current },
    after: { ...auditCopy(row!), storeIds, roleIds, passwordChanged: input.password !== null },
    // Both the stores it had and the stores it has now: a move shows in both branches' logs. The
    // super administrator's record belongs to no branch.
    recordStores: id === SUPER_ADMIN_ID ? null : [...new Set([...current.storeIds, ...storeIds])],
  });
  return staffItem(tx, auth, row!, ctx.lang);
}

/** Forbid or restore. Forbidding ends the member's sessions at once (and the auth hook refuses any left). */
export async function setStaffState(tx: Tx, ctx: ServiceContext, id: number, state: StaffState) {
  const auth = actingStaff(ctx);
  const before = await findStaff(tx, ctx, id, true);
  await assertMayManage(tx, auth, id);
  if (state === 'forbidden' && (id === auth.staffId || id === SUPER_ADMIN_ID)) throw businessRule('admin.cannotForbidSelf');
  const [row] = await tx.update(staff).set({ state, updatedAt: new Date() }).where(eq(staff.id, id)).returning();
  if (state === 'forbidden') await endStaffSessions(tx, id, 'forbidden');
  await audit(tx, { action: 'edit', module: 'staff', reference: id, before: { state: before.state }, after: { state }, recordStores: await storesOfStaff(tx, id) });
  return staffItem(tx, auth, row!, ctx.lang);
}

/** The whole value of a masked field, for callers with `staff.reveal`; every reveal is logged. */
export async function revealStaffField(tx: Tx, ctx: ServiceContext, id: number, field: RevealableStaffField) {
  const row = await findStaff(tx, ctx, id);
  await audit(tx, { action: 'reveal', module: 'staff', reference: id, after: { field }, recordStores: await storesOfStaff(tx, id) });
  return { field, value: field === 'mobile' ? row.mobile : row.hkid };
}

/** Unlocks an account locked after failed logins (the failure count starts again). */
export async function unlockStaff(tx: Tx, ctx: ServiceContext, id: number) {
  const auth = actingStaff(ctx);
  const row = await findStaff(tx, ctx, id, true);
  await assertMayManage(tx, auth, row.id);
  const target = { id: row.id, failedLogins: row.failedLogins, lockedUntil: row.lockedUntil };
  await tx.update(staff).set({ failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` }).where(eq(staff.id, target.id));
  await audit(tx, { action: 'edit', module: 'staff', reference: target.id, before: target, after: { failedLogins: 0, lockedUntil: null }, recordStores: await storesOfStaff(tx, target.id) });
  return { ok: true as const };
}
