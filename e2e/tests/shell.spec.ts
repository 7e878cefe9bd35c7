/** The staff workspace shell in a real browser against the real server (issue "The staff workspace"). */
import { test, expect, openLogin, apiLogin, bearer, API, t, buttonName, FIXED_CAPTCHA, DEMO_COMPANY, clickSettled } from '../fixtures/index.js';
import { accessToken, expectAccessible, notes, signIn, spaGo, tab, tabAction, tabs } from './shell-helpers.js';

const ZH = 'zh-TW' as const;

test.describe('login', () => {
  test('checks the fields, refuses a wrong password in red, then signs in', async ({ page }) => {
    const form = await openLogin(page, ZH);
    await expectAccessible(page);
    await form.submit.click();
    await expect(page.getByText(t(ZH, 'validation:accountRequired'))).toBeVisible();
    await expect(page.getByText(t(ZH, 'validation:passwordRequired'))).toBeVisible();
    await expect(page.getByText(t(ZH, 'validation:captchaRequired'))).toBeVisible();

    await form.username.fill('abc');
    await form.password.fill('1234');
    await expect(page.getByText(t(ZH, 'validation:usernameLength'))).toBeVisible();
    await expect(page.getByText(t(ZH, 'validation:loginPasswordLength'))).toBeVisible();

    await form.username.fill('admin');
    await form.password.fill('wrong-password');
    await form.captcha.fill(FIXED_CAPTCHA);
    await form.submit.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    // The captcha is used up: a new one is shown and the field is cleared.
    await expect(form.captcha).toHaveValue('');

    await form.password.fill('demo1234');
    await form.captcha.fill(FIXED_CAPTCHA);
    await form.submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: new RegExp(`^${t(ZH, 'shell:dashboard.welcome').split('{{')[0]!}`) })).toBeVisible();
    await expect(page).toHaveTitle(`${t(ZH, 'shell:menu.dashboard.view')} - ${DEMO_COMPANY.nameZh}`);
    await expectAccessible(page);
  });

  test('returns to the page asked for after logging in, and empty path goes to the dashboard', async ({ page }) => {
    await page.goto('/adminModify');
    await expect(page).toHaveURL(/\/login\?redirect=%2FadminModify/);
    await page.getByLabel(t(ZH, 'auth:username'), { exact: true }).fill('admin');
    await page.getByLabel(t(ZH, 'auth:password'), { exact: true }).fill('demo1234');
    await page.getByLabel(t(ZH, 'auth:captcha'), { exact: true }).fill(FIXED_CAPTCHA);
    await page.getByRole('button', { name: buttonName(t(ZH, 'auth:submit')) }).click();
    await expect(page).toHaveURL(/\/adminModify$/);
    await expect(page.getByLabel(t(ZH, 'shell:profile.name'), { exact: true })).not.toHaveValue('');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('menu and access', () => {
  for (const user of ['admin', 'clerk']) {
    test(`the sidebar shows exactly the menu the server gives ${user}`, async ({ page, request }) => {
      type Rec = { hidden?: boolean; alwaysShow?: boolean; meta: { title: string }; children?: Rec[] };
      const tokens = await apiLogin(request, user);
      const info = (await (await request.get(`${API}/userInfo`, { headers: bearer(tokens) })).json()) as {
        data: { asyncRouterMap: Rec[] };
      };
      await signIn(page, user);
      const menu = page.getByRole('navigation', { name: t(ZH, 'shell:nav.mainMenu') });
      let leaves = 0;
      for (const group of info.data.asyncRouterMap.filter((g) => !g.hidden)) {
        const children = (group.children ?? []).filter((c) => !c.hidden);
        if (children.length === 0) continue;
        if (children.length > 1 || group.alwaysShow) {
          // A section: its title opens it.
          await menu.getByRole('menuitem', { name: t(ZH, group.meta.title), exact: true }).and(menu.locator('.ant-menu-submenu-title')).click();
        }
        for (const c of children) {
          await expect(menu.getByRole('menuitem', { name: t(ZH, c.meta.title), exact: true }).and(menu.locator('li.ant-menu-item'))).toBeVisible();
          leaves++;
        }
      }
      expect(leaves).toBeGreaterThan(0);
      await expect(menu.locator('li.ant-menu-item')).toHaveCount(leaves);
    });
  }

  // The sidebar's own test — a page of every group, its first and its last, opens from its item in a
  // tab of its own, made active, with its title in the window title — is part of the Traditional
  // Chinese menu tour (menu-tour.spec.ts), which visits those pages anyway.

  test('a page the staff may not open answers 401, an unknown one 404; both lead home', async ({ page, request }) => {
    const tokens = await apiLogin(request, 'clerk');
    const info = JSON.stringify(await (await request.get(`${API}/userInfo`, { headers: bearer(tokens) })).json());
    const forbidden = ['/role/list', '/system/settings', '/system/accessIps', '/staff/list', '/loan/list'].find((p) => !info.includes(`"${p}"`));
    expect(forbidden).toBeTruthy();

    await signIn(page, 'clerk');
    await page.goto(forbidden!);
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByText(t(ZH, 'shell:errorPage.401Title'))).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: buttonName(t(ZH, 'common:actions.backHome')) }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText(t(ZH, 'shell:errorPage.404Title'))).toBeVisible();
    await page.getByRole('button', { name: buttonName(t(ZH, 'common:actions.backHome')) }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Create and Edit pages show the breadcrumb and menu highlight of their List page', async ({ page }) => {
    // The server's menu, plus a list/create/edit trio of pages pointing at the self-test page, so
    // the shell's mapping is exercised whatever pages the catalogue has made available.
    await page.route(`**${API}/userInfo`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { asyncRouterMap: unknown[]; roles: string[] } };
      const meta = (title: string) => ({ title, roles: body.data.roles });
      body.data.asyncRouterMap.push({
        path: '/loan',
        name: 'loan',
        component: 'Layout',
        alwaysShow: true,
        meta: meta('shell:menu.group.loan'),
        children: [
          { path: '/loan/list', name: 'loan.list', component: 'test', meta: meta('shell:menu.loan.list') },
          { path: '/loan/create', name: 'loan.create', component: 'test', hidden: true, meta: meta('shell:menu.loan.create') },
          { path: '/loan/edit', name: 'loan.edit', component: 'test', hidden: true, meta: meta('shell:menu.loan.edit') },
        ],
      });
      await route.fulfill({ response: res, json: body });
    });
    await signIn(page, 'admin');
    for (const path of ['/loan/create', '/loan/edit?id=7']) {
      await page.goto(path);
      const crumbs = page.getByRole('navigation', { name: t(ZH, 'shell:breadcrumb.label') });
      await expect(crumbs).toContainText(t(ZH, 'shell:menu.loan.list'));
      await expect(crumbs.getByRole('link', { name: t(ZH, 'shell:menu.loan.list') })).toBeVisible();
      const menu = page.getByRole('navigation', { name: t(ZH, 'shell:nav.mainMenu') });
      await expect(menu.locator('.ant-menu-item-selected').first()).toHaveText(t(ZH, 'shell:menu.loan.list'));
    }
  });
});

