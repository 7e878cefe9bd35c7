import type { TokenAnswer } from '@harbour/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { loginAttempts, staff, staffStores, stores } from '../../db/schema/index.js';
import { AppError, fieldError, tooManyRequests } from '../../http/app-error.js';
import { audit } from '../../platform/audit.js';
import { checkGlobalIp, SUPER_ADMIN_ID } from '../../http/auth-hook.js';
import { readSettings } from '../../platform/settings.js';
import { withTx } from '../../platform/tx.js';
import { consumeCaptcha } from './captcha.js';
import { dummyHash, verifyPassword } from '../../platform/passwords.js';
import { openSession } from '../../platform/sessions.js';
import { storesOfStaff } from '../../platform/staff-guard.js';
import { ipThrottled, unknownAccountLocked } from './throttle.js';

export interface PasswordLogin {
  username: string;
  password: string;
  captcha: string;
  key: string;
  remember?: boolean | undefined;
}

/** The one answer for an unknown account and a wrong password. */
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
 * Password login (spec §7 `POST login`, type 1): captcha, per-address throttle, account lockout,
 * argon2id, state, allowlists and stores (all refused alike); on success a new session and the
 * token pair.
 */
export async function passwordLogin(req: FastifyRequest, input: PasswordLogin): Promise<TokenAnswer> {
  const db = req.server.db;
  if (await ipThrottled(db, req.ip)) throw tooManyRequests('auth.ipThrottled');
  if (!(await consumeCaptcha(req, input.key, input.captcha))) throw fieldError('captcha', 'auth.captchaInvalid');

  const policy = await readSettings(db, ['lockoutThreshold', 'lockoutMinutes']);
  const [account] = await db.select().from(staff).where(eq(staff.username, input.username));
  const locked = account
    ? account.lockedUntil !== null && account.lockedUntil.getTime() > Date.now()
    : await unknownAccountLocked(db, input.username, policy.lockoutThreshold, policy.lockoutMinutes);
  if (locked) throw tooManyRequests('auth.accountLocked', { minutes: policy.lockoutMinutes });

  const ok = await verifyPassword(account?.passwordHash ?? (await dummyHash()), input.password);
  // A forbidden account, one outside its address allowlist or one without a store answers exactly
  // like a wrong password (and counts towards the lockout like one): otherwise the answer would
  // tell whether the password was right.
  const storeId = account && ok ? await loginStore(req, account.id, account.defaultStoreId) : undefined;
  const admitted = account && ok && account.state === 'normal' && storeId !== undefined && (await addressAllowed(req, account.id));
  if (!account || !admitted || storeId === undefined) {
    await withTx(req, async (tx) => {
      await tx.insert(loginAttempts).values({ ip: req.ip, username: input.username.slice(0, 64), success: false });
      if (account) {
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
    return tokens;
  });
}
