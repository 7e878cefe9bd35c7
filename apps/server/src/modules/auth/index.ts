import {
  AUTHENTICATED,
  captchaAnswerSchema,
  loginRequestSchema,
  loginUserFiltersSchema,
  loginUserItemSchema,
  pageOf,
  PUBLIC,
  refreshTokenSchema,
  revokeTokenSchema,
  switchStoreSchema,
  tokenAnswerSchema,
  userInfoSchema,
} from '@harbour/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessions, staff } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { revokeSession } from '../../platform/sessions.js';
import { route, succeed } from '../../http/route.js';
import { withTx } from '../../platform/tx.js';
import { issueCaptcha } from './captcha.js';
import { liveSessions, visibleSessions } from './live-sessions.js';
import { assertMayManage, storesOfStaff } from '../../platform/staff-guard.js';
import { passwordLogin } from './login.js';
import { refreshSession } from '../../platform/sessions.js';
import { allowedStores, userInfo } from './user-info.js';

const done = z.object({ ok: z.literal(true) });

/** Login, tokens, user info, store switch, logout and live sessions (spec §7); unlocking an account is a staff action. */
export function authModule(app: FastifyInstance) {
  const tags = ['auth'];

  route(app, {
    method: 'GET',
    url: '/captcha',
    permission: PUBLIC,
    tags,
    summary: 'A login captcha (single use, 5 minutes)',
    response: captchaAnswerSchema,
    handler: (req) => issueCaptcha(req),
  });

  route(app, {
    method: 'POST',
    url: '/login',
    permission: PUBLIC,
    tags,
    summary: 'Log in (type 1: password and captcha) or refresh (type 2: refresh_token)',
    body: loginRequestSchema,
    response: tokenAnswerSchema,
    handler: async (req) => {
      const body = req.body;
      if (body.type === 2) return refreshSession(req, body.refresh_token);
      const tokens = await passwordLogin(req, body);
      succeed(req, 'success.loggedIn');
      return tokens;
    },
  });

  route(app, {
    method: 'POST',
    url: '/refreshToken',
    permission: PUBLIC,
    tags,
    summary: 'New token pair for a refresh token; the old refresh token stops working',
    body: refreshTokenSchema,
    response: tokenAnswerSchema,
    handler: (req) => refreshSession(req, req.body.refresh_token),
  });

  route(app, {
    method: 'GET',
    url: '/userInfo',
    permission: AUTHENTICATED,
    tags,
    summary: 'The logged-in staff member, stores, permission keys and menu',
    response: userInfoSchema,
    handler: (req) => userInfo(req, req.auth!),
  });

  route(app, {
    method: 'POST',
    url: '/switchStores',
    permission: AUTHENTICATED,
    tags,
    summary: 'Change the current store of this session',
    body: switchStoreSchema,
    response: done,
    handler: async (req) => {
      const auth = req.auth!;
      const allowed = allowedStores(auth);
      if (!allowed.some((s) => s.id === req.body.storeId)) throw forbidden('auth.storeNotAllowed');
      await withTx(req, async (tx) => {
        await tx.update(sessions).set({ storeId: req.body.storeId, updatedAt: sql`now()` }).where(eq(sessions.id, auth.sessionId));
        await audit(tx, { action: 'edit', module: 'auth.session', reference: auth.sessionId, before: { storeId: auth.storeId }, after: { storeId: req.body.storeId }, recordStores: await storesOfStaff(tx, auth.staffId) });
      });
      succeed(req, 'success.storeSwitched');
      return { ok: true as const };
    },
  });

  route(app, {
    method: 'POST',
    url: '/login/logout',
    permission: AUTHENTICATED,
    tags,
    summary: 'End this session',
    response: done,
    handler: async (req) => {
      const auth = req.auth!;
      await withTx(req, async (tx) => {
        await revokeSession(tx, auth.sessionId, 'logout');
        await audit(tx, { action: 'logout', module: 'auth', reference: auth.sessionId, recordStores: await storesOfStaff(tx, auth.staffId) });
      });
      succeed(req, 'success.loggedOut');
      return { ok: true as const };
    },
  });

  route(app, {
    method: 'POST',
    url: '/revokeToken',
    permission: 'system.loginList.revoke',
    tags,
    summary: 'Force logout: end a session; its holder sees 50003 on the next request',
    body: revokeTokenSchema,
    response: done,
    handler: async (req) => {
      await withTx(req, async (tx) => {
        const auth = req.auth!;
        // Only sessions the caller can list may be ended: another store's, or the super
        // administrator's, answer like an unknown id, so guessing ids gains nothing.
        const [target] = await tx
          .select({ id: sessions.id, staffId: sessions.staffId, revokedAt: sessions.revokedAt })
          .from(sessions)
          .innerJoin(staff, eq(staff.id, sessions.staffId))
          .where(and(eq(sessions.id, req.body.sessionId), visibleSessions(auth, tx)));
        if (!target) throw notFound('auth.sessionNotFound');
        await assertMayManage(tx, auth, target.staffId);
        await revokeSession(tx, target.id, 'forced');
        await audit(tx, { action: 'logout', module: 'auth.session', reference: target.id, after: { staffId: target.staffId, reason: 'forced' }, recordStores: await storesOfStaff(tx, target.staffId) });
      });
      succeed(req, 'success.revoked');
      return { ok: true as const };
    },
  });

  route(app, {
    method: 'GET',
    url: '/loginUserList',
    permission: 'system.loginList',
    tags,
    summary: 'Live sessions: staff, store, address, agent, login time, last seen',
    querystring: loginUserFiltersSchema,
    response: pageOf(loginUserItemSchema),
    handler: (req) => liveSessions(req, req.query),
  });
}
