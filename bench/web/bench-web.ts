/**
 * Web figures, from the production build served by the real server, in headless Chromium:
 * the JS and CSS bytes transferred to show /login and then the dashboard, first contentful
 * paint of /login, click-Login-to-dashboard time, time to show an already-open tab, and the JS
 * heap after opening 10 pages.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from 'playwright-core';
import { startServer, repoRoot, webIndex, FIXED_CAPTCHA, type RunningServer } from '../../e2e/fixtures/server.js';
import { buttonName, t } from '../../e2e/fixtures/i18n.js';
import { errorText, fmt, na, type Figure } from '../lib/report.js';

const PART = 'web';
const CHROMIUM = process.env.HARBOUR_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PAGES = 10;
const STEP_TIMEOUT = 30_000;

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
    for (const b of this.sizes.values()) {
      wire += b.wire;
      gzip += b.gzip;
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
  try {
    server = await startServer({ logFile: path.join(repoRoot, '.artifacts/bench/web-server.log') });
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    const meter = new AssetMeter(page);
    const lang = 'zh-TW';

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

    // click Login → dashboard shown
    await username.fill('admin');
    await page.getByLabel(t(lang, 'auth:password'), { exact: true }).fill('demo1234');
    await page.getByLabel(t(lang, 'auth:captcha'), { exact: true }).fill(FIXED_CAPTCHA);
    const submit = page.getByRole('button', { name: buttonName(t(lang, 'auth:submit')) });
    const quickLinks = t(lang, 'shell:dashboard.quickLinks');
    const dashboardHeading = page.getByRole('heading', { level: 2, name: quickLinks });
    const started = performance.now();
    await submit.click();
    await page.waitForURL(/\/dashboard$/);
    await dashboardHeading.waitFor();
    figures.push({ part: PART, name: 'click Login → dashboard shown', value: ms(performance.now() - started) });
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
        ? { part: PART, name: 'show an already-open tab (median)', value: `${ms(median(switchTimes))} over ${switchTimes.length} switches` }
        : na(PART, 'show an already-open tab', 'the admin menu has no pages to open'),
    );

    // JS heap after the pages opened, measured after a full garbage collection
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    figures.push({ part: PART, name: `JS heap after opening ${targets.length + 1} pages`, value: `${fmt(heap.usedSize / 1024 / 1024, 1)} MiB` });
    await context.close();
  } catch (err) {
    figures.push(na(PART, 'remaining web figures', errorText(err)));
    // What the page showed when it failed, for whoever reads the table.
    const open = browser.contexts().flatMap((c) => c.pages());
    await open[0]?.screenshot({ path: path.join(repoRoot, '.artifacts/bench/web-failure.png') }).catch(() => undefined);
  } finally {
    await browser.close();
    await server?.stop();
  }
  return figures;
}
