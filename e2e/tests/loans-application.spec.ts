/**
 * The application form's section D, blacklist warning and the loan finder in the browser (zh-TW):
 * a customer whose mobile is on the blacklist (set up through the API); the clerk starts an
 * application for them and sees the warning naming the person, the field and the masked number,
 * saves a draft, uploads a PNG document and views it, and cannot submit; a manager submits with a
 * reason. Then screenshots of the form (section D and the warning), the operation page's documents
 * and the finder in zh-TW and en, desktop and phone.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { hkidCheckDigit } from '@harbour/domain';
import { pngOf } from '../../apps/server/test/helpers/png.js';
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, type TokenPair, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

test.describe.configure({ mode: 'serial' });

const PNG = pngOf(480, 300, [70, 130, 180]);
const suffix = String(Math.floor(Math.random() * 900_000) + 100_000);
const customerName = `黑名單客戶${suffix}`;
const mobile = `6${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
const maskedMobile = `****${mobile.slice(-4)}`;
const today = new Date().toISOString().slice(0, 10);
let customerId = 0;
/** A pending application of the customer with one document, kept for the screenshots. */
let shownLoan = { id: 0, applyNo: '' };

interface Envelope<T> {
  result: string;
  data: T;
  message?: string;
}
async function api<T>(request: APIRequestContext, tokens: TokenPair, method: 'post' | 'get', path: string, data?: unknown): Promise<T> {
  const res = await request[method](`${API}${path}`, { headers: bearer(tokens), ...(data ? { data } : {}) });
  const body = (await res.json()) as Envelope<T>;
  expect(body.result, `${method} ${path}: ${body.message ?? ''}`).toBe('success');
  return body.data;
}

const applicationBody = (id: number) => ({
  customerId: id,
  loanType: 'private_loan',
  applyDate: today,
  loanDate: today,
  interestStartDate: today,
  loanAmount: '30000',
  totalTenor: 6,
  repayCycle: 'monthly',
  interestMethod: 'amortization',
  flatRate: '0.7',
});

