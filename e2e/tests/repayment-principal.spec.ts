/**
 * Partial principal repayment at the counter: a Mong Kok loan paid out here (12,000 × 6 at 1%);
 * the collector enters a principal repayment, previews the remaining schedule the server computes
 * (the default rule: same tenor, lower instalment) and posts it; the receipt shows the new
 * instalment. The preview screenshotted in zh-TW and en at desktop and phone sizes.
 */
import type { Page } from '@playwright/test';
import type { AllocationPreview, RepaymentItem } from '@harbour/contracts';
import { formatMoney } from '@harbour/domain';
import { chooseOption, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';
import { paidOutLoan } from './loan-steps.js';

test.describe.configure({ mode: 'serial' });

let loanId = 0;
const main = (page: Page) => page.getByRole('main');
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm:visible');

test.beforeAll(async ({ request }) => {
  loanId = (await paidOutLoan(request, { borrower: '李美玲', loanAmount: '12000', totalTenor: 6, approval: { overdueRate: '36', overduePenalty: '100' } })).id;
});

/** Fills a principal repayment of 3,000 and previews it; answers the server's preview. */
async function previewPrincipal(page: Page, lang: Lang): Promise<AllocationPreview> {
  const loaded = page.waitForResponse((r) => r.url().includes(`/repayments/due?loanId=${loanId}`));
  await goInApp(page, `/repayment/process?loanId=${loanId}`);
  await loaded;
  const m = main(page);
  // the live preview may ask as soon as the choice settles, before the button is pressed
  const answer = page.waitForResponse((r) => r.url().endsWith('/repayments/preview') && r.request().postDataJSON()?.repayType === 'principal');
  await m.getByLabel(t(lang, 'repayments:fields.received'), { exact: true }).fill('3000');
  await chooseOption(m.getByLabel(t(lang, 'repayments:fields.repayType'), { exact: true }), t(lang, 'enums:repayType.principal'));
  await m.getByRole('button', { name: btn(t(lang, 'repayments:process.preview')) }).click();
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toMatchObject({ loanId, received: '3000', repayType: 'principal' });
  const preview = ((await res.json()) as { data: AllocationPreview }).data;
  const panel = m.getByTestId('reschedule');
  await expect(panel).toBeVisible();
  await expect(m.getByText(t(lang, 'repayments:reschedule.title'), { exact: true })).toBeVisible();
  await expect(panel).toContainText(formatMoney(preview.reschedule!.instalmentAfter, { grouped: true }));
  await expect(panel).toContainText('9,000.00');
  return preview;
}

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`the remaining schedule of a principal repayment, previewed, in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'collector', lang);
      const preview = await previewPrincipal(page, lang);
      expect(preview.reschedule).toMatchObject({ rule: 'lower-instalment', totalTenor: 6, remainingAfter: 6, outstandingPrincipal: '9000.00' });
      // amounts right-aligned in the new schedule
      const cell = main(page).getByTestId('reschedule').locator('tbody td.ant-table-cell').nth(2);
      await expect(cell).toHaveCSS('text-align', 'right');
      await main(page).getByTestId('reschedule').scrollIntoViewIfNeeded();
      await shot(page, 'repayment-principal-preview');
      if (lang === 'en' && size.width > 1000) await expectScreenAccessible(page);
    });
  }
}

test('the collector posts the principal repayment; the receipt shows the new instalment and tenor', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'collector', lang);
  const preview = await previewPrincipal(page, lang);
  const m = main(page);
  await m.getByRole('button', { name: btn(t(lang, 'repayments:process.post')) }).click();
  const posting = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/repayments') && r.request().method() === 'POST');
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'repayments:process.post')) }).click();
  const res = await posting;
  expect(res.status()).toBe(200);
  const receipt = ((await res.json()) as { data: RepaymentItem }).data;
  expect(receipt.reschedule).toEqual(preview.reschedule);
  const line = m.getByTestId('receipt-reschedule').first();
  await expect(line).toContainText(formatMoney(preview.reschedule!.instalmentAfter, { grouped: true }));
  await line.scrollIntoViewIfNeeded();
  await shot(page, 'repayment-principal-receipt');
});
