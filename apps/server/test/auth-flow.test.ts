import type { UserInfo } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login → userInfo → switchStores → refresh → logout', () => {
  it('runs the whole session life', async () => {
    const tokens = await loginAs(t.app, 'collector');
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(7200);
    expect(tokens.refresh_expires_in).toBe(7 * 86_400);

    const info = dataOf(await call<UserInfo>(t.app, 'GET', '/userInfo', { token: tokens.access_token }));
    expect(info.roles).toEqual(['collector']);
    expect(info.visitStore.english_name).toBe('Mong Kok');
    expect(info.stores.map((s) => s.english_name)).toEqual(['Mong Kok', 'Kwun Tong']);
    expect(info.jurisdiction).toContain('oca.list');
    expect(info.jurisdiction).not.toContain('system.settings');
    expect(info.idleTimeout).toBe(30 * 60); // the default idle timeout setting, in seconds
    // Only pages the web has built appear in the menu (the dashboard for now).
    expect(info.asyncRouterMap.map((r) => r.path)).toContain('/');

    const kwunTong = info.stores[1]!.store_id;
    const switched = await call(t.app, 'POST', '/switchStores', { token: tokens.access_token, body: { storeId: kwunTong }, lang: 'en' });
    expect(switched.body).toMatchObject({ result: 'success', message: 'Store switched' });
    const after = dataOf(await call<UserInfo>(t.app, 'GET', '/userInfo', { token: tokens.access_token }));
    expect(after.visitStore.store_id).toBe(kwunTong);

    const tsuenWan = (await t.pool.query<{ id: number }>(`select id from stores where name_en = 'Tsuen Wan'`)).rows[0]!.id;
    const refused = await call(t.app, 'POST', '/switchStores', { token: tokens.access_token, body: { storeId: tsuenWan } });
    expect(refused.statusCode).toBe(403);

    const refreshed = dataOf(await call<typeof tokens>(t.app, 'POST', '/refreshToken', { body: { refresh_token: tokens.refresh_token } }));
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    // The old access token is replaced by the rotation.
    const old = await call(t.app, 'GET', '/userInfo', { token: tokens.access_token });
    expect(old.body).toMatchObject({ result: 'error', status: 50003 });
    const viaLogin = dataOf(await call<typeof tokens>(t.app, 'POST', '/login', { body: { type: 2, refresh_token: refreshed.refresh_token } }));

    const out = await call(t.app, 'POST', '/login/logout', { token: viaLogin.access_token });
    expect(out.statusCode).toBe(200);
    const gone = await call(t.app, 'GET', '/userInfo', { token: viaLogin.access_token });
    expect(gone.statusCode).toBe(401);
    expect(gone.body).toMatchObject({ result: 'error', status: 50003 });
  });

  it('gives the super admin the role "admin" and every permission', async () => {
    const tokens = await loginAs(t.app, 'admin');
    const info = dataOf(await call<UserInfo>(t.app, 'GET', '/userInfo', { token: tokens.access_token }));
    expect(info.id).toBe(1);
    expect(info.roles).toEqual(['admin']);
    expect(info.stores).toHaveLength(3);
    expect(info.jurisdiction).toContain('system.settings');
  });

  it('answers without a token with 401 in the caller language', async () => {
    const res = await call(t.app, 'GET', '/userInfo', { lang: 'zh-CN' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ result: 'error', status: 401, message: '请先登录。' });
  });
});
