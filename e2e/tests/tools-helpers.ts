/** Shared steps of the calculator, default settings and holiday browser tests. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { loginAs, screensDir, setLanguage, type Lang } from '../fixtures/index.js';

export const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Logs in through the form and waits for `/userInfo`, so the menu (and its pages) are known. */
export async function signIn(page: Page, username: string, lang: Lang) {
  await page.goto('/login');
  await setLanguage(page, lang);
  const userInfo = page.waitForResponse((r) => r.url().endsWith('/userInfo') && r.status() === 200, { timeout: 30_000 });
  await loginAs(page, username, undefined, lang);
  await userInfo;
  await expect(page.getByRole('main')).toBeVisible();
}

/** Goes to a path inside the running app the way a menu click does (no reload). */
export async function goInApp(page: Page, to: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForURL((url) => url.pathname + url.search === to);
}

/** Axe on the page's own content and any open dialog: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').include('.ant-modal-wrap').analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    // text on the theme colour (#409EFF, the spec's default) is the shell theme's contrast to settle
    .map((v) => ({
      ...v,
      nodes: v.id === 'color-contrast' ? v.nodes.filter((n) => !JSON.stringify(n.any[0]?.data ?? '').toLowerCase().includes('#409eff')) : v.nodes,
    }))
    .filter((v) => v.nodes.length > 0);
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
}

/** `.artifacts/screens/tools/<name>-<lang>-<w>x<h>.png` (git-ignored), for people to look at. */
export async function toolsShot(page: Page, name: string, lang: Lang, fullPage = false) {
  const dir = path.join(screensDir, 'tools');
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: path.join(dir, `${name}-${lang}-${size.width}x${size.height}.png`), fullPage });
}

/**
 * A button's accessible name containing `label`: antd adds a space between two Chinese characters
 * ("匯 入") and the icon's own label comes first ("import Import"), so neither is anchored.
 */
export function btn(label: string): RegExp {
  const chars = [...label.replace(/\s+/g, '')].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(chars.join('\\s*'));
}
