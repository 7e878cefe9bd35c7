/**
 * The retention job's dry run (Reports → Retention due): nobody falls due within the month on the
 * demo data (the empty state), and looking years ahead lists the demo customers with no open loan,
 * their ID numbers masked, with the date each falls due. Screenshots in both languages and sizes.
 */
import { API, expect, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';

const PATH = '/reports/retentionDue';

interface Answer {
  rows: Record<string, string | number | null>[];
  total: number;
  params: Record<string, string | null>;
}

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`retention due report in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      const first = page.waitForResponse((r) => r.url().includes(`${API}/reports/retentionDue?`) && r.status() === 200);
      await goInApp(page, PATH);
      const month = ((await (await first).json()) as { data: Answer }).data;
      const main = page.getByRole('main');
      await expect(main.getByText(t(lang, 'reports:retentionDue.description'))).toBeVisible();
      // a month ahead by default; the demo data's customers were registered today, so nobody is due
      expect(month.total).toBe(0);
      await expect(main.locator('.ant-empty:visible')).toHaveCount(1);
      await shot(page, 'report-retention-due-empty');

      const ahead = `${Number(month.params.dateTo!.slice(0, 4)) + 9}${month.params.dateTo!.slice(4)}`;
      const later = page.waitForResponse((r) => r.url().includes(`${API}/reports/retentionDue?`) && r.url().includes(`dateTo=${ahead}`) && r.status() === 200);
      await goInApp(page, `${PATH}?dateTo=${ahead}`);
      const listed = ((await (await later).json()) as { data: Answer }).data;
      expect(listed.total).toBeGreaterThan(0);
      for (const row of listed.rows) expect(String(row.idNumber)).toMatch(/^\*+.{4}$/);
      await expect(main.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(Math.min(listed.total, 50));
      await shot(page, 'report-retention-due');
    });
  }
}
