/**
 * The web part's baseline: two bare static pages served by the same Harbour server in the same
 * run, so the login and tab-switch times stand beside what this machine and browser take to do the
 * least of the same thing.
 *
 * - `bare-a.html` → `bare-b.html`: a click on a link loads the next page, whose heading is then
 *   shown (a full page load from the same server, no script but the timer's): the floor under
 *   "click Log in → dashboard shown".
 * - On `bare-b.html`, a button shows a hidden part with its own heading (`display: none` taken
 *   off, as the shell shows a kept tab): the floor under "show an already-open tab".
 *
 * The pages go into a copy of the web build (the server serves every file of its web folder), so
 * the build itself is left as it is. The script is a file of its own: the server's content
 * security policy allows no inline script.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

const SCRIPT = `
// Click on page A: its time on the wall clock, for page B to subtract.
document.addEventListener('click', (e) => {
  if (e.target.closest('a')) sessionStorage.setItem('bareClickAt', String(performance.timeOrigin + e.timeStamp));
}, { capture: true });
// Page B: the moment its heading is visible, on the wall clock.
const heading = document.querySelector('h2[data-first]');
if (heading) {
  const check = () => {
    if (heading.checkVisibility()) window.__bareShownAt = performance.timeOrigin + performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
const toggle = document.querySelector('#bare-tab');
if (toggle) toggle.addEventListener('click', () => {
  const kept = document.querySelector('#kept');
  kept.style.display = kept.style.display === 'none' ? '' : 'none';
});
`;

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title><script src="/bare.js" defer></script></head><body>${body}</body></html>`;

/** A copy of `dist` with the bare pages added; `remove` deletes it. */
export function webDistWithBarePages(dist: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'harbour-bench-web-'));
  cpSync(dist, dir, { recursive: true });
  writeFileSync(path.join(dir, 'bare.js'), SCRIPT);
  writeFileSync(path.join(dir, 'bare-a.html'), page('<h1>A</h1><a id="next" href="/bare-b.html">next</a>'));
  writeFileSync(
    path.join(dir, 'bare-b.html'),
    page('<h2 data-first>B</h2><button id="bare-tab" type="button">tab</button><div id="kept" style="display:none"><h2>kept</h2></div>'),
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Click on bare-a's link → bare-b's heading visible, on the wall clock of the page (ms). */
export async function timeBareLoad(page: Page): Promise<number> {
  await page.goto('/bare-a.html', { waitUntil: 'load' });
  await page.click('#next');
  await page.waitForFunction(() => (window as unknown as { __bareShownAt?: number }).__bareShownAt !== undefined);
  return page.evaluate(() => (window as unknown as { __bareShownAt: number }).__bareShownAt - Number(sessionStorage.getItem('bareClickAt')));
}
