/**
 * Every page of the administrator's menu, as the server sends it in `asyncRouterMap`, opens to a
 * working screen in Traditional Chinese and in English: no error boundary, no failed call, no
 * untranslated message key, and axe finds nothing serious or critical. A page added to the menu
 * is toured without touching this file. Axe reads each page once, in the default language: what it
 * checks (roles, names, contrast) does not change with the language, and it is half of the tour's
 * time; the English tour still proves every screen works and speaks English.
 */
import { API, apiLogin, bearer, catalogueKeys, expect, expectScreenAccessible, goInApp, signIn, test, type Lang } from '../fixtures/index.js';
import type { Page } from '@playwright/test';

interface RouteRecord {
  path: string;
  component: string;
  hidden?: boolean;
  children?: RouteRecord[];
}

/** The menu's leaf pages with their full paths (a group's layout record is not a page). */
function pagesOf(records: RouteRecord[], parent = ''): string[] {
  return records.flatMap((r) => {
    const path = r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`;
    if (r.children?.length) return pagesOf(r.children, path);
    return r.hidden || r.component === 'Layout' ? [] : [path];
  });
}

/**
 * i18next shows a text it cannot find as its key (`resource.create`, or `area.resource.create`):
 * any dotted word on the screen that is a key of the catalogue (a key missing in this language,
 * or asked of the wrong area) is one. Data that merely looks dotted — a permission key such as
 * `admin.list` on the permission list — is not a catalogue key.
 */
const KEYS = catalogueKeys();
const untranslated = (text: string) => (text.match(/[A-Za-z][\w-]*(?:[.:][\w-]+)+/g) ?? []).filter((w) => KEYS.has(w.replace(':', '.')));

async function expectWorkingScreen(page: Page, path: string) {
  const main = page.getByRole('main');
  // Loading finished: no spinner and no skeleton left on the screen. Pages kept open in other tabs
  // stay in the DOM hidden, frozen as they were when left (one can be frozen mid-refresh): only
  // what is shown counts.
  await expect(main.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0, { timeout: 15_000 });
  await expect(main.locator('.ant-result-error, .ant-result-404, .ant-result-403'), path).toHaveCount(0);
  await expect(main, `${path} shows something`).toHaveText(/\S/);
  expect(untranslated(await main.innerText()), `${path} has no untranslated key`).toEqual([]);
}

/**
 * The tour in parts (every PARTS-th page from the part's own first), so the two browser workers
 * share it and no single test holds one of them for a quarter of an hour.
 */
const PARTS = 4;

for (const lang of ['zh-TW', 'en'] as const satisfies readonly Lang[]) {
  for (let part = 0; part < PARTS; part++) {
    test(`every page of the administrator's menu works in ${lang} (part ${part + 1} of ${PARTS})`, async ({ page, request }) => {
      const tokens = await apiLogin(request, 'admin');
      const info = (await (await request.get(`${API}/userInfo`, { headers: bearer(tokens) })).json()) as { data: { asyncRouterMap: RouteRecord[] } };
      const everyPage = pagesOf(info.data.asyncRouterMap);
      expect(everyPage.length).toBeGreaterThan(15);
      const paths = everyPage.filter((_, i) => i % PARTS === part);
      // A budget per page (axe alone takes seconds on a busy machine), so a longer menu never runs out of time.
      test.setTimeout(60_000 + paths.length * 15_000);

      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes(API) && r.status() >= 500) failed.push(`${r.status()} ${r.url()}`);
      });
      await signIn(page, 'admin', lang);
      for (const path of paths) {
        await goInApp(page, path);
        // No hover left over from the last click (a link fading to its hover colour is not read).
        await page.mouse.move(1, 1);
        await expectWorkingScreen(page, path);
        if (lang === 'zh-TW') await expectScreenAccessible(page);
      }
      expect(failed).toEqual([]);
    });
  }
}
