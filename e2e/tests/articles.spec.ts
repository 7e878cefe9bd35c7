/**
 * Articles in the browser against the real server: an article is written with formatted text and
 * a 620 × 248 image (drawn in the page), published, found in the list and read back from the
 * public endpoint, then deleted after confirming; the list and edit screens, and master data's
 * staff information (the staff list's screen), pass axe and are photographed in Traditional Chinese
 * and English at desktop and phone sizes.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { API, goInApp, t, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { expectAccessible, label, named, openScreen, signIn, unique } from './admin-helpers.js';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const LIST = { path: '/article/list', title: 'shell:menu.article.list' };
/** Master data → staff information shows the staff list's screen under its own title. */
/** Master data → staff information's old address: it opens the one staff list now. */
const STAFF_INFO = { path: '/masterdata/staffInfo', title: 'shell:menu.admin.list' };
const button = (page: Page, lang: Lang, key: string) => page.getByRole('main').getByRole('button', { name: named(t(lang, key)) }).filter({ visible: true });

/** A PNG of the given size, drawn on a canvas in the page. */
async function png(page: Page, width: number, height: number): Promise<Buffer> {
  const url = await page.evaluate(
    ({ w, h }) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d')!;
      g.fillStyle = '#1f5f99';
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#ffffff';
      g.font = 'bold 44px sans-serif';
      g.fillText('Harbour Finance', 40, 140);
      return c.toDataURL('image/png');
    },
    { w: width, h: height },
  );
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

/** Waits until the edit screen shows its editor (a lazily loaded chunk). */
async function editorOf(page: Page, lang: Lang) {
  const editor = page.getByRole('main').getByRole('textbox', { name: t(lang, 'articles:fields.content'), exact: true }).filter({ visible: true });
  await expect(editor).toBeVisible();
  return editor;
}

