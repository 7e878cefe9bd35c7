/**
 * Administration in the browser against the real server: staff create/edit/forbid/restore, a role
 * with permissions, a store, force logout, validation messages in zh-TW and en, and a clerk who
 * does not see the administration screens.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { API, apiLogin, bearer, t, type Lang } from '../fixtures/index.js';
import { ADMIN_SCREENS, label, named as buttonName, openScreen, signIn, unique } from './admin-helpers.js';

// The machine these run on is shared and busy: give each step room instead of failing on a slow save.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const screen = (name: (typeof ADMIN_SCREENS)[number]['name']) => ADMIN_SCREENS.find((s) => s.name === name)!;
const button = (page: Page, lang: Lang, key: string) => page.getByRole('button', { name: buttonName(t(lang, key)) });
const drawer = (page: Page) => page.getByRole('dialog');
const popconfirm = (page: Page) => page.locator('.ant-popconfirm:visible');
/** The success message antd shows at the top of the page. */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice-title').getByText(text, { exact: true });

/** Clicks a row's action, then the confirmation's OK button, and waits for the server's answer. */
async function confirmRowAction(page: Page, r: ReturnType<typeof row>, action: string, ok: string, path: RegExp, question?: string) {
  await r.getByRole('button', { name: buttonName(action) }).filter({ visible: true }).click();
  const pop = popconfirm(page);
  await expect(pop).toBeVisible();
  if (question) await expect(pop).toContainText(question);
  const answer = page.waitForResponse((res) => path.test(new URL(res.url()).pathname) && res.request().method() !== 'GET');
  await pop.getByRole('button', { name: buttonName(ok) }).click();
  expect((await answer).ok()).toBe(true);
}
/** A fresh Hong Kong mobile number (8 digits starting with 9) so reruns never clash. */
const mobile = () => `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** Picks an option of an antd Select found by its label, and checks that it took. */
async function choose(page: Page, scope: ReturnType<typeof drawer>, text: string, option: string) {
  const select = scope.getByLabel(label(text));
  const item = scope.locator('.ant-form-item', { has: page.getByLabel(label(text)) }).last();
  await expect(async () => {
    // Clicking a chosen option again would un-choose it: only click while it is not shown yet.
    if (!((await item.textContent()) ?? '').includes(option)) {
      await select.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click({ timeout: 5_000 });
    }
    await baseExpect(item).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/** The table row of the shown page containing `text`. */
const row = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr', { hasText: text }).filter({ visible: true });

test('staff: create, edit, forbid and restore', async ({ page }) => {
  const lang: Lang = 'en';
  const username = `st${unique()}`;
  await signIn(page, 'admin', lang);
  await openScreen(page, lang, screen('staff'));

  await button(page, lang, 'admin:resource.create').click();
  const d = drawer(page);
  await d.getByLabel(label(t(lang, 'fields:username'))).fill(username);
  await d.getByLabel(label(t(lang, 'fields:password'))).fill('secret99-harbour');
  await d.getByLabel(label(t(lang, 'fields:name'))).fill('Wong Siu Ming');
  await d.getByLabel(label(t(lang, 'fields:mobile'))).fill(mobile());
  await choose(page, d, t(lang, 'fields:loginStores'), '觀塘店');
  await choose(page, d, t(lang, 'fields:roles'), t(lang, 'admin:roles.builtIn.clerk.name'));
  // The level carries the maximum approved amount (Loan officer: 100,000.00 in the demo data).
  // A single choice closes its own list (Escape, as `choose` ends, would close the drawer).
  await d.getByLabel(label(t(lang, 'fields:staffLevel'))).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Loan officer' }).click();
  await expect(d.locator('.ant-form-item', { has: page.getByLabel(label(t(lang, 'fields:staffLevel'))) })).toContainText('Loan officer');
  await button(page, lang, 'admin:resource.save').click();
  await expect(toast(page, t(lang, 'success:created'))).toBeVisible();

  // The new row, with its only store as the default and the level's amount as money.
  const r = row(page, username);
  await expect(r).toHaveCount(1);
  await expect(r).toContainText('觀塘店');
  await expect(r).toContainText('Loan officer');
  await expect(r).toContainText('100,000.00');

  await r.getByRole('button', { name: buttonName(t(lang, 'admin:resource.edit')) }).click();
  await expect(d.getByLabel(label(t(lang, 'fields:username')))).toHaveValue(username);
  await d.getByLabel(label(t(lang, 'fields:name'))).fill('Wong Tai Ming');
  await button(page, lang, 'admin:resource.save').click();
  await expect(toast(page, t(lang, 'success:modified'))).toBeVisible();
  await expect(r).toContainText('Wong Tai Ming');

  const forbid = t(lang, 'admin:staff.forbid');
  await confirmRowAction(page, r, forbid, forbid, /\/staff\/\d+\/state$/);
  await expect(r).toContainText(t(lang, 'enums:staffState.forbidden'));

  const restore = t(lang, 'admin:staff.restore');
  await confirmRowAction(page, r, restore, restore, /\/staff\/\d+\/state$/);
  await expect(r).toContainText(t(lang, 'enums:staffState.normal'));
});

test('role: create with permissions from the tree, then delete it', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  const name = `role${unique()}`;
  await signIn(page, 'admin', lang);
  await openScreen(page, lang, screen('roles'));

  await button(page, lang, 'admin:resource.create').click();
  const d = drawer(page);
  await d.getByLabel(label(t(lang, 'fields:roleName'))).fill(name);
  await d.getByLabel(label(t(lang, 'fields:description'))).fill('分店櫃檯');
  // Tick the whole "Stores" group of the catalogue, and one permission of another group.
  const tree = d.getByRole('group', { name: t(lang, 'fields:permissions') });
  await tree.locator('.ant-tree-treenode', { hasText: t(lang, 'enums:permissionGroup.stores') }).first().locator('.ant-tree-checkbox').click();
  await tree.locator('.ant-tree-treenode', { hasText: 'role.list' }).locator('.ant-tree-checkbox').click();
  await button(page, lang, 'admin:resource.save').click();
  await expect(toast(page, t(lang, 'success:created'))).toBeVisible();

  const r = row(page, name);
  await expect(r).toHaveCount(1);
  // stores.list, create, update, delete, log + role.list, in the permissions column after the declared ones.
  await expect(r.locator('td').nth(5)).toHaveText('6');

  const del = t(lang, 'admin:resource.delete');
  await confirmRowAction(page, r, del, del, /\/roles\/\d+$/);
  await expect(toast(page, t(lang, 'success:deleted'))).toBeVisible();
  await expect(r).toHaveCount(0);
});

test('store: create one and see it listed with its amounts', async ({ page }) => {
  const lang: Lang = 'en';
  const english = `Sha Tin ${unique()}`;
  await signIn(page, 'admin', lang);
  await openScreen(page, lang, screen('stores'));

  await button(page, lang, 'admin:resource.create').click();
  const d = drawer(page);
  await d.getByLabel(label(t(lang, 'fields:storeName'))).fill('沙田店');
  await d.getByLabel(label(t(lang, 'fields:englishName'))).fill(english);
  // Lower case is raised: the code shows in document numbers (System → code format).
  await d.getByLabel(label(t(lang, 'fields:storeCode'))).fill(`s${unique().slice(-5)}`);
  await d.getByLabel(label(t(lang, 'fields:lendMoney'))).fill('1234567.5');
  await button(page, lang, 'admin:resource.save').click();
  await expect(toast(page, t(lang, 'success:created'))).toBeVisible();

  await page.getByRole('search').getByLabel(label(t(lang, 'fields:englishName'))).fill(english);
  await button(page, lang, 'admin:resource.search').click();
  const r = row(page, english);
  await expect(r).toHaveCount(1);
  await expect(r).toContainText('1,234,567.50');
});

test('login list: force logout ends that session on its next request', async ({ page, request }) => {
  const lang: Lang = 'en';
  // A staff member of this test only, so no other test's session is touched.
  const admin = await apiLogin(request, 'admin');
  const roles = (await (await request.get(`${API}/roles?pageSize=100`, { headers: bearer(admin) })).json()) as {
    data: { items: { id: number; name: string }[] };
  };
  const clerkRole = roles.data.items.find((x) => x.name === 'clerk')!;
  const username = `fl${unique()}`;
  const created = await request.post(`${API}/staff`, {
    headers: bearer(admin),
    data: { username, name: 'Force Logout', password: 'secret99-harbour', mobile: mobile(), storeIds: [1], defaultStoreId: 1, roleIds: [clerkRole.id] },
  });
  expect(created.ok()).toBe(true);
  const victim = await apiLogin(request, username, 'secret99-harbour');
  expect((await request.get(`${API}/userInfo`, { headers: bearer(victim) })).ok()).toBe(true);

  await signIn(page, 'admin', lang);
  await openScreen(page, lang, screen('login-list'));
  await page.getByRole('search').getByLabel(label(t(lang, 'fields:username'))).fill(username);
  await button(page, lang, 'admin:resource.search').click();
  const r = row(page, username);
  await expect(r).toHaveCount(1);
  const force = t(lang, 'admin:loginList.forceLogout');
  await confirmRowAction(page, r, force, force, /\/revokeToken$/, t(lang, 'admin:loginList.confirmTitle'));
  await expect(toast(page, t(lang, 'success:revoked'))).toBeVisible();
  await expect(r).toHaveCount(0);

  const after = await request.get(`${API}/userInfo`, { headers: bearer(victim) });
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { status: number }).status).toBe(50003);
});

for (const lang of ['zh-TW', 'en'] as const) {
  test(`staff form: validation messages in ${lang}`, async ({ page }) => {
    await signIn(page, 'admin', lang);
    await openScreen(page, lang, screen('staff'));
    await button(page, lang, 'admin:resource.create').click();
    const d = drawer(page);
    await button(page, lang, 'admin:resource.save').click();
    const required = (key: string, field: string) => t(lang, key).replace('{{label}}', t(lang, field));
    for (const field of ['fields:username', 'fields:password', 'fields:name', 'fields:mobile']) {
      await expect(d.getByText(required('admin:resource.required', field), { exact: true })).toBeVisible();
    }
    for (const field of ['fields:loginStores', 'fields:roles']) {
      await expect(d.getByText(required('admin:resource.requiredChoice', field), { exact: true })).toBeVisible();
    }
    // Checked with the domain's validators before any round trip.
    await d.getByLabel(label(t(lang, 'fields:mobile'))).fill('1234');
    await d.getByLabel(label(t(lang, 'fields:hkid'))).fill('A1234567');
    await d.getByLabel(label(t(lang, 'fields:email'))).fill('not-an-email');
    await expect(d.getByText(t(lang, 'validation:mobile'))).toBeVisible();
    await expect(d.getByText(t(lang, 'validation:hkid'))).toBeVisible();
    await expect(d.getByText(t(lang, 'validation:email'))).toBeVisible();

    // The server's answer for a taken username lands under the username, in the same language.
    await d.getByLabel(label(t(lang, 'fields:username'))).fill('admin');
    await d.getByLabel(label(t(lang, 'fields:password'))).fill('secret99-harbour');
    await d.getByLabel(label(t(lang, 'fields:name'))).fill('Duplicate');
    await d.getByLabel(label(t(lang, 'fields:mobile'))).fill(mobile());
    await d.getByLabel(label(t(lang, 'fields:hkid'))).fill('');
    await d.getByLabel(label(t(lang, 'fields:email'))).fill('');
    await choose(page, d, t(lang, 'fields:loginStores'), '旺角店');
    await choose(page, d, t(lang, 'fields:roles'), t(lang, 'admin:roles.builtIn.clerk.name'));
    const answer = page.waitForResponse((r) => r.url().endsWith(`${API}/staff`) && r.request().method() === 'POST');
    await button(page, lang, 'admin:resource.save').click();
    const body = (await (await answer).json()) as { errors?: { field: string; message: string }[] };
    const message = body.errors?.find((e) => e.field === 'username')?.message;
    expect(message).toBeTruthy();
    const usernameItem = d.locator('.ant-form-item', { has: page.getByLabel(label(t(lang, 'fields:username'))) });
    await expect(usernameItem.locator('.ant-form-item-explain-error')).toHaveText(message!);
    if (lang === 'zh-TW') expect(message).toMatch(/[\u4e00-\u9fff]/);
    else expect(message).not.toMatch(/[\u4e00-\u9fff]/);
  });
}

test('a clerk sees no administration screen', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'clerk', lang);
  const nav = page.getByRole('navigation').first();
  await expect(nav).toBeVisible();
  for (const s of ADMIN_SCREENS) {
    await expect(page.getByRole('link', { name: t(lang, s.title), exact: true })).toHaveCount(0);
  }
  // Typing the address does not help either: the router sends the clerk on at once, so wait for
  // where it ends, not for the address asked.
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, screen('staff').path);
  await expect(page).toHaveURL(/\/(401|404)$/);
  await expect(page.getByRole('heading', { name: t(lang, screen('staff').title) })).toHaveCount(0);
});
