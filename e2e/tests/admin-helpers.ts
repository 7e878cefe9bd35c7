/** Shared steps of the administration browser tests. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';
import { loginAs, screensDir, setLanguage, t, type Lang } from '../fixtures/index.js';

// The machine these run on is shared and busy: give each step room.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The administration screens and the browser paths the server's menu gives them. */
export const ADMIN_SCREENS = [
  { name: 'staff', path: '/admin/list', title: 'shell:menu.admin.list' },
  { name: 'admin-log', path: '/admin/log', title: 'shell:menu.admin.log' },
  { name: 'staff-info', path: '/staff/list', title: 'shell:menu.staff.list' },
  { name: 'power', path: '/power/list', title: 'shell:menu.power.list' },
  { name: 'roles', path: '/role/list', title: 'shell:menu.role.list' },
  { name: 'stores', path: '/stores/list', title: 'admin:stores.title' },
  { name: 'access-ip', path: '/system/accessIps', title: 'admin:accessIps.title' },
  { name: 'login-list', path: '/system/loginList', title: 'shell:menu.system.loginList' },
  { name: 'system-log', path: '/system/log', title: 'shell:menu.system.log' },
] as const;

/**
 * Logs in through the form and waits until the workspace has settled: leaving a page while its
 * `/userInfo` is still in flight can sign the browser out, which is not what these tests are about.
 */
export async function signIn(page: Page, username: string, lang: Lang) {
  await page.goto('/login');
  await setLanguage(page, lang);
  const userInfo = page.waitForResponse((r) => r.url().endsWith('/userInfo') && r.status() === 200, { timeout: 30_000 });
  await loginAs(page, username, undefined, lang);
  await userInfo;
  // The first page (the dashboard) has rendered: navigating while its code is still loading can
  // leave the next page blank.
  await expect(page.locator('main :visible').first()).toBeVisible();
}

/**
 * Goes to a path inside the running app, the way a menu click does (history + popstate, which the
 * router follows), without reloading the page and its session.
 */
export async function goInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForURL((url) => url.pathname + url.search === to);
}

/** Opens a screen and waits until its table has answered (rows or the empty text). */
export async function openScreen(page: Page, lang: Lang, screen: { path: string; title: string }) {
  await goInApp(page, screen.path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: t(lang, screen.title) })).toBeVisible();
  // Pages visited before stay mounted but hidden (the shell's page cache): look at the shown one.
  await expect(main.locator('.ant-table-tbody:visible')).toHaveCount(1);
  await expect(main.locator('.ant-spin-spinning:visible')).toHaveCount(0);
  return main;
}

/**
 * Text in or on the theme colour (spec default #409EFF, chosen in the shell's settings drawer and
 * applied to every primary and link button by the shell's antd theme) is the theme's contrast to
 * settle, not a screen's; every other node counts.
 */
const THEME = '#409eff';
function onThemeColour(node: { any: Array<{ data?: unknown }> }): boolean {
  return node.any.some((c) => {
    const d = c.data as { fgColor?: string; bgColor?: string } | null | undefined;
    return d?.fgColor?.toLowerCase() === THEME || d?.bgColor?.toLowerCase() === THEME;
  });
}

/**
 * Axe on the screen's own content (the main region and any open drawer or dialog): no serious or
 * critical violation. The shell around it (menu, navbar, footer) is checked by the shell's tests.
 */
export async function expectAccessible(page: Page, scope: 'screen' | 'drawer' = 'screen') {
  // With a drawer open the page behind it sits under the mask: only the drawer is to be read then.
  const axe = new AxeBuilder({ page });
  const result = await (scope === 'drawer' ? axe.include('.ant-drawer') : axe.include('main').include('.ant-modal-wrap')).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.id === 'color-contrast' ? v.nodes.filter((n) => !onThemeColour(n)) : v.nodes }))
    .filter((v) => v.nodes.length > 0);
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data ?? '')}`).slice(0, 3).join(' | ')}`),
  ).toEqual([]);
}

/** `.artifacts/screens/admin/<name>-<lang>-<w>x<h>.png` (git-ignored), for people to look at. */
export async function adminShot(page: Page, name: string, lang: Lang) {
  const dir = path.join(screensDir, 'admin');
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: path.join(dir, `${name}-${lang}-${size.width}x${size.height}.png`) });
}

/** A unique suffix so reruns against one database never collide on unique names. */
export const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

/**
 * A button's accessible name ending with `label`. Buttons with an icon read "plus Create" (the
 * icon's own label first), and antd spaces out two Chinese characters ("新 增").
 */
export function named(label: string): RegExp {
  const chars = [...label.replace(/\s+/g, '')].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)${chars.join('\\s*')}\\s*$`);
}

/**
 * A form control's accessible name is its label, with antd's "*" of a required field in front and
 * the ":" of an inline form behind; this matches exactly that label and no longer one.
 */
export function label(text: string): RegExp {
  const body = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(\\*\\s*)?${body}\\s*:?$`);
}
