import type { LoanItem, LoanPapers, PrescribedSummary } from '@harbour/contracts';
import { PRESCRIBED_SUMMARY_MAX_CHARS } from '@harbour/contracts';
import { addDays } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';

/**
 * Master data → company information → the prescribed summary (Cap. 163A Schedule 3) as the lender
 * enters it: append-only versions with an effective date; the papers print the version in force on
 * the loan's agreement date and a print of the summary keeps which version it printed.
 */
let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let accountant: string;
let borrower: number;
let today: string;

const PATH = '/companyInfo/prescribedSummaries';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await loginAs(t.app, 'admin')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  borrower = await insertCustomer(t.pool, { code: 'PS0001', name: '丁摘要', idNumber: 'A1234563', mobile1: '91234511' });
  today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
});
afterAll(() => t.close());

/** An approved loan agreed on `loanDate`. */
async function approvedLoan(loanDate: string): Promise<LoanItem> {
  const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: smallApplication(borrower, { applyDate: loanDate, loanDate, interestStartDate: loanDate }) }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
  return dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body: {} }));
}

const papersOf = async (id: number) => dataOf(await call<LoanPapers>(t.app, 'GET', `/loans/${id}/papers`, { token: clerk }));
const count = async () => Number((await t.pool.query(`select count(*) n from prescribed_summaries`)).rows[0].n);

describe('prescribed summary versions', () => {
  it('refuses bad input (400) and a role without the key (403); nothing is written', async () => {
    const good = { effectiveFrom: '2026-01-01', textEn: '# Summary\n\nText.', textZh: '# 摘要\n\n文字。' };
    expect((await call(t.app, 'POST', PATH, { token: accountant, body: good })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', PATH, { token: clerk, body: good })).statusCode).toBe(403);
    for (const bad of [
      { ...good, textEn: '   ' },
      { ...good, textZh: undefined },
      { ...good, effectiveFrom: '2026-02-30' },
      { ...good, effectiveFrom: undefined },
      { ...good, textZh: 'x'.repeat(PRESCRIBED_SUMMARY_MAX_CHARS + 1) },
      { ...good, version: 9 },
    ]) {
      expect((await call(t.app, 'POST', PATH, { token: manager, body: bad, lang: 'en' })).statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const blank = await call(t.app, 'POST', PATH, { token: manager, body: { ...good, textEn: '   ' }, lang: 'en' });
    expect((blank.body as { errors: { field: string; message: string }[] }).errors).toEqual([{ field: 'textEn', message: 'Enter the text in both English and Chinese' }]);
    expect(await count()).toBe(0);
  });

  it('until one is entered, the papers carry none and a print of the summary records that', async () => {
    const loan = await approvedLoan(today);
    expect((await papersOf(loan.id)).prescribedSummary).toBeNull();
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/print`, { token: clerk, body: { document: 'mlo-summary', language: 'en' } }));
    const { rows } = await t.pool.query(`select after from audit_log where module = 'loans' and action = 'print' and reference = $1`, [String(loan.id)]);
    expect(rows[0].after).toMatchObject({ document: 'mlo-summary', summaryVersion: null });
  });

  it('adds versions append-only, lists them newest first, and the papers print the one in force on the agreement date', async () => {
    const v1 = dataOf(await call<PrescribedSummary>(t.app, 'POST', PATH, { token: manager, body: { effectiveFrom: '2026-01-01', textEn: '  # Summary one\r\n\r\nFirst.  ', textZh: '# 摘要一\n\n第一。' } }));
    expect(v1).toMatchObject({ version: 1, effectiveFrom: '2026-01-01', textEn: '# Summary one\n\nFirst.', textZh: '# 摘要一\n\n第一。', enteredByName: '陳經理' });
    const future = addDays(today, 30);
    const v2 = dataOf(await call<PrescribedSummary>(t.app, 'POST', PATH, { token: admin, body: { effectiveFrom: future, textEn: 'Second.', textZh: '第二。' } }));
    const v3 = dataOf(await call<PrescribedSummary>(t.app, 'POST', PATH, { token: manager, body: { effectiveFrom: '2026-01-01', textEn: 'Third, same day as the first.', textZh: '第三。' } }));
    expect([v2.version, v3.version]).toEqual([2, 3]);

    const list = dataOf(await call<PrescribedSummary[]>(t.app, 'GET', PATH, { token: clerk }));
    expect(list.map((v) => [v.version, v.effectiveFrom])).toEqual([
      [2, future],
      [3, '2026-01-01'],
      [1, '2026-01-01'],
    ]);

    // the audit row keeps the version and both texts
    const { rows } = await t.pool.query(`select action, after from audit_log where module = 'prescribedSummary' order by id`);
    expect(rows.map((r) => [r.action, r.after.version, r.after.effectiveFrom])).toEqual([
      ['add', 1, '2026-01-01'],
      ['add', 2, future],
      ['add', 3, '2026-01-01'],
    ]);
    expect(rows[0].after.textEn).toBe('# Summary one\n\nFirst.');

    // the database refuses to change or remove a version, whoever asks
    await expect(t.pool.query(`update prescribed_summaries set text_en = 'changed' where version = 1`)).rejects.toThrow(/append-only/);
    await expect(t.pool.query(`delete from prescribed_summaries where version = 1`)).rejects.toThrow(/append-only/);

    // an agreement today: the later entry of 2026-01-01 (v3); before any effective date: none; on the future date: v2
    const now = await approvedLoan(today);
    expect((await papersOf(now.id)).prescribedSummary).toMatchObject({ version: 3, effectiveFrom: '2026-01-01', textEn: 'Third, same day as the first.' });
    const old = await approvedLoan('2025-12-31');
    expect((await papersOf(old.id)).prescribedSummary).toBeNull();
    const later = await approvedLoan(future);
    expect((await papersOf(later.id)).prescribedSummary).toMatchObject({ version: 2, effectiveFrom: future, textZh: '第二。' });

    dataOf(await call(t.app, 'POST', `/loans/${now.id}/print`, { token: clerk, body: { document: 'mlo-summary', language: 'zh-TW' } }));
    dataOf(await call(t.app, 'POST', `/loans/${now.id}/print`, { token: clerk, body: { document: 's18-note', language: 'zh-TW' } }));
    const prints = await t.pool.query(`select after from audit_log where module = 'loans' and action = 'print' and reference = $1 order by id`, [String(now.id)]);
    expect(prints.rows[0].after).toMatchObject({ document: 'mlo-summary', summaryVersion: { id: v3.id, version: 3, effectiveFrom: '2026-01-01' } });
    expect(prints.rows[1].after).not.toHaveProperty('summaryVersion');
  });
});
