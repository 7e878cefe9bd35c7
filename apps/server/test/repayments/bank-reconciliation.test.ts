import type { BankAccountItem, BankStatementDetail, DueState, LoanItem } from '@harbour/contracts';
import { dec, sum } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { camt053, type CamtEntry } from '../helpers/camt053.js';
import { hongKongToday, repayingLoan } from '../helpers/repaying.js';

/**
 * Bank reconciliation on the real server: a camt.053 statement and an overlapping CSV built here,
 * matched by reference, autopay reference, payer name + amount due, ambiguous and unknown payers;
 * posted once under 16 concurrent "post all" clicks; suspense parked and assigned; re-imports
 * change nothing; the ledger balances and its suspense equals the credits parked there.
 */
let t: TestApp;
let manager: string;
let accountant: string;
let today: string;
let account: BankAccountItem;
const loan: Record<string, LoanItem> = {};
const due: Record<string, string> = {};

const ACCOUNT_NO = '012-345678-001';

/** The statement of the test's date. */
const camt = (stmtId: string, entries: CamtEntry[], opening: string, closing: string) => camt053(stmtId, today, entries, opening, closing);

const statement = async (id: number) => dataOf(await call<BankStatementDetail>(t.app, 'GET', `/bankStatements/${id}`, { token: manager, lang: 'en' }));
const lineOf = (s: BankStatementDetail, txn: string) => s.lines.find((l) => l.bankTxnId === txn)!;
const count = async (q: string, p: unknown[] = []) => (await t.pool.query<{ n: number }>(q, p)).rows[0]!.n;
const ledgerOf = async (accountKey: string) =>
  (await t.pool.query<{ b: string }>(`select coalesce(sum(debit - credit), 0)::numeric(16,2)::text b from journal_lines where account = $1`, [accountKey])).rows[0]!.b;

let camtId = 0;
let csvId = 0;
let camtFile = '';
let csvFile = '';

beforeAll(async () => {
  t = await createTestApp();
  await fourEyesOff(t);
  const [m, c, a] = await Promise.all(['manager', 'clerk', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token));
  manager = m!;
  accountant = a!;
  today = await hongKongToday(t);
  const who = { manager: m!, clerk: c!, accountant: a! };
  const chan = await insertCustomer(t.pool, { code: 'BR0001', name: '陳大文', idNumber: 'B1234560', mobile1: '91240001' });
  const lee = await insertCustomer(t.pool, { code: 'BR0002', name: '李小明', idNumber: 'C1234565', mobile1: '91240002' });
  const wong = await insertCustomer(t.pool, { code: 'BR0003', name: '黃美玲', idNumber: 'D1234568', mobile1: '91240003' });
  for (const [name, customer] of [['ref', chan], ['autopay', chan], ['name', lee], ['twinA', wong], ['twinB', wong]] as const) {
    loan[name] = await repayingLoan(t, who, customer, today, { daysAgo: 40, amount: '12000', tenor: 6 });
  }
  await t.pool.query(`update loans set autopay_ref_no = 'AP778899' where id = $1`, [loan.autopay!.id]);
  for (const name of Object.keys(loan)) {
    due[name] = dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: manager, query: { loanId: loan[name]!.id, date: today } })).amountDue;
  }
  account = dataOf(
    await call<BankAccountItem>(t.app, 'POST', '/bankAccounts', {
      token: manager,
      body: { bankName: '香港上海滙豐銀行', bankCode: '004', accountName: 'Harbour Finance Ltd', accountNo: ACCOUNT_NO, ledgerAccount: 'bank2' },
    }),
  );
  camtFile = camt(
    'STMT-2026-001',
    [
      { id: 'TXN001', amount: due.ref!, cd: 'CRDT', ref: `REPAY ${loan.ref!.loanNo}`, payer: 'CHAN TAI MAN' },
      { id: 'TXN002', amount: due.autopay!, cd: 'CRDT', ref: 'FPS AP778899', payer: '陳大文' },
      { id: 'TXN003', amount: due.name!, cd: 'CRDT', ref: 'monthly', payer: '李小明' },
      { id: 'TXN004', amount: due.twinA!, cd: 'CRDT', ref: 'instalment', payer: '黃 美玲' },
      { id: 'TXN005', amount: '5000.00', cd: 'CRDT', ref: 'INV 88', payer: 'UNKNOWN TRADING CO' },
      { id: 'TXN006', amount: '120.00', cd: 'DBIT', ref: 'BANK CHARGES' },
      { id: 'TXN001', amount: due.ref!, cd: 'CRDT', ref: `REPAY ${loan.ref!.loanNo}`, payer: 'CHAN TAI MAN' },
    ],
    '0.00',
    '20000.00',
  );
  csvFile = [
    'Txn Date,Value Date,Amount,Dr/Cr,Remarks,Payer,Bank Ref',
    `${today},${today},"${due.ref}",CR,REPAY ${loan.ref!.loanNo},CHAN TAI MAN,TXN001`,
    `${today},${today},120.00,DR,BANK CHARGES,,TXN006`,
    `${today},${today},"1,234.56",CR,GIFT,MYSTERY PAYER,TXN101`,
    `${today},${today},88.00,CR,BANK INTEREST,,TXN102`,
  ].join('\n');
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

