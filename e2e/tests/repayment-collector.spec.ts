/**
 * The servicing flow of the issue, on demo loan 13 (旺角 張小燕, paid out 75 days ago, two
 * instalments overdue): the collector finds the loan by the borrower's phone, sees the overdue
 * interest, posts a cash receipt that covers both overdue instalments and leaves a temporary
 * amount, and prints the receipt; the manager voids it.
 */
import type { Page } from '@playwright/test';
import type { DueState, RepaymentItem } from '@harbour/contracts';
import { dec, formatMoney } from '@harbour/domain';
import { expect, goInApp, shot, signIn, t, test, type Lang } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';
import { approvedBySecondPerson } from './four-eyes-steps.js';

test.describe.configure({ mode: 'serial' });

const OVERDUE_LOAN = 13;
const PHONE = '6567 8404';
const main = (page: Page) => page.getByRole('main');
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm:visible');
let receipt: RepaymentItem;

test('the collector finds an overdue loan by phone and posts a cash receipt over two instalments, keeping the rest', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'collector', lang);
  await goInApp(page, '/repayment/process');
  const m = main(page);
  await m.getByRole('searchbox').fill(PHONE);
  const loaded = page.waitForResponse((r) => r.url().includes(`/repayments/due?loanId=${OVERDUE_LOAN}`));
  await m.getByRole('button', { name: btn(t(lang, 'loans:finder.search')) }).click();
  // 張小燕 has an application pending too, and other specs may pay her a loan side by side: the overdue
  // demo loan is the one to take money for
  const row = m.locator(`tr[data-row-key="${OVERDUE_LOAN}"]`);
  await expect(row).toContainText('張小燕');
  await expect(row).toContainText(t(lang, 'enums:loanStatus.repaying'));
  await row.click();
  const due = ((await (await loaded).json()) as { data: DueState }).data;
  expect(due.instalments.filter((i) => i.state === 'overdue').map((i) => i.tenor)).toEqual([1, 2]);
  expect(dec(due.overdueInterest).gt(0)).toBe(true);
  // the overdue interest is on the screen, as the server computed it
  await expect(m.getByText(t(lang, 'repayments:process.dueState'), { exact: true })).toBeVisible();
  await expect(m).toContainText(formatMoney(due.overdueInterest, { grouped: true }));

  const received = dec(due.amountDue).plus(500).toFixed(2);
  await m.getByLabel(t(lang, 'repayments:fields.received'), { exact: true }).fill(received);
  await m.getByRole('button', { name: btn(t(lang, 'repayments:process.preview')) }).click();
  await expect(m.getByText(t(lang, 'repayments:process.allocation'), { exact: true })).toBeVisible();
  await m.getByRole('button', { name: btn(t(lang, 'repayments:process.post')) }).click();
  const posting = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/repayments') && r.request().method() === 'POST');
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'repayments:process.post')) }).click();
  const res = await posting;
  expect(res.status()).toBe(200);
  receipt = ((await res.json()) as { data: RepaymentItem }).data;
  expect(receipt.lines.map((l) => l.tenor)).toEqual([1, 2]);
  expect(receipt.tempAmount).toBe('500.00');

  const sheet = m.locator('section[data-paper="receipt"]:visible');
  await expect(sheet).toContainText(receipt.repayNo);
  await expect(sheet).toContainText('500.00');
  let printed = false;
  page.on('dialog', () => undefined);
  await page.exposeFunction('harbourPrinted', () => (printed = true));
  await page.evaluate(() => {
    window.print = () => (window as unknown as { harbourPrinted: () => void }).harbourPrinted();
  });
  await m.getByRole('button', { name: btn(t(lang, 'repayments:process.printReceipt')) }).click();
  await expect.poll(() => printed).toBe(true);
  await sheet.scrollIntoViewIfNeeded();
  await shot(page, 'repayment-collector-receipt');
});

test('the manager voids the collector’s receipt, and the loan is overdue again', async ({ page, request }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'manager', lang);
  await goInApp(page, `/repayment/list?repayNo=${encodeURIComponent(receipt.repayNo)}`);
  const row = main(page).locator('tr', { hasText: receipt.repayNo });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: receipt.repayNo });
  await dialog.getByLabel(t(lang, 'repayments:fields.reason'), { exact: true }).fill('收款金額輸入錯誤');
  await dialog.getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) }).click();
  const voiding = page.waitForResponse((r) => r.url().endsWith(`/repayments/${receipt.id}/correct`));
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) }).click();
  // under four eyes the void is a request until a second person approves it
  await approvedBySecondPerson(request, await voiding);
  await page.reload();
  await expect(row.getByText(t(lang, 'enums:repaymentCorrection.void'), { exact: true })).toBeVisible({ timeout: 15_000 });

  const loaded = page.waitForResponse((r) => r.url().includes(`/repayments/due?loanId=${OVERDUE_LOAN}`));
  await goInApp(page, `/repayment/process?loanId=${OVERDUE_LOAN}`);
  const due = ((await (await loaded).json()) as { data: DueState }).data;
  expect(due.instalments.filter((i) => i.state === 'overdue').map((i) => i.tenor)).toEqual([1, 2]);
  expect(due.tempAmount).toBe('0.00');
});

test('an early settlement quote of the overdue loan prints, and posting it completes the loan', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'manager', lang);
  await goInApp(page, `/repayment/settlement?loanId=${OVERDUE_LOAN}`);
  const m = main(page);
  const quote = m.locator('.settlement-quote-sheet:visible');
  await expect(quote).toBeVisible({ timeout: 15_000 });
  await expect(quote).toContainText('張小燕');
  // the overdue interest charged to the day is part of the quote
  await expect(quote.locator('tr', { hasText: t(lang, 'settlement:fields.overdueInterest') }).first()).not.toContainText(/^\s*0\.00\s*$/);
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await m.getByRole('button', { name: btn(t(lang, 'settlement:print')) }).click();
  await expect(page.locator('.loan-papers-print .settlement-quote-sheet')).toHaveCount(1);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.locator('.loan-papers-print')).toHaveCount(0);

  await m.getByRole('button', { name: btn(t(lang, 'settlement:post')) }).last().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const posted = page.waitForResponse((r) => r.url().endsWith('/repayments/settle') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: btn(t(lang, 'settlement:post')) }).click();
  expect((await posted).status()).toBe(200);
  await expect(m.locator('.ant-result-success')).toContainText(t(lang, 'enums:loanStatus.complete'));
});
