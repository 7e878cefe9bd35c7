/** Helpers of the workspace shell's browser tests. */
import { expect, type Page } from '@playwright/test';
import { afterShellPaint, clickSettled, loginAs, runAxe, t, type Lang } from '../fixtures/index.js';

/**
 * In-app navigation without a page load (as a menu click does): the router follows the history
 * entry on `popstate`. Tabs and the page cache live in memory, so `page.goto` would reset them.
 */
export async function spaGo(page: Page, path: string, opts: { tab?: boolean } = {}): Promise<void> {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
  // Wait until the shell has rendered it, so quick successive moves are not merged into one.
  if (opts.tab !== false) await expect(page.locator(`.harbour-tag[data-path="${path}"][data-active]`)).toBeVisible();
  await afterShellPaint(page);
}


/**
 * Logs in through the form and waits for the workspace to show the staff member's menu — by then
 * the session cookies are settled, so a following `page.goto` (a fresh page load) keeps them.
 */
export async function signIn(page: Page, username: string, lang: Lang = 'zh-TW'): Promise<void> {
  await loginAs(page, username, undefined, lang);
  await expect(userMenu(page, lang)).toBeVisible();
}

/** The account button of the navbar ("Account menu of <name>"), shown once /userInfo has loaded. */
export const userMenu = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: new RegExp(`^${t(lang, 'shell:nav.userMenu').replace('{{name}}', '.+')}$`) });

/** The tabs bar and its tabs. */
export const tabsBar = (page: Page, lang: Lang) => page.getByRole('navigation', { name: t(lang, 'shell:tags.label') });
export const tabs = (page: Page) => page.locator('.harbour-tag');
export const tab = (page: Page, fullPath: string) => page.locator(`.harbour-tag[data-path="${fullPath}"]`);

/** Opens the right-click menu of a tab and picks an action by its label. */
export async function tabAction(page: Page, lang: Lang, fullPath: string, action: string): Promise<void> {
  await openTabMenu(page, fullPath);
  await clickSettled(page.getByRole('menuitem', { name: t(lang, `shell:tags.${action}`), exact: true }));
}

/** Right-clicks a tab, opening its menu. */
export async function openTabMenu(page: Page, fullPath: string): Promise<void> {
  // As a user does, the tab is in view before the right click: a click on a tab scrolled out of the
  // tabs bar would scroll the bar first, and the scroll event, dispatched at the next frame, closes
  // a menu opened at the pointer (antd's context-menu dropdowns close when their scroller moves).
  await afterShellPaint(page);
  await tab(page, fullPath).scrollIntoViewIfNeeded();
  await afterShellPaint(page);
  await tab(page, fullPath).click({ button: 'right' });
}

/** The self-test page's notes field, which should keep its text while the page is cached. */
export const notes = (page: Page, lang: Lang) =>
  page.locator('main').getByLabel(t(lang, 'shell:test.typeHere')).filter({ visible: true });

/** Access token of the browser's session, from its cookie. */
export async function accessToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const c = cookies.find((k) => k.name === 'harbour_access_token');
  if (!c) throw new Error('no access token cookie');
  return decodeURIComponent(c.value);
}

/** Axe on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // No hover left over from the last click: a tile fading to its hover colour is not the page's contrast.
  await page.mouse.move(1, 1);
  const result = await runAxe(page);
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
