/** Shared steps of the calculator, default settings and holiday browser tests. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { screensDir, type Lang } from '../fixtures/index.js';

export { signIn, goInApp, expectScreenAccessible as expectAccessible } from '../fixtures/index.js';

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