test('an article with formatted text and an image is published and read from the public endpoint', async ({ page }) => {
  const lang: Lang = 'en';
  const title = `Repayment counters open late ${unique()}`;
  await signIn(page, 'admin', lang);
  const main = await openScreen(page, lang, LIST);
  await main.getByRole('button', { name: named(t(lang, 'admin:resource.create')) }).click();
  await expect(page).toHaveURL(/\/article\/edit$/);
  await expect(main.getByRole('heading', { name: t(lang, 'articles:newTitle') })).toBeVisible();
  const editor = await editorOf(page, lang);

  // The form says what is missing before anything is sent.
  await button(page, lang, 'articles:save').click();
  await expect(main.getByText(t(lang, 'articles:titleRequired')).filter({ visible: true })).toBeVisible();
  await expect(main.getByText(t(lang, 'articles:contentRequired')).filter({ visible: true })).toBeVisible();

  await page.getByRole('main').getByRole('textbox', { name: label(t(lang, 'articles:fields.title')) }).filter({ visible: true }).fill(title);
  await page.getByRole('main').getByRole('textbox', { name: label(t(lang, 'articles:fields.summary')) }).filter({ visible: true }).fill('Counters stay open until 8 p.m. on weekdays.');

  // An image of another size is refused with the size it has; a 620 × 248 one is shown.
  const file = main.locator('input[type=file]');
  await file.setInputFiles({ name: 'wrong.png', mimeType: 'image/png', buffer: await png(page, 600, 300) });
  await expect(main.getByText(t(lang, 'articles:imageSize').replace('{{width}}', '600').replace('{{height}}', '300'))).toBeVisible();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/articles/image') && r.status() === 200);
  await file.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await png(page, 620, 248) });
  await uploaded;
  await expect(main.getByRole('img', { name: t(lang, 'articles:preview') })).toHaveAttribute('src', /\/articleImages\/[0-9a-f]{32}\.png$/);

  // Formatted text through the toolbar.
  await editor.click();
  await page.keyboard.type('Counters open ');
  await main.getByRole('button', { name: t(lang, 'articles:editor.bold') }).click();
  await page.keyboard.type('until 8 p.m.');
  await main.getByRole('button', { name: t(lang, 'articles:editor.bold') }).click();
  await page.keyboard.press('Enter');
  await main.getByRole('button', { name: t(lang, 'articles:editor.bulletList') }).click();
  await page.keyboard.type('Monday to Friday');
  await expect(editor.locator('strong')).toHaveText('until 8 p.m.');

  const created = page.waitForResponse((r) => r.url().endsWith('/articles') && r.request().method() === 'POST');
  await button(page, lang, 'articles:save').click();
  expect((await created).status()).toBe(200);
  await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'success:created'), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/article\/edit\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(main.getByText(t(lang, 'enums:articleStatus.draft'), { exact: true }).filter({ visible: true })).toBeVisible();

  // Not on the public website while it is a draft.
  expect((await page.request.get(`${API}/public/articles/${id}`)).status()).toBe(404);

  await button(page, lang, 'articles:publish').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: named(t(lang, 'articles:publish')) }).click();
  await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'articles:published'), { exact: true })).toBeVisible();
  await expect(main.getByText(t(lang, 'enums:articleStatus.published'), { exact: true }).filter({ visible: true })).toBeVisible();

  // In the list, published.
  await openScreen(page, lang, LIST);
  await page.getByRole('search').getByLabel(label(t(lang, 'articles:fields.title'))).fill(title);
  await page.getByRole('search').getByRole('button', { name: named(t(lang, 'admin:resource.search')) }).click();
  const row = page.locator('.ant-table-tbody tr', { hasText: title }).filter({ visible: true });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(t(lang, 'enums:articleStatus.published'));

  // On the public endpoint, without login, with its formatting.
  const list = (await (await page.request.get(`${API}/public/articles?pageSize=20`)).json()) as {
    data: { items: { id: number; title: string; image: string | null }[] };
  };
  expect(list.data.items.find((a) => a.id === id)).toMatchObject({ title, image: expect.stringMatching(/\/articleImages\//) });
  const one = await page.request.get(`${API}/public/articles/${id}`);
  expect(one.status()).toBe(200);
  const article = ((await one.json()) as { data: { content: string; title: string } }).data;
  expect(article.title).toBe(title);
  expect(article.content).toContain('<strong>until 8 p.m.</strong>');
  expect(article.content).toMatch(/<ul><li><p>Monday to Friday<\/p><\/li><\/ul>/);

  // Deleted from the list after confirming: gone from the list and from the public endpoint.
  const deleted = page.waitForResponse((r) => r.url().endsWith(`/articles/${id}`) && r.request().method() === 'DELETE');
  await row.getByRole('button', { name: named(t(lang, 'admin:resource.delete')) }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: named(t(lang, 'admin:resource.delete')) }).click();
  expect((await deleted).status()).toBe(200);
  await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'success:deleted'), { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`${API}/public/articles/${id}`)).status()).toBe(404);
});

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`article screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      const main = await openScreen(page, lang, LIST);
      await expect(main.locator('.ant-table-tbody:visible tr.ant-table-row').first()).toBeVisible();
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'articles-list', { folder: 'admin' });

      // A demo article (published, with formatting) in the edit screen.
      // The oldest published one is a demo article: the spec's other tests, running beside this one,
      // publish and delete articles of their own, newer than any demo article.
      const published = (await (await page.request.get(`${API}/public/articles?pageSize=20`)).json()) as { data: { items: { id: number }[] } };
      const { id } = published.data.items.at(-1)!;
      await goInApp(page, `/article/edit?id=${id}`);
      await expect(main.getByRole('heading', { name: t(lang, 'articles:editTitle') })).toBeVisible();
      const editor = await editorOf(page, lang);
      if (size.width === 1440) await expectAccessible(page);
      await editor.scrollIntoViewIfNeeded();
      await shot(page, 'articles-edit', { folder: 'admin' });

      // A bookmark of master data → staff information lands on the one staff list (the shell
      // replaces the address at once, so wait for the list's, not the old one).
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, STAFF_INFO.path);
      await expect(page).toHaveURL(/\/admin\/list$/);
      const staff = await openScreen(page, lang, { path: '/admin/list', title: STAFF_INFO.title });
      await expect(staff.locator('.ant-table-tbody:visible tr.ant-table-row', { hasText: 'accountant' })).toBeVisible();
    });
  }
}
