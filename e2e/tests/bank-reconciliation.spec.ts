/**
 * Bank reconciliation (issue: the bank's money in), on data it makes itself: a bank account of
 * 旺角 and two loans paid out today through the API. The collector imports a camt.053 statement,
 * confirms the suggestion of a line whose reference names both loans (choosing the first), parks
 * an unknown payer in suspense and later assigns that money to the second loan; the totals add up.
 */
import type { Page } from '@playwright/test';
import { apiLogin, chooseOption, expect, goInApp, shot, signIn, t, test, type Lang } from '../fixtures/index.js';
import { api, hongKongToday, paidOutLoan } from './loan-steps.js';
import { btn } from './tools-helpers.js';

const lang: Lang = 'zh-TW';
const main = (page: Page) => page.getByRole('main');
const line = (page: Page, txn: string) => main(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: txn });
const posted = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(path) && r.request().method() === 'POST');

function camt(accountNo: string, today: string, entries: { id: string; amount: string; ref: string; payer: string }[]): string {
  const ntry = entries
    .map(
      (e) => `<Ntry><NtryRef>${e.id}</NtryRef><Amt Ccy="HKD">${e.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>${today}</Dt></BookgDt><ValDt><Dt>${today}</Dt></ValDt><AcctSvcrRef>${e.id}</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>${e.payer}</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>${e.ref}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>E2E</MsgId><CreDtTm>${today}T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>E2E-${accountNo}</Id><Acct><Id><Othr><Id>${accountNo}</Id></Othr></Id><Ccy>HKD</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="HKD">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${today}</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="HKD">1300.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${today}</Dt></Dt></Bal>
${ntry}</Stmt></BkToCstmrStmt></Document>`;
}

test('the collector imports a statement, confirms a suggestion, parks an unknown payer in suspense and assigns it to a loan', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const approval = { overdueRate: '36', overduePenalty: '100', affordabilityReason: 'Bank reconciliation e2e loan' };
  const first = await paidOutLoan(request, { borrower: '陳志明', loanAmount: '12000', totalTenor: 6, approval });
  const second = await paidOutLoan(request, { borrower: '陳志明', loanAmount: '12000', totalTenor: 6, approval });
  const accountNo = `${Date.now()}`.slice(-12);
  const manager = await apiLogin(request, 'manager');
  await api(request, manager, 'POST', '/bankAccounts', { bankName: '恒生銀行', bankCode: '024', accountName: '海港財務有限公司', accountNo, ledgerAccount: 'bank' });
  const today = hongKongToday();
  const file = camt(accountNo, today, [
    { id: `${accountNo}-1`, amount: '800.00', ref: `${first.loanNo} ${second.loanNo}`, payer: 'CHAN CHI MING' },
    { id: `${accountNo}-2`, amount: '500.00', ref: 'TRANSFER', payer: 'UNKNOWN PAYER LTD' },
  ]);

  await signIn(page, 'collector', lang);
  await goInApp(page, '/repayment/bankReconciliation');
  await chooseOption(main(page).getByLabel(t(lang, 'reconciliation:bankAccount'), { exact: true }), accountNo);
  await main(page).locator('input[type=file]').setInputFiles({ name: 'statement.xml', mimeType: 'application/xml', buffer: Buffer.from(file) });
  const importing = posted(page, '/bankStatements/import');
  await main(page).getByRole('button', { name: btn(t(lang, 'reconciliation:import')) }).last().click();
  expect((await importing).status()).toBe(200);

  const suggested = line(page, `${accountNo}-1`);
  await expect(suggested).toContainText(t(lang, 'reconciliation:reasons.severalReferenced'));
  const unknown = line(page, `${accountNo}-2`);
  await expect(unknown).toContainText(t(lang, 'reconciliation:states.unmatched'));
  await expect(main(page).getByTestId('bank-totals')).toContainText('1,300.00');

  // the suggestion: the reference names both loans; the collector chooses the first
  const confirming = posted(page, '/assign');
  // choosing posts at once and the line leaves its picker behind: click the option, then read the line
  await suggested.getByLabel(t(lang, 'reconciliation:actions.assign')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: first.loanNo }).first().click();
  expect((await confirming).status()).toBe(200);
  await expect(line(page, `${accountNo}-1`)).toContainText(t(lang, 'reconciliation:states.posted'));

  // the unknown payer waits in suspense, then is assigned to the second loan
  const parking = posted(page, '/suspense');
  await unknown.getByRole('button', { name: btn(t(lang, 'reconciliation:actions.suspense')) }).click();
  expect((await parking).status()).toBe(200);
  const parked = line(page, `${accountNo}-2`);
  await expect(parked).toContainText(t(lang, 'reconciliation:states.suspense'));
  await expect(main(page).getByTestId('bank-totals')).toContainText('500.00');
  const assigning = posted(page, '/assign');
  const picker = parked.getByLabel(t(lang, 'reconciliation:actions.assign'));
  await picker.click();
  await picker.fill(second.loanNo);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: second.loanNo }).first().click();
  expect((await assigning).status()).toBe(200);
  await expect(line(page, `${accountNo}-2`)).toContainText(t(lang, 'reconciliation:states.posted'));
  await expect(line(page, `${accountNo}-2`)).toContainText(second.loanNo);
  await shot(page, 'bank-reconciliation', { fullPage: true });
});
