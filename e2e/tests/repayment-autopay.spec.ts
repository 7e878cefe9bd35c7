/**
 * Autopay and FPS payment codes (docs/autopay.md, docs/repayments.md → FPS payment codes). A
 * manager, in zh-TW, makes the autopay instruction file for the due date of a loan made here with
 * autopay details, imports the bank's result rejecting it, and finds it on the rejected list with
 * the bank's reason. The loan's s.19 statement prints its FPS payment code: the code is read back
 * from the rendered image with jsQR (a decoder independent of the encoder) and must carry the
 * payload the domain builds from the demo lender's FPS ID, the amount due and the loan number.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { DueState } from '@harbour/contracts';
import { fpsPaymentCode, parseEmvTlv } from '@harbour/domain';
import { apiLogin, expect, expectScreenAccessible, goInApp, screensDir, screenSizes, shot, signIn, t, test, type Lang } from '../fixtures/index.js';
import { api, paidOutLoan } from './loan-steps.js';
import { btn } from './tools-helpers.js';

test('a manager sends an autopay file, imports a rejection, and the statement prints an FPS code that decodes to the amount due and loan number', async ({ page, request }) => {
  const lang: Lang = 'zh-TW';
  await page.setViewportSize({ width: 1440, height: 900 });
  const loan = await paidOutLoan(request, {
    borrower: '張小燕',
    loanAmount: '6000',
    totalTenor: 3,
    approval: { overdueRate: '24', overduePenalty: '100' },
    terms: { autopayRefNo: 'DDA-E2E', autopayBankName: 'HSBC', autopayAccountName: 'CHEUNG SIU YIN', autopayBankCode: '004', autopayBranchCode: '123', autopayAccountNo: '123456789001' },
  });
  const due = await api<DueState>(request, await apiLogin(request, 'manager'), 'GET', `/repayments/due?loanId=${loan.id}`);
  const dueDate = due.nextDueDate!;
  const instalment = due.instalments[0]!.unpaid;

  await signIn(page, 'manager', lang);
  await goInApp(page, '/repayment/autopay');
  const main = page.getByRole('main');
  const date = main.getByLabel(t(lang, 'repayments:autopay.dueDate'));
  await date.fill(dueDate);
  await date.press('Enter');
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: btn(t(lang, 'repayments:autopay.make')) }).click();
  const file = await download;
  const csv = (await (await file.createReadStream()).toArray()).join('');
  const line = csv.split('\r\n').find((l) => l.endsWith(`,${loan.loanNo}`));
  expect(line, csv).toBe(`${line!.split(',')[0]},DDA-E2E,004,123,123456789001,CHEUNG SIU YIN,${instalment},HKD,${dueDate},${loan.loanNo}`);
  const instructionId = line!.split(',')[0]!;

  // the bank's result: the debit rejected
  const imported = page.waitForResponse((r) => r.url().endsWith('/autopay/results') && r.status() === 200);
  await main.locator('input[type=file]').setInputFiles({ name: 'result.csv', mimeType: 'text/csv', buffer: Buffer.from(`instruction_id,status,reason\r\n${instructionId},REJECTED,存款不足\r\n`) });
  await imported;
  const rejectedRow = main.getByTestId('autopay-rejected').getByRole('row', { name: new RegExp(loan.loanNo) });
  await expect(rejectedRow).toContainText('存款不足');
  await expect(rejectedRow).toContainText(instalment.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  await shot(page, 'repayment-autopay');
  // the borrower is told by SMS from the "autopay rejected" template
  const queued = page.waitForResponse((r) => r.url().endsWith('/sms/send') && r.status() === 200);
  await rejectedRow.getByRole('button', { name: btn(t(lang, 'repayments:autopay.sendSms')) }).click();
  expect(((await (await queued).json()) as { data: { queued: number } }).data.queued).toBe(1);

  // the s.19 statement: nothing due yet, so its FPS code asks for the first instalment
  await goInApp(page, `/repayment/statement?loanId=${loan.id}`);
  const code = main.locator('section[data-paper="statement"] svg.fps-code-image');
  await expect(code).toBeVisible({ timeout: 15_000 });
  const png = PNG.sync.read(await code.screenshot());
  const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  const expected = fpsPaymentCode({ proxyType: 'fps-id', proxyValue: '1234567', merchantName: 'Harbour Finance', amount: instalment, reference: loan.loanNo });
  expect(read?.data).toBe(expected);
  expect(parseEmvTlv(read!.data).find((o) => o.id === '54')?.value).toBe(instalment);

  // printed by the browser: the A4 PDF and its first page as PNG, to look at
  const dir = path.join(screensDir, 'print');
  mkdirSync(dir, { recursive: true });
  const pdf = path.join(dir, `statement-fps-${lang}.pdf`);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', pdf, path.join(dir, `statement-fps-${lang}`)]);
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`autopay screen in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await goInApp(page, '/repayment/autopay');
      await expect(page.getByRole('main').getByRole('button', { name: btn(t(lang, 'repayments:autopay.make')) })).toBeVisible();
      await expectScreenAccessible(page);
      await shot(page, 'repayment-autopay-screen');
    });
  }
}
