/**
 * One tour of the administrator's menu, as the server sends it in `asyncRouterMap`: every page
 * opens to a working screen — no error boundary, no failed call, no untranslated message key — and
 * axe finds nothing serious or critical on it. A page added to the menu is toured without touching
 * this file.
 *
 * Each page is toured once, in one language: the tour is cut in four parts (every fourth page
 * from the part's own first), the first and third in Traditional Chinese, the second and fourth in
 * English, so both languages run through every menu group. That every text the web asks for exists
 * in zh-TW, en and zh-CN is `apps/web/src/i18n/used-keys.test.ts`'s to prove; each area's screens
 * tests show its main screens in both languages.
 *
 * The tour is also the sidebar's test: a page of every menu group (its first and its last) is
 * opened by clicking its item in the sidebar — in its own tab, made the active one, with the
 * page's title in the window title — and every other page in the app's own way (`goInApp`). Each
 * page opened keeps its tab: at the end there is one per page and the dashboard's.
 */
import { API, DEMO_COMPANY, apiLogin, bearer, catalogueKeys, expect, expectScreenAccessible, goInApp, signIn, t, test, type Lang } from '../fixtures/index.js';
import { tab, tabs } from './shell-helpers.js';
import type { Page } from '@playwright/test';

interface RouteRecord {
  path: string;
  component: string;
  hidden?: boolean;
  meta: { title: string };
  children?: RouteRecord[];
}

const fullPath = (r: RouteRecord, parent: string) => (r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`);

/** The menu's leaf pages with their full paths (a group's layout record is not a page). */
function pagesOf(records: RouteRecord[], parent = ''): string[] {
  return records.flatMap((r) => {
    const path = fullPath(r, parent);
    if (r.children?.length) return pagesOf(r.children, path);
    return r.hidden || r.component === 'Layout' ? [] : [path];
  });
}

/** A page the sidebar test opens by its menu item: its item's and its group's titles (message keys). */
interface SidebarPage {
  title: string;
  group: string;
}

/** The first and the last page shown in every group of the sidebar (all of a group of one or two). */
function sidebarPages(records: RouteRecord[]): Map<string, SidebarPage> {
  const pages = new Map<string, SidebarPage>();
  for (const group of records.filter((g) => !g.hidden)) {
    const shown = (group.children ?? []).filter((c) => !c.hidden);
    for (const c of shown.length > 2 ? [shown[0]!, shown.at(-1)!] : shown) {
      pages.set(fullPath(c, group.path), { title: c.meta.title, group: group.meta.title });
    }
  }
  return pages;
}

/** Opens a page by clicking its sidebar item (opening its group first when closed). */
async function openFromSidebar(page: Page, lang: Lang, path: string, item: SidebarPage) {
  const menu = page.getByRole('navigation', { name: t(lang, 'shell:nav.mainMenu') });
  const title = t(lang, item.title);
  const entry = menu.getByRole('menuitem', { name: title, exact: true }).and(menu.locator('li.ant-menu-item'));
  if (!(await entry.isVisible())) {
    await menu.getByRole('menuitem', { name: t(lang, item.group), exact: true }).and(menu.locator('.ant-menu-submenu-title')).click();
  }
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page).toHaveTitle(`${title} - ${lang === 'en' ? DEMO_COMPANY.nameEn : DEMO_COMPANY.nameZh}`);
  await expect(page.getByText(t(lang, 'shell:errorLog.boundaryTitle'))).toHaveCount(0);
  await expect(tab(page, path)).toHaveAttribute('data-active', 'true');
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
  // Loading finished: no spinner, skeleton or loading button left on the screen. Pages kept open in other tabs
  // stay in the DOM hidden, frozen as they were when left (one can be frozen mid-refresh): only
  // what is shown counts.
  await expect(main.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible, .ant-btn-loading:visible')).toHaveCount(0, { timeout: 15_000 });
  await expect(main.locator('.ant-result-error, .ant-result-404, .ant-result-403'), path).toHaveCount(0);
  await expect(main, `${path} shows something`).toHaveText(/\S/);
  expect(untranslated(await main.innerText()), `${path} has no untranslated key`).toEqual([]);
}

/**
 * The tour in parts (every PARTS-th page from the part's own first), so the two browser workers
 * share it and no single test holds one of them for a quarter of an hour.
 */
const PARTS = 4;

/** The language of each part: both languages run through every menu group. */
const LANGS: readonly Lang[] = ['zh-TW', 'en'];

for (let part = 0; part < PARTS; part++) {
  const lang = LANGS[part % LANGS.length]!;
  test(`every page of the administrator's menu works, the sidebar's opened from it (part ${part + 1} of ${PARTS}, in ${lang})`, async ({ page, request }) => {
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
    // The sidebar's pages: every one is toured, by the part it falls in.
    const sidebar = sidebarPages(info.data.asyncRouterMap);
    for (const path of sidebar.keys()) expect(everyPage, `${path} of the sidebar is toured`).toContain(path);

    await signIn(page, 'admin', lang);
    for (const path of paths) {
      const item = sidebar.get(path);
      if (item) await openFromSidebar(page, lang, path, item);
      else await goInApp(page, path);
      // The page is shown, in its own tab. The router renders a navigation as a transition: the
      // previous page stays on screen until the new one is ready, so without this wait the checks
      // below could read the previous page on a busy machine, and the next navigation supersede
      // this one before it was ever shown (its tab never opened).
      await expect(tab(page, path), `${path} has its tab`).toHaveAttribute('data-active', 'true');
      // No hover left over from the last click (a link fading to its hover colour is not read).
      await page.mouse.move(1, 1);
      await expectWorkingScreen(page, path);
      await expectScreenAccessible(page);
    }
    expect(failed).toEqual([]);
    // One tab per page opened, besides the dashboard's (where the workspace opens).
    const open = await tabs(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    expect(open.sort()).toEqual([...new Set(['/dashboard', ...paths])].sort());
  });
}