describe('bank accounts', () => {
  it('are master data of the store, HKD, with their ledger account; a number twice is refused on the field', async () => {
    expect(account).toMatchObject({ bankName: '香港上海滙豐銀行', bankCode: '004', accountNo: ACCOUNT_NO, currency: 'HKD', ledgerAccount: 'bank2', active: true, csvMapping: null });
    const again = await call(t.app, 'POST', '/bankAccounts', { token: manager, lang: 'en', body: { bankName: 'HSBC', accountName: 'x', accountNo: ACCOUNT_NO } });
    expect(again.statusCode).toBe(400);
    expect(JSON.stringify(again.body)).toContain('This store already has this account number.');
    expect((await call(t.app, 'GET', '/bankAccounts', { token: accountant })).statusCode).toBe(403);
  });
});

describe('statement import and matching', () => {
  it('imports the camt.053 once per bank transaction id and matches each credit in order', async () => {
    const res = dataOf(
      await call<{ added: number; duplicates: number; alreadyImported: boolean; statement: { id: number } }>(t.app, 'POST', '/bankStatements/import', {
        token: manager,
        body: { bankAccountId: account.id, format: 'camt053', fileName: 'stmt.xml', content: camtFile },
      }),
    );
    expect(res).toMatchObject({ added: 6, duplicates: 1, alreadyImported: false });
    camtId = res.statement.id;
    const s = await statement(camtId);
    expect(s).toMatchObject({ openingBalance: '0.00', closingBalance: '20000.00', fromDate: today, toDate: today });
    expect(lineOf(s, 'TXN001')).toMatchObject({ state: 'matched', reason: 'loanNo', loanId: loan.ref!.id, payerName: 'CHAN TAI MAN' });
    expect(lineOf(s, 'TXN002')).toMatchObject({ state: 'matched', reason: 'autopayRef', loanId: loan.autopay!.id });
    expect(lineOf(s, 'TXN003')).toMatchObject({ state: 'suggested', reason: 'nameAmount', loanId: loan.name!.id, amount: due.name });
    expect(lineOf(s, 'TXN004')).toMatchObject({ state: 'suggested', reason: 'severalNameAmount', loanId: null });
    expect(lineOf(s, 'TXN004').candidates.map((c) => c.loanId).sort()).toEqual([loan.twinA!.id, loan.twinB!.id].sort());
    expect(lineOf(s, 'TXN005')).toMatchObject({ state: 'unmatched', reason: 'none', loanId: null });
    expect(lineOf(s, 'TXN006')).toMatchObject({ state: 'debit', direction: 'debit', amount: '120.00' });
  });

  it('refuses a statement of another account and a malformed file, in the caller’s language, adding nothing', async () => {
    const other = camtFile.replace('012345678001', '999999999999').replace('STMT-2026-001', 'STMT-X');
    const res = await call(t.app, 'POST', '/bankStatements/import', { token: manager, lang: 'en', body: { bankAccountId: account.id, format: 'camt053', fileName: 'x.xml', content: other } });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.body)).toContain('The statement is of account 999999999999');
    const bad = await call(t.app, 'POST', '/bankStatements/import', { token: manager, lang: 'zh-TW', body: { bankAccountId: account.id, format: 'camt053', fileName: 'x.xml', content: '<Document><Stmt>' } });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('檔案不是 camt.053 月結單');
    expect(await count(`select count(*)::int n from bank_statement_lines`)).toBe(6);
  });

  it('previews a CSV with a mapping, saves the mapping, and imports the overlapping CSV adding only new lines', async () => {
    const mapping = { bookingDate: 'Txn Date', valueDate: 'Value Date', amount: 'Amount', direction: 'Dr/Cr', reference: 'Remarks', payerName: 'Payer', bankTxnId: 'Bank Ref' };
    const preview = dataOf(
      await call<{ lines: { bankTxnId: string; amount: string; direction: string }[]; errors: unknown[]; total: number }>(t.app, 'POST', '/bankStatements/csvPreview', {
        token: manager,
        body: { bankAccountId: account.id, content: csvFile, mapping },
      }),
    );
    expect(preview.total).toBe(4);
    expect(preview.errors).toEqual([]);
    expect(preview.lines.map((l) => [l.bankTxnId, l.amount, l.direction])).toEqual([
      ['TXN001', due.ref, 'credit'],
      ['TXN006', '120.00', 'debit'],
      ['TXN101', '1234.56', 'credit'],
      ['TXN102', '88.00', 'credit'],
    ]);
    const noMapping = await call(t.app, 'POST', '/bankStatements/import', { token: manager, lang: 'en', body: { bankAccountId: account.id, format: 'csv', fileName: 's.csv', content: csvFile } });
    expect(noMapping.statusCode).toBe(422);
    dataOf(await call(t.app, 'POST', `/bankAccounts/${account.id}/saveCsvMapping`, { token: manager, body: mapping }));
    const res = dataOf(
      await call<{ added: number; duplicates: number; statement: { id: number } }>(t.app, 'POST', '/bankStatements/import', {
        token: manager,
        body: { bankAccountId: account.id, format: 'csv', fileName: 's.csv', content: csvFile },
      }),
    );
    expect(res).toMatchObject({ added: 2, duplicates: 2 });
    csvId = res.statement.id;
    expect((await statement(csvId)).lines.map((l) => [l.bankTxnId, l.state])).toEqual([
      ['TXN101', 'unmatched'],
      ['TXN102', 'unmatched'],
    ]);
  });
});

