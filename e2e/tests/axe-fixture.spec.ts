/**
 * The accessibility check every screen test relies on catches what it is there to catch: run on a
 * page with a known contrast failure and an unlabelled input, inside and outside the scope given.
 */
import { expect, runAxe, test } from '../fixtures/index.js';

const PAGE = `<!doctype html><html lang="en"><head><title>axe check</title></head><body>
<main><p style="color:#bbb;background:#fff">Grey on white</p><input type="text"></main>
<aside><p>Outside the main region</p></aside></body></html>`;

test('axe finds a contrast failure and an unlabelled input, and only inside its scope', async ({ page }) => {
  await page.setContent(PAGE);
  const ids = (r: Awaited<ReturnType<typeof runAxe>>) => r.violations.map((v) => v.id).sort();
  expect(ids(await runAxe(page, ['main']))).toEqual(expect.arrayContaining(['color-contrast', 'label']));
  // Injected once per document: a second run in the same document reads the same.
  expect(ids(await runAxe(page, ['main']))).toEqual(expect.arrayContaining(['color-contrast', 'label']));
  expect(ids(await runAxe(page, ['aside']))).not.toContain('color-contrast');
  expect(ids(await runAxe(page))).toEqual(expect.arrayContaining(['color-contrast', 'label']));
});