test.describe('tabs and page cache', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test('six pages open six tabs besides the dashboard, one tab per page', async ({ page }) => {
    for (let n = 1; n <= 5; n++) await spaGo(page, `/test/${n}`);
    await spaGo(page, '/adminModify');
    await expect(tabs(page)).toHaveCount(7);
    await expect(tab(page, '/test/3')).toBeVisible();
    await expect(tab(page, '/adminModify')).toHaveAttribute('data-active', 'true');
    await expect(page).toHaveTitle(`${t(ZH, 'shell:menu.fixed.adminModify')} - ${DEMO_COMPANY.nameZh}`);
  });

  test('one tab per page: other parameters take its tab over; the dashboard is pinned after a reload', async ({ page }) => {
    await spaGo(page, '/test?n=1');
    await notes(page, ZH).fill('record one');
    await spaGo(page, '/test?n=2');
    await expect(tab(page, '/test?n=1')).toHaveCount(0);
    await expect(tabs(page)).toHaveCount(2);
    // the page mounted afresh for the other parameters: nothing of the first record's form is left
    await expect(notes(page, ZH)).toHaveValue('');
    await page.reload();
    await expect(tab(page, '/test?n=2')).toHaveAttribute('data-active', 'true');
    await expect(tab(page, '/dashboard')).toBeVisible();
    await expect(tabs(page)).toHaveCount(2);
  });

  test('close, middle click, close others and close all', async ({ page }) => {
    for (let n = 1; n <= 4; n++) await spaGo(page, `/test/${n}`);
    // Closing the active tab goes to the last remaining one.
    await tabAction(page, ZH, '/test/4', 'close');
    await expect(page).toHaveURL(/\/test\/3$/);
    await expect(tabs(page)).toHaveCount(4);
    // The close button and a middle click close too.
    await tab(page, '/test/1').getByRole('button').click();
    await expect(tab(page, '/test/1')).toHaveCount(0);
    await tab(page, '/test/2').click({ button: 'middle' });
    await expect(tab(page, '/test/2')).toHaveCount(0);
    await expect(tabs(page)).toHaveCount(2);

    for (let n = 5; n <= 7; n++) await spaGo(page, `/test/${n}`);
    await tabAction(page, ZH, '/test/6', 'closeOthers');
    await expect(page).toHaveURL(/\/test\/6$/);
    await expect(tabs(page)).toHaveCount(2); // dashboard stays (affixed) + page 6

    await tabAction(page, ZH, '/test/6', 'closeAll');
    await expect(tabs(page)).toHaveCount(1);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('refresh remounts a tab; refresh permissions reloads the menu', async ({ page }) => {
    await spaGo(page, '/test/1');
    await notes(page, ZH).fill('draft before refresh');
    const opened = await page.getByTestId('opened-at').filter({ visible: true }).textContent();
    await page.waitForTimeout(1100); // the opening time shows seconds
    await tabAction(page, ZH, '/test/1', 'refresh');
    await expect(page).toHaveURL(/\/test\/1$/);
    await expect(notes(page, ZH)).toHaveValue('');
    await expect(page.getByTestId('opened-at').filter({ visible: true })).not.toHaveText(opened!);

    const userInfo = page.waitForResponse((r) => r.url().endsWith(`${API}/userInfo`));
    await tabAction(page, ZH, '/test/1', 'refreshPermissions');
    expect((await userInfo).ok()).toBe(true);
    await expect(page.getByText(t(ZH, 'admin:permissionsRefreshed'))).toBeVisible();
  });

  test('a half-filled form survives switching tabs while 20 pages are kept', async ({ page }) => {
    await spaGo(page, '/test/1');
    await notes(page, ZH).fill('half-filled');
    for (let n = 2; n <= 20; n++) await spaGo(page, `/test/${n}`);
    await tab(page, '/test/1').click();
    await expect(notes(page, ZH)).toHaveValue('half-filled');
  });

  test('the 21st page drops the least recently used one', async ({ page }) => {
    await spaGo(page, '/test/1');
    await notes(page, ZH).fill('will be dropped');
    // The dashboard and pages 1–19 fill the cache; 20 drops the dashboard, 21 drops page 1.
    for (let n = 2; n <= 21; n++) await spaGo(page, `/test/${n}`);
    await tab(page, '/test/1').click();
    await expect(notes(page, ZH)).toHaveValue('');
    await expect(tabs(page)).toHaveCount(22);
  });
});

test.describe('preferences and stores', () => {
  test('settings and language survive a reload', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('button', { name: t(ZH, 'shell:nav.settings') }).click();
    const drawer = page.getByRole('dialog', { name: t(ZH, 'shell:settings.title') });
    await drawer.getByRole('radio', { name: t(ZH, 'shell:settings.colorOption').replace('{{color}}', '#11a983') }).click();
    await drawer.getByLabel(t(ZH, 'shell:settings.tagsView')).click();
    await drawer.getByLabel(t(ZH, 'shell:settings.fixedHeader')).click();
    await drawer.getByLabel(t(ZH, 'shell:settings.sidebarLogo')).click();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: t(ZH, 'shell:nav.language') }).click();
    await clickSettled(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.getByText(t('en', 'common:switchLanguageSuccess'))).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: t('en', 'shell:tags.label') })).toHaveCount(0);
    await page.getByRole('button', { name: t('en', 'shell:nav.settings') }).click();
    const drawerEn = page.getByRole('dialog', { name: t('en', 'shell:settings.title') });
    await expect(drawerEn.getByRole('radio', { name: t('en', 'shell:settings.colorOption').replace('{{color}}', '#11a983') })).toHaveAttribute('aria-checked', 'true');
    await expect(drawerEn.getByLabel(t('en', 'shell:settings.tagsView'))).not.toBeChecked();
    await expect(drawerEn.getByLabel(t('en', 'shell:settings.fixedHeader'))).toBeChecked();
    await expect(drawerEn.getByLabel(t('en', 'shell:settings.sidebarLogo'))).not.toBeChecked();
  });

  test('switching store reloads in the new store', async ({ page }) => {
    await signIn(page, 'admin');
    const picker = page.getByRole('combobox', { name: t(ZH, 'shell:nav.store') });
    await expect(picker).toBeVisible();
    await picker.click();
    // a store other than the current one (the chosen option is marked selected in the open dropdown)
    const other = page.locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-selected)').first();
    const name = (await other.textContent())!.trim();
    const reloaded = page.waitForEvent('load');
    // once the dropdown has settled: a click on it while it slides in can land beside the option
    await clickSettled(other);
    await reloaded;
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    await expect(page.locator('main')).toContainText(name);
  });
});

