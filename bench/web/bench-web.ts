/**
 * Web figures, from the production build served by the real server, in headless Chromium:
 * the JS and CSS bytes transferred to show /login and then the dashboard, first contentful
 * paint of /login, click-Login-to-dashboard time, time to show an already-open tab, and the JS
 * heap after opening 10 pages.
 *
 * The server runs outside test mode, so passwords are hashed at the production argon2id cost
 * (19 MiB, 2 passes) and the login's time includes it; one login through the API first warms it
 * up, as a server that has been running a while is. The login form is typed in key by key at
 * a fast typist's pace, as a person does (the page fetches the workspace while it is typed in).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from 'playwright-core';
import { startServer, repoRoot, webIndex, FIXED_CAPTCHA, type RunningServer } from '../../e2e/fixtures/server.js';
import { buttonName, t, type Lang } from '../../e2e/fixtures/i18n.js';
import { adminLogin } from '../lib/admin-login.js';
import { errorText, fmt, na, type Figure } from '../lib/report.js';
import { timeBareLoad, webDistWithBarePages } from './bare-pages.js';

const PART = 'web';
const CHROMIUM = process.env.HARBOUR_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PAGES = 10;
const STEP_TIMEOUT = 30_000;
/** Milliseconds between keys when typing the login form: a fast typist (~150 words a minute). */
const KEY_DELAY_MS = 80;
/** Outside test mode: production password hashing, logging and rate limit. */
const SERVER_ENV = { NODE_ENV: 'development' };

/**
 * Collects, for each distinct JS and CSS file the page receives, the bytes Chromium really
 * transferred (encoded body plus headers, as the server sent them) and, for comparison with
 * earlier runs, the size gzip -6 would make of its body.
 */
