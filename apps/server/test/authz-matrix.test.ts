import { API_BASE, AUTHENTICATED, PERMISSION_KEYS, PUBLIC, routeKeys, type TokenAnswer } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { DEMO_USERS, loginAs } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { EXPECTED_PUBLIC, fillParams, isMutating } from './helpers/routes.js';

/**
 * Every registered API route × every seeded role × {own store, other store, no token, revoked
 * token}: no call may succeed without the route's permission and a live session in a store the
 * staff member belongs to. Routes of every module are picked up as they are registered.
 */
let t: TestApp;
interface Actor {
  username: string;
  grants: Set<string>;
  superAdmin: boolean;
  own: TokenAnswer;
  /** Switched to another store the staff member may work in (null when there is none). */
  otherAllowed: TokenAnswer | null;
  /** A session forged into a store the staff member does not belong to (null for the super admin). */
  otherForbidden: TokenAnswer | null;
  revoked: TokenAnswer;
}
const actors: Actor[] = [];

const sessionOf = async (tok: TokenAnswer) =>
  (await t.pool.query<{ id: number; staff_id: number }>(`select id, staff_id from sessions where access_hash = encode(sha256($1::bytea), 'hex')`, [tok.access_token])).rows[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const stores = (await t.pool.query<{ id: number }>('select id from stores order by id')).rows.map((r) => r.id);
  for (const username of DEMO_USERS) {
    const own = await loginAs(t.app, username);
    const { staff_id: staffId } = await sessionOf(own);
    const grants = new Set(
      (
        await t.pool.query<{ key: string }>(
          `select rp.permission_key as key from staff_roles sr join roles r on r.id = sr.role_id and r.state = 'normal'
           join role_permissions rp on rp.role_id = r.id join permissions p on p.key = rp.permission_key and p.state = 'normal'
           where sr.staff_id = $1`,
          [staffId],
        )
      ).rows.map((r) => r.key),
    );
    const mine = (await t.pool.query<{ store_id: number }>('select store_id from staff_stores where staff_id = $1', [staffId])).rows.map((r) => r.store_id);
    const current = (await t.pool.query<{ store_id: number }>('select store_id from sessions where id = $1', [(await sessionOf(own)).id])).rows[0]!.store_id;
    const allowedOther = mine.find((s) => s !== current);
    const forbiddenOther = staffId === 1 ? undefined : stores.find((s) => !mine.includes(s));

    let otherAllowed: TokenAnswer | null = null;
    if (allowedOther !== undefined) {
      otherAllowed = await loginAs(t.app, username);
      await t.pool.query('update sessions set store_id = $1 where id = $2', [allowedOther, (await sessionOf(otherAllowed)).id]);
    }
    let otherForbidden: TokenAnswer | null = null;
    if (forbiddenOther !== undefined) {
      otherForbidden = await loginAs(t.app, username);
      await t.pool.query('update sessions set store_id = $1 where id = $2', [forbiddenOther, (await sessionOf(otherForbidden)).id]);
    }
    const revoked = await loginAs(t.app, username);
    await t.pool.query(`update sessions set revoked_at = now(), revoked_reason = 'test' where id = $1`, [(await sessionOf(revoked)).id]);
    actors.push({ username, grants, superAdmin: staffId === 1, own, otherAllowed, otherForbidden, revoked });
  }
});
afterAll(() => t.close());

async function hit(app: FastifyInstance, method: string, url: string, token?: string) {
  const res = await app.inject({
    method: method as 'GET',
    url: fillParams(url, () => '1'),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(isMutating({ method } as never) ? { payload: {} } : {}),
  });
  // A granted file route (an xlsx export) answers the file, not an envelope.
  const json = res.headers['content-type']?.toString().includes('json');
  return { status: res.statusCode, body: (json ? res.json() : { result: 'file' }) as { result: string; status?: number } };
}

describe('authorization matrix', () => {
  it('every API route declares a permission that exists', () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(5);
    const bad = routes.filter(
      (r) => ![PUBLIC, AUTHENTICATED].includes(r.permission as never) && (routeKeys(r.permission).length === 0 || !routeKeys(r.permission).every((k) => PERMISSION_KEYS.has(k))),
    );
    expect(bad.map((r) => `${r.method} ${r.url} → ${r.permission}`)).toEqual([]);
  });

  it('has no public route but the expected ones', () => {
    const extra = t.app.apiRoutes.filter((r) => r.permission === PUBLIC).map((r) => `${r.method} ${r.url}`).filter((k) => !EXPECTED_PUBLIC.has(k));
    expect(extra).toEqual([]);
  });

  it('fails to build when a route declares no permission', async () => {
    const bad = (app: FastifyInstance) => {
      app.route({ method: 'POST', url: `${API_BASE}/matrix-probe`, handler: async () => ({}) });
    };
    await expect(buildApp({ db: t.db, config: t.config, modules: [bad] })).rejects.toThrow(/declares no permission/);
  });

  it('lets nobody through without the permission, a session, or a store of their own', async () => {
    const breaches: string[] = [];
    let allowedReads = 0;
    const routes = t.app.apiRoutes.filter((r) => r.permission !== PUBLIC);
    for (const r of routes) {
      const label = `${r.method} ${r.url}`;
      const anon = await hit(t.app, r.method, r.url);
      if (anon.status !== 401) breaches.push(`${label} without a token → ${anon.status}`);
      for (const a of actors) {
        const revoked = await hit(t.app, r.method, r.url, a.revoked.access_token);
        if (revoked.status !== 401 || revoked.body.status !== 50003) breaches.push(`${label} ${a.username} revoked → ${revoked.status}`);
        if (a.otherForbidden) {
          const forged = await hit(t.app, r.method, r.url, a.otherForbidden.access_token);
          if (forged.status !== 401) breaches.push(`${label} ${a.username} in a store not theirs → ${forged.status}`);
        }
        const may = r.permission === AUTHENTICATED || a.superAdmin || routeKeys(r.permission).some((k) => a.grants.has(k));
        for (const [where, tok] of [['own store', a.own], ['other store', a.otherAllowed]] as const) {
          if (!tok) continue;
          if (!may) {
            const res = await hit(t.app, r.method, r.url, tok.access_token);
            if (res.status !== 403) breaches.push(`${label} ${a.username} (${where}) lacks ${r.permission} → ${res.status}`);
          } else if (!isMutating(r)) {
            // Reads only: a granted call must get past the checks (mutations are left alone here).
            const res = await hit(t.app, r.method, r.url, tok.access_token);
            if (res.status === 401 || res.status === 403 || res.status >= 500) breaches.push(`${label} ${a.username} (${where}) holds ${r.permission} → ${res.status}`);
            else allowedReads++;
          }
        }
      }
    }
    expect(breaches).toEqual([]);
    expect(allowedReads).toBeGreaterThan(0);
  }, 240_000);
});