test.describe('session', () => {
  test('a token close to expiry is refreshed before the next call', async ({ page, context }) => {
    await signIn(page, 'admin');
    const before = await accessToken(page);
    // Make the access token look one minute from expiry (as a short lifetime would).
    const url = new URL(page.url());
    await context.addCookies([{ name: 'harbour_token_expires_at', value: String(Date.now() + 60_000), domain: url.hostname, path: '/' }]);
    const refreshed = page.waitForRequest((r) => r.url().endsWith(`${API}/refreshToken`) && r.method() === 'POST');
    await spaGo(page, '/adminModify');
    await refreshed;
    await expect.poll(() => accessToken(page)).not.toBe(before);
    await expect(page.getByLabel(t(ZH, 'shell:profile.name'), { exact: true })).not.toHaveValue('');
  });

  test('a revoked session asks to log in again', async ({ page, request }) => {
    await signIn(page, 'admin');
    const token = await accessToken(page);
    const res = await request.post(`${API}/login/logout`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.ok()).toBe(true);
    await spaGo(page, '/adminModify', { tab: true });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t(ZH, 'common:session.expiredTitle'));
    await dialog.getByRole('button', { name: buttonName(t(ZH, 'common:session.loginAgain')) }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('inactivity logs out and offers to log in again', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'admin');
    await spaGo(page, '/test/1');
    await page.clock.fastForward('30:05');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t(ZH, 'common:session.idleTitle'));
    await expect(dialog.getByRole('button', { name: buttonName(t(ZH, 'common:session.confirmLogout')) })).toBeVisible();
    await expect(dialog.getByRole('button', { name: buttonName(t(ZH, 'common:actions.cancel')) })).toBeVisible();
    await dialog.getByRole('button', { name: buttonName(t(ZH, 'common:session.loginAgain')) }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Ftest%2F1$/);
  });
});
