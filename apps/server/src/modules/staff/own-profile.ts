import { type ChangePassword, type Language, type OwnProfile, type OwnProfileUpdate } from '@harbour/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { sessions, staff } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { auditCopy, checkDuplicates } from './write.js';
import { storesOfStaff } from '../../platform/staff-guard.js';
import { actingStaff, type ServiceContext } from '../../platform/context.js';

/** Own details (`/adminModify`): the caller's profile, always whole (no masking of one's own numbers). */
export async function readOwnProfile(db: DbOrTx, staffId: number): Promise<OwnProfile> {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId));
  if (!row) throw notFound();
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    avatarUrl: row.avatar,
    defaultLanguage: row.defaultLanguage as Language,
  };
}

/**
 * Saves name, mobile, e-mail and language; a new password needs the current one and ends the
 * caller's other sessions (this one stays, so the caller is not thrown out mid-change).
 */
export async function updateOwnProfile(tx: Tx, ctx: ServiceContext, input: OwnProfileUpdate): Promise<OwnProfile> {
  const auth = actingStaff(ctx);
  const [before] = await tx.select().from(staff).where(eq(staff.id, auth.staffId)).for('update');
  if (!before) throw notFound();
  if (input.password !== null) {
    if (!(await verifyPassword(before.passwordHash, input.currentPassword ?? ''))) {
      throw badRequest('errors.validation', [{ field: 'currentPassword', message: 'validation.currentPasswordWrong' }]);
    }
    if (input.password === input.currentPassword) throw badRequest('errors.validation', [{ field: 'password', message: 'validation.passwordSame' }]);
    await checkPasswordPolicy(tx, input.password);
  }
  // The username and HKID do not change here; the mobile must stay unique.
  await checkDuplicates(tx, ctx, { username: before.username, mobile: input.mobile, hkid: null }, auth.staffId, { ownDetails: true });
  const [after] = await tx
    .update(staff)
    .set({
      name: input.name,
      mobile: input.mobile,
      email: input.email,
      ...(input.defaultLanguage ? { defaultLanguage: input.defaultLanguage } : {}),
      ...(input.password !== null ? { passwordHash: await hashPassword(input.password), passwordMustChange: false, failedLogins: 0, lockedUntil: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(staff.id, auth.staffId))
    .returning();
  if (input.password !== null) await endOtherSessions(tx, auth);
  await audit(tx, {
    action: 'edit',
    module: 'adminModify',
    reference: auth.staffId,
    before: auditCopy(before),
    after: { ...auditCopy(after!), passwordChanged: input.password !== null },
    recordStores: await storesOfStaff(tx, auth.staffId),
  });
  return readOwnProfile(tx, auth.staffId);
}

/** A changed password ends the staff member's other sessions; the one that changed it stays. */
async function endOtherSessions(tx: Tx, auth: { staffId: number; sessionId: number }): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'password_changed', updatedAt: new Date() })
    .where(and(eq(sessions.staffId, auth.staffId), ne(sessions.id, auth.sessionId), isNull(sessions.revokedAt)));
}

/**
 * `POST /changePassword`: the own password. The current one is required and the new one must
 * differ and pass the policy (`checkPasswordPolicy`); the "must change" flag of a password an
 * administrator set is cleared, and the caller's other sessions end (this one stays).
 */
export async function changeOwnPassword(tx: Tx, ctx: ServiceContext, input: ChangePassword): Promise<void> {
  const auth = actingStaff(ctx);
  const [row] = await tx.select().from(staff).where(eq(staff.id, auth.staffId)).for('update');
  if (!row) throw notFound();
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw badRequest('errors.validation', [{ field: 'currentPassword', message: 'validation.currentPasswordWrong' }]);
  }
  if (input.password === input.currentPassword) throw badRequest('errors.validation', [{ field: 'password', message: 'validation.passwordSame' }]);
  await checkPasswordPolicy(tx, input.password);
  await tx
    .update(staff)
    .set({ passwordHash: await hashPassword(input.password), passwordMustChange: false, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(staff.id, auth.staffId));
  await endOtherSessions(tx, auth);
  await audit(tx, {
    action: 'edit',
    module: 'adminModify',
    reference: auth.staffId,
    after: { passwordChanged: true, wasSetByAdministrator: row.passwordMustChange },
    recordStores: await storesOfStaff(tx, auth.staffId),
  });
}
