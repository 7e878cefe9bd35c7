import { API_BASE, LAYOUT_COMPONENT, type UserInfo } from '@harbour/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRouterMap } from '../src/modules/auth/menu.js';
import { call, dataOf, loginAs } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'harbour-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Harbour</title><div id="root"></div>');
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("harbour")');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves files, and index.html for the browser routes of the single-page app', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('harbour');
    for (const url of ['/', '/dashboard', '/loan/list?page=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps API paths out of the fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/nothing-here` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 'error', status: 404 });
    expect((await t.app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
  });
});

describe('the menu (asyncRouterMap)', () => {
  it('holds only pages the staff member may open and the web has built', async () => {
    await t.pool.query(`update permissions set menu_available = true where key in ('loan.list', 'loan.create', 'reports.overdue', 'system.settings')`);
    // a page of the clerk's that the web would not have built yet
    await t.pool.query(`update permissions set menu_available = false where key = 'repayment.processList'`);
    const clerk = dataOf(await call<UserInfo>(t.app, 'GET', '/userInfo', { token: (await loginAs(t.app, 'clerk')).access_token }));
    const paths = clerk.asyncRouterMap.flatMap((r) => (r.children ?? []).map((c) => c.path));
    expect(paths).toEqual(expect.arrayContaining(['/dashboard', '/loan/list', '/loan/create']));
    expect(paths).not.toContain('/reports/overdue'); // not the clerk's
    expect(paths).not.toContain('/system/settings');
    expect(paths).toContain('/repayment/list'); // built and the clerk's
    expect(paths).not.toContain('/repayment/processList'); // the clerk's, but not built
    const loan = clerk.asyncRouterMap.find((r) => r.path === '/loan')!;
    expect(loan).toMatchObject({ component: LAYOUT_COMPONENT, alwaysShow: true, redirect: '/loan/operation', meta: { title: 'shell:menu.group.loan', roles: ['clerk'] } });
    expect(loan.children!.find((c) => c.path === '/loan/create')).toMatchObject({ hidden: true, component: 'loan.create', name: 'loan.create' });

    const admin = dataOf(await call<UserInfo>(t.app, 'GET', '/userInfo', { token: (await loginAs(t.app, 'admin')).access_token }));
    const groups = admin.asyncRouterMap.map((r) => r.path);
    expect(groups.indexOf('/')).toBeLessThan(groups.indexOf('/loan'));
    expect(groups).toContain('/system');
  });

  it('orders groups as the sidebar does and hides a group with only hidden pages', () => {
    const entry = (key: string, group: string, sort: number, hidden = false) => ({
      key, name: `shell:menu.${key}`, group, sort, icon: null, menuUrl: `/${key.replace('.', '/')}`, pageKey: key, menuHidden: hidden,
    });
    const map = buildRouterMap([entry('tools.calculator', 'tools', 400), entry('loan.edit', 'loan', 33, true), entry('dashboard.view', 'dashboard', 0)], ['x']);
    expect(map.map((r) => r.path)).toEqual(['/', '/loan', '/tools']);
    expect(map[1]).toMatchObject({ hidden: true });
    expect(map[0]).toMatchObject({ redirect: '/dashboard/view' });
  });
});