class AssetMeter {
  private sizes = new Map<string, { wire: number; gzip: number }>();
  private pending: Promise<void>[] = [];
  constructor(page: Page) {
    page.on('requestfinished', (req) => this.pending.push(this.record(req)));
  }
  private async record(req: Request) {
    const type = req.resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || this.sizes.has(req.url())) return;
    try {
      const res = await req.response();
      if (!res?.ok()) return;
      const sizes = await req.sizes();
      this.sizes.set(req.url(), { wire: sizes.responseBodySize + sizes.responseHeadersSize, gzip: gzipSync(await res.body(), { level: 6 }).length });
    } catch {
      // a response whose body is gone (navigation) is not needed to show the page
    }
  }
  async total(): Promise<{ wire: number; gzip: number; files: number }> {
    await Promise.all(this.pending);
    let wire = 0;
    let gzip = 0;
    for (const [url, b] of this.sizes) {
      wire += b.wire;
      gzip += b.gzip;
      // HARBOUR_BENCH_FILES=1: each file with its bytes, to see what a page's total is made of
      if (process.env.HARBOUR_BENCH_FILES === '1') console.log(`  ${kb(b.wire).padStart(10)}  ${new URL(url).pathname}`);
    }
    return { wire, gzip, files: this.sizes.size };
  }
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`;
const ms = (n: number) => `${fmt(n)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Clicks a tab inside the page and times, with the page's own clock, until the tab's page shows
 * (an h2 with `heading` visible), so no round trip to the browser counts. The browser code is a
 * string: tsx compiles functions in this file with name helpers that do not exist in the page.
 */
const TAB_SWITCH = `async ([selector, text]) => {
  const tab = document.querySelector(selector);
  if (!tab) throw new Error('no tab ' + selector);
  const t0 = performance.now();
  tab.click();
  return await new Promise((resolve, reject) => {
    const check = () => {
      const shown = [...document.querySelectorAll('h2')].some(
        (h) => h.textContent.trim() === text && h.checkVisibility(),
      );
      if (shown) resolve(performance.now() - t0);
      else if (performance.now() - t0 > 10000) reject(new Error('the tab did not show in 10 s'));
      else requestAnimationFrame(check);
    };
    check();
  });
}`;

/**
 * Installed before the click: notes the click's own timestamp and, checking every frame, the
 * moment an h2 with `text` is visible, both on the page's clock, so neither Playwright's checks
 * before a click nor its polling afterwards count.
 */
const WATCH_FOR_HEADING = `(text) => {
  window.__harbourClickAt = 0;
  window.__harbourShownAt = 0;
  document.addEventListener('click', (e) => {
    if (!window.__harbourClickAt) window.__harbourClickAt = e.timeStamp;
  }, { capture: true, once: true });
  const check = () => {
    const shown = [...document.querySelectorAll('h2')].some((h) => h.textContent.trim() === text && h.checkVisibility());
    if (shown) window.__harbourShownAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}`;

/**
 * Logs in as admin on an open /login and times click → dashboard heading shown: on the page's
 * clock (`inPage`), as Playwright sees it (`outside`), and the POST /login call itself.
 */
async function timeLogin(page: Page, lang: Lang, typed: boolean): Promise<{ inPage: number; outside: number; login: number }> {
  const enter = async (label: string, text: string) => {
    const field = page.getByLabel(t(lang, label), { exact: true });
    if (!typed) return field.fill(text);
    await field.click();
    await field.pressSequentially(text, { delay: KEY_DELAY_MS });
  };
  await enter('auth:username', 'admin');
  await enter('auth:password', 'demo1234');
  await enter('auth:captcha', FIXED_CAPTCHA);
  const quickLinks = t(lang, 'shell:dashboard.quickLinks');
  await page.evaluate(`(${WATCH_FOR_HEADING})(${JSON.stringify(quickLinks)})`);
  const loginCall = page.waitForResponse((r) => r.url().endsWith('/api/admin/v1/login') && r.request().method() === 'POST');
  const started = performance.now();
  await page.getByRole('button', { name: buttonName(t(lang, 'auth:submit')) }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { level: 2, name: quickLinks }).waitFor();
  const outside = performance.now() - started;
  await page.waitForFunction('window.__harbourShownAt > 0');
  const inPage = (await page.evaluate('window.__harbourShownAt - window.__harbourClickAt')) as number;
  const timing = (await loginCall).request().timing();
  return { inPage, outside, login: timing.responseEnd - timing.requestStart };
}

async function timeTabSwitch(page: Page, tabSelector: string, heading: string): Promise<number> {
  const fn = `(${TAB_SWITCH})(${JSON.stringify([tabSelector, heading])})`;
  return (await page.evaluate(fn)) as number;
}

export async function benchWeb(): Promise<Figure[]> {
  if (!existsSync(CHROMIUM)) return [na(PART, 'all web figures', `${CHROMIUM} is missing: scripts/ensure-system.sh installs it`)];
  if (!existsSync(webIndex)) return [na(PART, 'all web figures', 'apps/web/dist is not built')];

  const figures: Figure[] = [];
  let server: RunningServer | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  // The build with the baseline's bare pages beside it (bench/web/bare-pages.ts).
  const web = webDistWithBarePages(process.env.HARBOUR_WEB_DIST ?? path.dirname(webIndex));
  try {
    server = await startServer({ logFile: path.join(repoRoot, '.artifacts/bench/web-server.log'), env: { ...SERVER_ENV, HARBOUR_WEB_DIST: web.dir } });
    await adminLogin(server.baseURL); // so the browser's login is not the server's first
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    const meter = new AssetMeter(page);
    const lang: Lang = 'zh-TW';
    const quickLinks = t(lang, 'shell:dashboard.quickLinks');

    // /login: assets and first contentful paint
    await page.goto('/login', { waitUntil: 'load' });
    const username = page.getByLabel(t(lang, 'auth:username'), { exact: true });
    await username.waitFor();
    const login = await meter.total();
    figures.push({ part: PART, name: 'JS+CSS to show /login, as transferred', value: `${kb(login.wire)} in ${login.files} files (goal ≤ 150 KB)` });
    figures.push({ part: PART, name: 'JS+CSS to show /login, gzip -6 of each file', value: kb(login.gzip) });
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    );
    figures.push(fcp >= 0 ? { part: PART, name: 'first contentful paint of /login', value: ms(fcp) } : na(PART, 'first contentful paint of /login', 'no paint entry'));

    // click Login → dashboard shown, the form typed in key by key
    const typed = await timeLogin(page, lang, true);
    figures.push({ part: PART, name: 'click Login → dashboard shown', value: `${ms(typed.inPage)} (goal ≤ 400 ms)` });
    figures.push({ part: PART, name: 'the same, timed by Playwright (its checks and polling included)', value: ms(typed.outside) });
    figures.push({ part: PART, name: 'of which POST /login (argon2id 19 MiB, t=2)', value: ms(typed.login) });
    const both = await meter.total();
    figures.push({ part: PART, name: 'JS+CSS to show /login + dashboard, as transferred', value: `${kb(both.wire)} in ${both.files} files` });

    // open pages from the dashboard's quick links, coming back to the already-open dashboard tab
    const links = await page.locator('a.harbour-quick-link').evaluateAll((as) =>
      as.map((a) => a.getAttribute('href') ?? '').filter(Boolean),
    );
    const targets = [...new Set(links)].slice(0, PAGES - 1);
    const switchTimes: number[] = [];
    for (const href of targets) {
      await page.locator(`a.harbour-quick-link[href="${href}"]`).first().click();
      await page.locator(`.harbour-tag[data-active="true"][data-path="${href}"]`).waitFor();
      await page.waitForLoadState('networkidle');
      switchTimes.push(await timeTabSwitch(page, '.harbour-tag[data-path="/dashboard"] a', quickLinks));
    }
    figures.push(
      switchTimes.length > 0
        ? { part: PART, name: 'show an already-open tab (median)', value: `${ms(median(switchTimes))} over ${switchTimes.length} switches (goal ≤ 50 ms)` }
        : na(PART, 'show an already-open tab', 'the admin menu has no pages to open'),
    );

    // JS heap after the pages opened, measured after a full garbage collection
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    figures.push({ part: PART, name: `JS heap after opening ${targets.length + 1} pages`, value: `${fmt(heap.usedSize / 1024 / 1024, 1)} MiB` });
    await context.close();

    // The same login in a fresh browser with the form filled all at once (a password manager, a
    // paste): the workspace is fetched only from the click on.
    const fresh = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 768 } });
    const freshPage = await fresh.newPage();
    freshPage.setDefaultTimeout(STEP_TIMEOUT);
    await freshPage.goto('/login', { waitUntil: 'load' });
    const instant = await timeLogin(freshPage, lang, false);
    figures.push({ part: PART, name: 'click Login → dashboard shown, form filled at once', value: ms(instant.inPage) });
    await fresh.close();

    // The baseline: bare static pages from the same server, the same browser, this run.
    const bare = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 768 } });
    const barePage = await bare.newPage();
    barePage.setDefaultTimeout(STEP_TIMEOUT);
    const loads: number[] = [];
    const shows: number[] = [];
    for (let i = 0; i < 9; i++) loads.push(await timeBareLoad(barePage));
    for (let i = 0; i < 9; i++) {
      shows.push(await timeTabSwitch(barePage, '#bare-tab', 'kept'));
      await barePage.click('#bare-tab'); // hidden again
    }
    figures.push({ part: PART, name: 'baseline: bare static page, click a link → next page shown (median of 9)', value: ms(median(loads)) });
    figures.push({ part: PART, name: 'baseline: bare static page, a hidden part shown (median of 9)', value: `${fmt(median(shows), 1)} ms` });
    await bare.close();
  } catch (err) {
    figures.push(na(PART, 'remaining web figures', errorText(err)));
    // What the page showed when it failed, for whoever reads the table.
    const open = browser.contexts().flatMap((c) => c.pages());
    await open[0]?.screenshot({ path: path.join(repoRoot, '.artifacts/bench/web-failure.png') }).catch(() => undefined);
  } finally {
    await browser.close();
    await server?.stop();
    web.remove();
  }
  return figures;
}
