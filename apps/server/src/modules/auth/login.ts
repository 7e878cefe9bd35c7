import type { TokenAnswer } from '@harbour/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { loginAttempts, staff, staffStores, stores } from '../../db/schema/index.js';
import { AppError, fieldError, tooManyRequests } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { checkGlobalIp } from '../../http/auth-hook.js';
import { SUPER_ADMIN_ID } from '../../platform/auth-context.js';
import { readSettings } from '../../platform/settings.js';
import { withTx } from '../../platform/tx.js';
import { consumeCaptcha } from './captcha.js';
import { dummyHash, verifyPassword } from '../../platform/passwords.js';
import { openSession } from '../../platform/sessions.js';
import { storesOfStaff } from '../../platform/staff-guard.js';
import { ipThrottled } from './throttle.js';

export interface PasswordLogin {
  username: string;
  password: string;
  captcha: string;
  key: string;
  remember?: boolean | undefined;
}

/** The one answer for an unknown account, a wrong password and every refusal of an account. */
const invalidCredentials = () => new AppError(401, 401, 'auth.invalidCredentials');

/** The store a login starts in: the default store if still allowed, else the first allowed. */
async function loginStore(req: FastifyRequest, staffId: number, defaultStoreId: number | null): Promise<number | undefined> {
  const db = req.server.db;
  const allowed =
    staffId === SUPER_ADMIN_ID
      ? await db.select({ id: stores.id }).from(stores).orderBy(asc(stores.sort), asc(stores.id))
      : await db
          .select({ id: staffStores.storeId })
          .from(staffStores)
          .where(eq(staffStores.staffId, staffId))
          .orderBy(asc(staffStores.storeId));
  const ids = allowed.map((r) => r.id);
  if (defaultStoreId !== null && ids.includes(defaultStoreId)) return defaultStoreId;
  return ids[0];
}

/** The global and the staff member's own address allowlists admit the caller. */
async function addressAllowed(req: FastifyRequest, staffId: number): Promise<boolean> {
  try {
    await checkGlobalIp(req.server.db, req.ip, staffId);
    return true;
  } catch (e) {
    if (e instanceof AppError && e.httpStatus === 403) return false;
    throw e;
  }
}

/**
 * Password login (spec §7 `POST login`, type 1): captcha, per-address throttle, argon2id, then
 * the account's lock, state, allowlists and stores. Every refusal past the captcha answers
 * exactly like a wrong password, whatever the password was: an answer that differed for the right
 * one would confirm a guess. A locked account is the same — its password is verified (so the time
 * taken is alike) but not judged, so guessing on during a lock learns nothing.
 */
export async function passwordLogin(req: FastifyRequest, input: PasswordLogin): Promise<TokenAnswer> {
  const db = req.server.db;
  if (await ipThrottled(db, req.ip)) throw tooManyRequests('auth.ipThrottled');
  if (!(await consumeCaptcha(req, input.key, input.captcha))) throw fieldError('captcha', 'auth.captchaInvalid');

  const policy = await readSettings(db, ['lockoutThreshold', 'lockoutMinutes']);
  const [account] = await db.select().from(staff).where(eq(staff.username, input.username));
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyHash()), input.password);
  const locked = account !== undefined && account.lockedUntil !== null && account.lockedUntil.getTime() > Date.now();
  // Looked up whatever the password, so the right one takes no longer to refuse than a wrong one.
  const storeId = account ? await loginStore(req, account.id, account.defaultStoreId) : undefined;
  const addressOk = account ? await addressAllowed(req, account.id) : false;
  // Forbidden, outside its address allowlist or without a store: refused like a wrong password
  // and counted towards the lockout like one, or the lockout itself would tell the password was right.
  const admitted = account && ok && !locked && account.state === 'normal' && storeId !== undefined && addressOk;
  if (!account || !admitted || storeId === undefined) {
    await withTx(req, async (tx) => {
      await tx.insert(loginAttempts).values({ ip: req.ip, username: input.username.slice(0, 64), success: false });
      // During a lock nothing is counted: the lock runs its announced time, and the tries it
      // refuses were never judged right or wrong.
      if (account && !locked) {
        const failures = account.failedLogins + 1;
        const lock = failures >= policy.lockoutThreshold;
        await tx
          .update(staff)
          .set({
            failedLogins: lock ? 0 : failures,
            lockedUntil: lock ? sql`now() + make_interval(mins => ${policy.lockoutMinutes})` : account.lockedUntil,
            updatedAt: sql`now()`,
          })
          .where(eq(staff.id, account.id));
      }
      await audit(tx, {
        action: 'tried_to_login',
        module: 'auth',
        reference: input.username,
        staffId: account?.id ?? null,
        recordStores: account ? await storesOfStaff(tx, account.id) : null,
      });
    });
    throw invalidCredentials();
  }

  return withTx(req, async (tx) => {
    const { tokens, sessionId } = await openSession(tx, req, account.id, storeId, input.remember ?? false);
    await tx.insert(loginAttempts).values({ ip: req.ip, username: account.username, success: true, createdBy: account.id });
    await tx
      .update(staff)
      .set({ lastLoginAt: sql`now()`, lastLoginIp: req.ip, failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` })
      .where(eq(staff.id, account.id));
    await audit(tx, { action: 'login', module: 'auth', reference: sessionId, after: { storeId }, staffId: account.id, recordStores: await storesOfStaff(tx, account.id) });
    return account.passwordMustChange ? { ...tokens, password_must_change: true as const } : tokens;
  });
}