describe('reconciliation', () => {
  it('posts each matched line once under 16 concurrent "post all" clicks, through the counter’s receipt', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, () => call<{ posted: number; skipped: number; failed: unknown[] }>(t.app, 'POST', `/bankStatements/${camtId}/postMatched`, { token: manager })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(200));
    const results = answers.map((a) => dataOf(a));
    expect(results.reduce((s, r) => s + r.posted, 0)).toBe(2);
    expect(results.flatMap((r) => r.failed)).toEqual([]);
    const receipts = await t.pool.query<{ loan_id: number; received: string; method: string; repay_no: string }>(
      `select loan_id, received::text, method, repay_no from loan_repayments where loan_id = any($1) order by loan_id`,
      [[loan.ref!.id, loan.autopay!.id]],
    );
    expect(receipts.rows.map((r) => [r.loan_id, r.received, r.method])).toEqual([
      [loan.ref!.id, due.ref, 'bank-transfer'],
      [loan.autopay!.id, due.autopay, 'bank-transfer'],
    ]);
    const s = await statement(camtId);
    expect(lineOf(s, 'TXN001')).toMatchObject({ state: 'posted', repayNo: receipts.rows[0]!.repay_no });
    // the receipt landed in the account's ledger account, not the chart's default bank
    expect(await ledgerOf('bank2')).toBe(s.totals.posted);
    expect(await count(`select count(*)::int n from audit_log where module = 'repayments' and action = 'add' and after->>'bankTxnId' in ('TXN001', 'TXN002')`)).toBe(2);
  });

  it('confirms a suggestion, chooses among candidates, parks an unknown payer and later assigns it', async () => {
    const s = await statement(camtId);
    const confirm = dataOf(await call<{ line: { state: string; reason: string } }>(t.app, 'POST', `/bankStatementLines/${lineOf(s, 'TXN003').id}/assign`, { token: manager, body: { loanId: loan.name!.id } }));
    expect(confirm.line).toMatchObject({ state: 'posted', reason: 'assigned' });
    dataOf(await call(t.app, 'POST', `/bankStatementLines/${lineOf(s, 'TXN004').id}/assign`, { token: manager, body: { loanId: loan.twinB!.id } }));
    const parked = dataOf(await call<{ line: { state: string }; totals: { suspense: string } }>(t.app, 'POST', `/bankStatementLines/${lineOf(s, 'TXN005').id}/suspense`, { token: manager }));
    expect(parked).toMatchObject({ line: { state: 'suspense' }, totals: { suspense: '5000.00' } });
    expect(await ledgerOf('suspense')).toBe('-5000.00');
    const twice = await call(t.app, 'POST', `/bankStatementLines/${lineOf(s, 'TXN005').id}/ignore`, { token: manager, lang: 'en', body: { reason: 'x' } });
    expect(twice.statusCode).toBe(422);
    expect(JSON.stringify(twice.body)).toContain('This line is In suspense');
    const assigned = dataOf(await call<{ line: { state: string; loanId: number }; totals: { suspense: string } }>(t.app, 'POST', `/bankStatementLines/${lineOf(s, 'TXN005').id}/assign`, { token: manager, body: { loanId: loan.ref!.id } }));
    expect(assigned).toMatchObject({ line: { state: 'posted', loanId: loan.ref!.id }, totals: { suspense: '0.00' } });
    expect(await ledgerOf('suspense')).toBe('0.00');
    const after = await statement(camtId);
    expect(after.totals).toEqual({
      credits: moneySum([due.ref!, due.autopay!, due.name!, due.twinA!, '5000.00']),
      debits: '120.00',
      posted: moneySum([due.ref!, due.autopay!, due.name!, due.twinA!, '5000.00']),
      suspense: '0.00',
      ignored: '0.00',
      open: '0.00',
      creditCount: 5,
    });
  });

  it('keeps credits = posted + suspense + ignored + open on the CSV statement; suspense equals the unmatched credits parked', async () => {
    const s = await statement(csvId);
    dataOf(await call(t.app, 'POST', `/bankStatementLines/${lineOf(s, 'TXN101').id}/suspense`, { token: manager }));
    dataOf(await call(t.app, 'POST', `/bankStatementLines/${lineOf(s, 'TXN102').id}/ignore`, { token: manager, body: { reason: 'Interest paid by the bank' } }));
    const after = await statement(csvId);
    expect(after.totals).toEqual({ credits: '1322.56', debits: '0.00', posted: '0.00', suspense: '1234.56', ignored: '88.00', open: '0.00', creditCount: 2 });
    expect(lineOf(after, 'TXN102')).toMatchObject({ state: 'ignored', ignoreReason: 'Interest paid by the bank' });
    expect(await ledgerOf('suspense')).toBe('-1234.56');
    // the bank account's ledger holds what came in and was not ignored: posted + parked
    const camtTotals = (await statement(camtId)).totals;
    expect(await ledgerOf('bank2')).toBe(moneySum([camtTotals.posted, '1234.56']));
    expect(after.ledger).toMatchObject({ account: 'bank2', balance: moneySum([camtTotals.posted, '1234.56']) });
  });

  it('changes nothing when both files are imported again', async () => {
    const before = await count(`select count(*)::int n from bank_statement_lines`);
    const entries = await count(`select count(*)::int n from journal_entries`);
    for (const [format, content] of [['camt053', camtFile], ['csv', csvFile]] as const) {
      const res = dataOf(await call<{ alreadyImported: boolean; added: number }>(t.app, 'POST', '/bankStatements/import', { token: manager, body: { bankAccountId: account.id, format, fileName: 'again', content } }));
      expect(res).toMatchObject({ alreadyImported: true, added: 0 });
    }
    // the same lines in a new file (another statement id) add nothing either
    const renamed = camtFile.replace('STMT-2026-001', 'STMT-2026-002');
    expect(dataOf(await call<{ added: number; duplicates: number }>(t.app, 'POST', '/bankStatements/import', { token: manager, body: { bankAccountId: account.id, format: 'camt053', fileName: 'b', content: renamed } }))).toMatchObject({ added: 0, duplicates: 7 });
    expect(await count(`select count(*)::int n from bank_statement_lines`)).toBe(before);
    expect(await count(`select count(*)::int n from journal_entries`)).toBe(entries);
    await expectLedgerBalanced(t.db);
  });

  it('imports a statement of several megabytes (4,000 lines, above the app’s 2 MB body limit)', async () => {
    const other = dataOf(await call<BankAccountItem>(t.app, 'POST', '/bankAccounts', { token: manager, body: { bankName: 'Hang Seng Bank', accountName: 'Harbour', accountNo: '024-888888-001' } }));
    const entries = Array.from({ length: 4000 }, (_, i) => ({ id: `BIG${i}`, amount: `${100 + (i % 50)}.00`, cd: 'CRDT' as const, ref: `PAYMENT ${i} ${'X'.repeat(200)}`, payer: `PAYER ${i}` }));
    const big = camt('STMT-BIG', entries, '0.00', '0.00').replace('012345678001', '024888888001');
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = dataOf(await call<{ added: number; statement: { totals: { credits: string; open: string } } }>(t.app, 'POST', '/bankStatements/import', { token: manager, body: { bankAccountId: other.id, format: 'camt053', fileName: 'big.xml', content: big } }));
    // 80 rounds of 100.00 … 149.00: 80 × 6,225.00
    expect(res).toMatchObject({ added: 4000, statement: { totals: { credits: '498000.00', open: '498000.00' } } });
  });

  it('is store-scoped and needs its keys', async () => {
    const line = lineOf(await statement(csvId), 'TXN101');
    expect((await call(t.app, 'GET', `/bankStatements/${camtId}`, { token: accountant })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/bankStatements/${camtId}/postMatched`, { token: accountant })).statusCode).toBe(403);
    // the collector holds the keys; in Kwun Tong the Mong Kok statement, its lines and account are not there
    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'GET', `/bankStatements/${camtId}`, { token: away })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/bankStatements/${camtId}`, { token: away })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/bankStatementLines/${line.id}/assign`, { token: away, body: { loanId: loan.ref!.id } })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/bankStatements/import', { token: away, body: { bankAccountId: account.id, format: 'csv', fileName: 'x', content: csvFile } })).statusCode).toBe(404);
  });
});

/** Adds decimal strings exactly (the domain's decimals). */
const moneySum = (values: string[]) => sum(values.map((v) => dec(v))).toFixed(2);
