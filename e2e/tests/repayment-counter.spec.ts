/**
 * The counter at speed (issue 30): a Mong Kok clerk takes a payment for a loan found by part of the
 * borrower's phone in at most 6 interactions and without scrolling, in Traditional Chinese at
 * 1440×900: type 4 digits of the phone in the global search → the loan's counter under it → the
 * amount (focused on open) → Enter previews → Ctrl+Enter → confirm. Every interaction is counted,
 * and after each the page is still at the top with the borrower, the form and the allocation in view.
 * The loan is the test's own (黃家豪, 旺角, paid out today through the API).
 */
import type { Page } from '@playwright/test';
import { DESKTOP, expect, shot, signIn, t, test, type Lang } from '../fixtures/index.js';
import { paidOutLoan } from './loan-steps.js';
import { btn } from './tools-helpers.js';

const lang: Lang = 'zh-TW';
const BORROWER = '黃家豪';
/** 4 of the 8 digits of 黃家豪's mobile (9456 7303): a part of a phone, not a number lookup. */
const PHONE_PART = '7303';

test('a receipt for a loan found by part of a phone is posted in at most 6 interactions, with no scroll at 1440×900', async ({ page, request }) => {
  const loan = await paidOutLoan(request, { borrower: BORROWER, loanAmount: '6000', totalTenor: 6, approval: { overdueRate: '24', overduePenalty: '100' } });
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'clerk', lang);

  let interactions = 0;
  const scrolls: number[] = [];
  /** One user interaction, then where the page stands: it must not have scrolled. */
  const step = async (what: () => Promise<unknown>) => {
    await what();
    interactions += 1;
    scrolls.push(await page.evaluate(() => window.scrollY));
  };
  const inView = async (locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox();
    expect(box, 'on screen').not.toBeNull();
    expect(box!.y + box!.height, 'above the fold').toBeLessThanOrEqual(DESKTOP.height);
  };

  const search = page.getByRole('combobox', { name: t(lang, 'shell:search.label') });
  await step(() => search.fill(PHONE_PART));
  const counter = page.locator('.ant-select-dropdown:visible').getByText(`${t(lang, 'shell:menu.repayment.process')} · ${loan.loanNo}`, { exact: true });
  await step(() => counter.click());

  const m = page.getByRole('main');
  const amount = m.getByLabel(t(lang, 'repayments:fields.received'), { exact: true });
  await expect(amount).toBeFocused({ timeout: 15_000 });
  await expect(m.getByText(`${loan.loanNo} · ${BORROWER}`, { exact: true })).toBeVisible();
  // the borrower's phones, masked
  await expect(m.getByLabel(t(lang, 'repayments:process.phones'))).toHaveText(/\*{4}7303/);

  // the allocation is asked once typing settles or on Enter, whichever comes first: on a slow
  // machine the settled typing asks before Enter, so the answer is awaited from the first key
  const previewed = page.waitForResponse((r) => r.url().endsWith('/repayments/preview') && r.request().postDataJSON()?.received === '1500');
  await step(() => page.keyboard.type('1500'));
  await step(() => page.keyboard.press('Enter'));
  expect((await previewed).status()).toBe(200);
  const allocation = m.getByRole('region', { name: t(lang, 'repayments:process.allocation') });
  await expect(allocation).toBeVisible();
  for (const part of [m.getByText(`${loan.loanNo} · ${BORROWER}`, { exact: true }), amount, allocation]) await inView(part);
  await shot(page, 'repayment-counter');

  await step(() => page.keyboard.press('Control+Enter'));
  const confirmBox = page.locator('.ant-modal-confirm:visible');
  await expect(confirmBox).toContainText('1,500.00');
  const posting = page.waitForResponse((r) => /\/repayments$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await step(() => confirmBox.getByRole('button', { name: btn(t(lang, 'repayments:process.post')) }).click());
  const res = await posting;
  expect(res.status()).toBe(200);
  const receipt = ((await res.json()) as { data: { repayNo: string; received: string; loanId: number } }).data;
  expect({ loanId: receipt.loanId, received: receipt.received }).toEqual({ loanId: loan.id, received: '1500.00' });
  await expect(m.getByText(t(lang, 'repayments:process.posted').replace('{{repayNo}}', receipt.repayNo)).first()).toBeVisible();

  expect(interactions).toBeLessThanOrEqual(6);
  expect(scrolls).toEqual(Array(interactions).fill(0));
});