test.beforeAll(async ({ request }) => {
  const manager = await apiLogin(request, 'manager');
  const clerk = await apiLogin(request, 'clerk');
  const digits = suffix;
  const customer = await api<{ id: number }>(request, clerk, 'post', '/customers', {
    type: 'personal',
    name: customerName,
    idType: 'hkid',
    idNumber: `J${digits}(${hkidCheckDigit('J', digits)})`,
    mobile1: mobile,
    dateOfBirth: '1984-06-15',
  });
  customerId = customer.id;
  // The blacklist learns of the number after the customer was registered.
  await api(request, manager, 'post', '/blacklist', { phone: mobile, name: customerName, remarks: 'e2e: loans application' });
  const loan = await api<{ id: number; applyNo: string }>(request, clerk, 'post', '/loans', applicationBody(customerId));
  shownLoan = { id: loan.id, applyNo: loan.applyNo };
  const res = await request.post(`${API}/loans/${loan.id}/documents`, {
    headers: bearer(clerk),
    multipart: { kind: 'income-proof', file: { name: '糧單-2026-10.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.status()).toBe(200);
});

const main = (page: Page) => page.getByRole('main');
const form = (page: Page) => page.locator('form:visible').first();
const warning = (page: Page, lang: Lang) => main(page).getByRole('alert').filter({ hasText: t(lang, 'loans:blacklistWarning.title') });
const hitText = (lang: Lang) =>
  t(lang, 'loans:blacklistWarning.hit')
    .replace('{{name}}', customerName)
    .replace('{{field}}', t(lang, 'loans:blacklistWarning.fields.mobile1'))
    .replace('{{value}}', maskedMobile);

test('the clerk is warned of the blacklist, adds a document and cannot submit; a manager submits with a reason', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const lang: Lang = 'zh-TW';
  await signIn(page, 'clerk', lang);
  await goInApp(page, '/loan/create');

  // Choosing the borrower checks them: the warning names the person, the field and the masked number.
  const picker = form(page).getByLabel(t(lang, 'loans:fields.customer'), { exact: true });
  await picker.click();
  await picker.fill(customerName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: customerName }).click();
  await expect(warning(page, lang)).toBeVisible();
  await expect(warning(page, lang)).toContainText(hitText(lang));
  expect(await main(page).innerText()).not.toContain(mobile);

  await form(page).getByLabel(t(lang, 'loans:fields.loanType'), { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '私人貸款' }).first().click();
  await form(page).getByLabel(t(lang, 'loans:fields.loanAmount'), { exact: true }).fill('40000');
  await form(page).getByLabel(t(lang, 'loans:fields.flatRate'), { exact: true }).fill('0.7');
  // The referral agents come without a master-data key.
  await form(page).getByLabel(t(lang, 'loans:fields.referralAgent'), { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Section D of a new application: save a draft first, then the upload is there.
  await expect(main(page).getByText(t(lang, 'loans:documents.saveFirst'))).toBeVisible();
  await main(page).getByRole('button', { name: btn(t(lang, 'loans:documents.saveDraft')) }).click();
  await page.waitForURL(/\/loan\/edit\/\d+$/);
  const loanId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(warning(page, lang)).toBeVisible();
  const section = main(page).locator('#loan-documents');
  await section.getByLabel(t(lang, 'loans:documents.kind')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: t(lang, 'loans:documents.kinds.id-card') }).click();
  await section.locator('input[type=file]').setInputFiles({ name: 'hkid-copy.png', mimeType: 'image/png', buffer: PNG });
  const row = section.getByRole('row', { name: /hkid-copy\.png/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(t(lang, 'loans:documents.kinds.id-card'));
  await expect(row).toContainText('李文員');

  // A file that is not an image or PDF: the server's message, nothing added.
  await section.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
  await expect(section.getByText(t(lang, 'loans:documents.type'))).toBeVisible();
  await expect(section.locator('tbody tr.ant-table-row')).toHaveCount(1);

  // Viewing the ID card copy: the served (watermarked SVG) image in a dialog.
  await row.getByRole('button', { name: btn(t(lang, 'loans:documents.view')) }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.locator('img')).toBeVisible();
  await viewer.getByRole('button', { name: /close|關閉|Close/i }).click();
  await expect(viewer).toHaveCount(0);

  // Save and submit: the server refuses (the clerk may not override); the loan stays pending.
  await main(page).getByRole('button', { name: btn(t(lang, 'loans:form.saveSubmit')) }).click();
  const refusal = t(lang, 'loans:errors.blacklisted').replace('{{names}}', customerName);
  await expect(page.locator('.ant-message-notice').getByText(refusal)).toBeVisible();
  await page.waitForURL(new RegExp(`/loan/operation\\?id=${loanId}$`));
  await expect(main(page).locator('.ant-tag', { hasText: t(lang, 'enums:loanStatus.pending') })).toBeVisible();
  await expect(main(page).getByRole('row', { name: /hkid-copy\.png/ })).toBeVisible();

  // The manager submits with a reason.
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const manager = await ctx.newPage();
  await signIn(manager, 'manager', lang);
  await goInApp(manager, `/loan/operation?id=${loanId}`);
  const submit = t(lang, 'loans:actions.submit');
  await main(manager).getByRole('button', { name: btn(submit) }).click();
  const dialog = manager.getByRole('dialog');
  await dialog.getByRole('button', { name: btn(submit) }).click();
  await expect(dialog.getByText(refusal)).toBeVisible();
  await dialog.getByLabel(t(lang, 'loans:fields.overrideReason')).fill('已致電核實，與黑名單人士無關');
  await dialog.getByRole('button', { name: btn(submit) }).click();
  await expect(dialog).toHaveCount(0);
  await expect(main(manager).locator('.ant-tag', { hasText: t(lang, 'enums:loanStatus.wait_approve') })).toBeVisible();
  await expect(main(manager).getByText('已致電核實，與黑名單人士無關')).toBeVisible();
  await ctx.close();
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`application form, documents and finder in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(120_000);
      expect(shownLoan.id).toBeGreaterThan(0);
      await page.setViewportSize(size);
      await signIn(page, 'clerk', lang);
      const settled = () => expect(main(page).locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });

      await goInApp(page, `/loan/edit/${shownLoan.id}`);
      await expect(warning(page, lang)).toContainText(hitText(lang));
      await expect(main(page).locator('#loan-documents').getByText('糧單-2026-10.png')).toBeVisible();
      await settled();
      await shot(page, 'loans-application-warning');
      await main(page).locator('#loan-documents').scrollIntoViewIfNeeded();
      await shot(page, 'loans-application-documents');
      if (size.width === 1440) await expectScreenAccessible(page);

      await goInApp(page, `/loan/operation?id=${shownLoan.id}`);
      const docs = main(page).locator('.ant-card:visible', { hasText: t(lang, 'loans:form.sectionD') });
      await expect(docs.getByText('糧單-2026-10.png')).toBeVisible();
      await expect(docs).toContainText(t(lang, 'loans:documents.kinds.income-proof'));
      // The flat rate as entered (0.7 → 0.70%, not 0.7000%).
      await expect(main(page).getByText('0.70%', { exact: true })).toBeVisible();
      await settled();
      await docs.scrollIntoViewIfNeeded();
      await shot(page, 'loans-operation-documents');
      if (size.width === 1440) await expectScreenAccessible(page);

      await goInApp(page, '/loan/operation');
      const search = main(page).getByRole('searchbox', { name: t(lang, 'loans:finder.title') }).or(main(page).getByLabel(t(lang, 'loans:finder.title')));
      await search.first().fill(shownLoan.applyNo);
      await search.first().press('Enter');
      const hit = main(page).getByRole('row', { name: new RegExp(shownLoan.applyNo) });
      await expect(hit).toBeVisible();
      await settled();
      await shot(page, 'loans-finder');
      if (size.width === 1440) await expectScreenAccessible(page);
      await hit.click();
      await page.waitForURL(new RegExp(`/loan/operation\\?id=${shownLoan.id}$`));
      await expect(main(page).getByRole('heading', { name: new RegExp(shownLoan.applyNo) })).toBeVisible();

      // The loan list's filters with the same search box (on a phone it stays on its label's line).
      await goInApp(page, '/loan/list');
      await expect(main(page).getByRole('row', { name: new RegExp(shownLoan.applyNo) })).toBeVisible();
      await settled();
      await shot(page, 'loans-list-filters');
    });
  }
}
