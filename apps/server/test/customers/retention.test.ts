import type { CustomerItem, DailyJobResult, LoanItem } from '@harbour/contracts';
import { hkidCheckDigit } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../../src/modules/customers/retention.js';
import { loanDocumentStore } from '../../src/modules/loan-core/document-store.js';
import { runDailyServicing } from '../../src/modules/repayments/daily.js';
import { type ServiceContext, systemContext } from '../../src/platform/context.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * Personal-data retention on the real server and PostgreSQL, with the business date moved 8 years
 * on: a borrower whose loan was settled today and that loan's guarantor are anonymised (every
 * text column of every table scanned for their values afterwards, the audit log included), a
 * customer whose application closed 6 years before that date is kept, the ledger and a report read
 * the same to the cent, a second run changes nothing, and the dry-run report lists who falls due.
 */
let t: TestApp;
let who: RepaymentStaff;
let admin: string;
let borrower: CustomerItem;
let guarantor: number;
let kept: number;
let loan: LoanItem;
let documentFile: string;
let plus8: string;

const hkid = (prefix: string, digits: string) => `${prefix}${digits}${hkidCheckDigit(prefix, digits)}`;
const BORROWER = {
  name: '保留測試甲',
  englishName: 'RETAIN Alpha',
  idNumber: hkid('R', '246813'),
  mobile1: '61234987',
  homeNo: '23456781',
  email: 'alpha.retain@example.com',
  residentialAddress: '九龍深水埗保留街 8 號 12 樓',
  companyName: 'Retain Alpha Trading Ltd',
};
const GUARANTOR = { name: '保證人乙丙', idNumber: hkid('G', '135792'), mobile1: '98765431' };
const KEPT = { name: '仍保留丁戊', idNumber: hkid('K', '975310'), mobile1: '52345678' };
const AUTOPAY = { name: 'ALPHA RETAIN', accountNo: '012-888777-001' };

const yearsOn = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
const at = (date: string): ServiceContext => ({ ...systemContext(t.app.db, 'retention-test'), businessDate: date });

/** Every text, character and JSON column of every table in the database. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  const { rows } = await t.pool.query<{ table: string; column: string }>(`
    select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
     where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
     order by 1, 2`);
  return rows;
}

/** `table.column` where any of `values` still appears (as a whole or inside a longer text). */
async function whereFound(values: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns()) {
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int n from "${table}" where exists (select 1 from unnest($1::text[]) v where strpos("${column}"::text, v) > 0)`,
      [values],
    );
    if (rows[0]!.n > 0) found.push(`${table}.${column} (${rows[0]!.n})`);
  }
  return found;
}

async function trialBalance() {
  return dataOf(await call(t.app, 'GET', '/ledger/trialBalance', { token: admin }));
}
async function repaymentReport(date: string) {
  const r = dataOf(await call<{ rows: unknown[]; totals: Record<string, unknown>; total: number }>(t.app, 'GET', '/reports/repayment', { token: admin, query: { dateFrom: date, dateTo: date } }));
  return { rows: r.rows, totals: r.totals, total: r.total };
}

beforeAll(async () => {
  t = await createTestApp();
  who = await repaymentStaff(t);
  admin = (await loginAs(t.app, 'admin')).access_token;
  plus8 = yearsOn(who.today, 8);

  // the borrower registered through the API, so the audit log holds their name, address and employer
  const res = await call<CustomerItem>(t.app, 'POST', '/customers', {
    token: who.clerk,
    body: { type: 'personal', gender: 'F', dateOfBirth: '1975-03-04', idType: 'hkid', marital: 'single', salary: '60000', ...BORROWER },
  });
  borrower = dataOf(res);
  guarantor = await insertCustomer(t.pool, { code: 'RT-G1', ...GUARANTOR });
  kept = await insertCustomer(t.pool, { code: 'RT-K1', ...KEPT });

  loan = await repayingLoan(t, who, borrower.id, who.today);
  await t.pool.query(`insert into loan_partakers (store_id, loan_id, customer_id, role, relation) values ($1, $2, $3, 'guarantor', $4)`, [
    loan.storeId, loan.id, guarantor, `friend of ${BORROWER.name}`,
  ]);
  await t.pool.query(`update loans set autopay_account_name = $2, autopay_account_no = $3, autopay_bank_code = '004', remarks = $4 where id = $1`, [
    loan.id, AUTOPAY.name, AUTOPAY.accountNo, `${BORROWER.name} prefers calls after 6pm on ${BORROWER.mobile1}`,
  ]);
  // a document on file, an SMS sent, a website account and a blacklist copy of the borrower
  documentFile = `${'ab'.repeat(16)}.pdf`;
  await loanDocumentStore.saveAs(t.db, documentFile, Buffer.from('%PDF-1.4 test'));
  await t.pool.query(
    `insert into loan_documents (store_id, loan_id, kind, file_name, mime_type, size, sha256, storage_key) values ($1, $2, 'id-card', $3, 'application/pdf', 13, $4, $5)`,
    [loan.storeId, loan.id, `${BORROWER.englishName} HKID.pdf`, 'cd'.repeat(32), documentFile],
  );
  await t.pool.query(
    `insert into sms_messages (store_id, loan_id, customer_id, kind, due_date, language, phone, text, segments) values ($1, $2, $3, 'upcoming', $4, 'zh-TW', $5, $6, 1)`,
    [loan.storeId, loan.id, borrower.id, who.today, BORROWER.mobile1, `${BORROWER.name}：下期還款將於月底到期`],
  );
  await t.pool.query(`insert into members (login_type, login_name, display_name, source, customer_id) values ('email', $1, $2, 'website', $3)`, [BORROWER.email, BORROWER.name, borrower.id]);
  await t.pool.query(`insert into blacklist (id_number, phone, name, remarks, customer_id) values ($1, $2, $3, 'test copy', $4)`, [BORROWER.idNumber, BORROWER.mobile1, BORROWER.name, borrower.id]);

  // the loan settled today: every loan of the borrower and the guarantor is closed from today
  const settled = await call(t.app, 'POST', '/repayments/settle', { token: who.clerk, body: { loanId: loan.id, method: 'cash', idempotencyKey: `retention-${Date.now()}` } });
  expect(settled.statusCode, JSON.stringify(settled.body)).toBe(200);
  // the kept customer's application was cancelled two years from now: 6 years before the run's date
  const application = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: who.clerk, body: smallApplication(kept, { applyDate: who.today, loanDate: who.today, interestStartDate: who.today }) }));
  await t.pool.query(`update loans set status = 'cancel', updated_at = now() + interval '2 years' where id = $1`, [application.id]);
});

afterAll(async () => {
  await t?.close();
});

describe('retention, 8 years on', () => {
  it('anonymises the borrower and the guarantor, keeps the customer closed 6 years before, and leaves the ledger and reports as they were', async () => {
    const ledgerBefore = await trialBalance();
    const reportBefore = await repaymentReport(who.today);
    expect(reportBefore.total).toBeGreaterThan(0);
    // the values are there before the run (the scan finds what it looks for)
    expect(await whereFound([BORROWER.name, BORROWER.residentialAddress])).toEqual(expect.arrayContaining([expect.stringMatching(/^customers\.name/), expect.stringMatching(/^audit_log\.after/)]));

    // the dry run up to that date names who the job will take: the two, and two demo customers
    // registered today with no loan or only a cancelled application (C000007, C000009)
    const preview = dataOf(await call<{ rows: { customerCode: string }[] }>(t.app, 'GET', '/reports/retentionDue', { token: admin, query: { dateTo: plus8, pageSize: 200 } }));
    const previewed = preview.rows.map((r) => r.customerCode).sort();
    expect(previewed).toEqual(['C000007', 'C000009', borrower.customerCode, 'RT-G1'].sort());

    const run = await runDailyServicing(t.app.db, { ctx: at(plus8), retention: true });
    expect(run.status).toBe('done');
    expect((run as { result: DailyJobResult }).result.anonymised).toBe(4);
    expect((await t.pool.query(`select result->'anonymised' n from daily_job_runs where business_date = $1::date`, [plus8])).rows).toEqual([{ n: 4 }]);
    const taken = (await t.pool.query<{ customer_code: string }>(`select customer_code from customers where anonymised_on = $1::date order by customer_code`, [plus8])).rows.map((r) => r.customer_code);
    expect(taken).toEqual(previewed);

    const rows = (
      await t.pool.query<{ id: number; name: string; english_name: string | null; id_number: string; mobile1: string; anonymised_on: string | null; residential_address: string | null; company_name: string | null; salary: string | null }>(
        `select id, name, english_name, id_number, mobile1, to_char(anonymised_on, 'YYYY-MM-DD') anonymised_on, residential_address, company_name, salary from customers where id = any($1) order by id`,
        [[borrower.id, guarantor, kept]],
      )
    ).rows;
    expect(rows).toEqual([
      { id: borrower.id, name: '已匿名', english_name: 'Anonymised', id_number: `ANON-${borrower.id}`, mobile1: '', anonymised_on: plus8, residential_address: null, company_name: null, salary: null },
      { id: guarantor, name: '已匿名', english_name: 'Anonymised', id_number: `ANON-${guarantor}`, mobile1: '', anonymised_on: plus8, residential_address: null, company_name: null, salary: null },
      { id: kept, name: KEPT.name, english_name: null, id_number: KEPT.idNumber, mobile1: KEPT.mobile1, anonymised_on: null, residential_address: null, company_name: null, salary: '80000.00' },
    ]);

    // nothing personal of the two remains in any text column of any table, the audit log included
    const gone = [...Object.values(BORROWER), ...Object.values(GUARANTOR), ...Object.values(AUTOPAY)];
    expect(await whereFound(gone)).toEqual([]);
    // the kept customer is untouched
    expect(await whereFound([KEPT.name, KEPT.idNumber])).toEqual(expect.arrayContaining([expect.stringMatching(/^customers\.name/), expect.stringMatching(/^customers\.id_number/)]));

    // the document's file is deleted, its row kept and marked
    expect((await t.pool.query(`select key from stored_files where key = $1`, [`loan-documents/${documentFile}`])).rows).toEqual([]);
    expect((await t.pool.query(`select key from stored_file_chunks where key = $1`, [`loan-documents/${documentFile}`])).rows).toEqual([]);
    const doc = (await t.pool.query(`select file_name, removed_at is not null as removed, storage_key from loan_documents where loan_id = $1`, [loan.id])).rows;
    expect(doc).toEqual([{ file_name: '已匿名', removed: true, storage_key: documentFile }]);
    expect((await t.pool.query(`select count(*)::int n from blacklist where customer_id = $1`, [borrower.id])).rows[0].n).toBe(0);
    expect((await t.pool.query(`select status, display_name from members where customer_id = $1`, [borrower.id])).rows).toEqual([{ status: 'disabled', display_name: '已匿名' }]);

    // amounts, numbers and the ledger as they were, to the cent
    const after = (await t.pool.query(`select loan_no, status, loan_amount from loans where id = $1`, [loan.id])).rows[0];
    expect(after).toEqual({ loan_no: loan.loanNo, status: 'complete', loan_amount: '12000.00' });
    expect(await trialBalance()).toEqual(ledgerBefore);
    // the report's figures the same; the borrower's name shows as anonymised
    const rename = (r: unknown) => ((r as { customerName?: unknown }).customerName === BORROWER.name ? { ...(r as object), customerName: '已匿名' } : r);
    expect(await repaymentReport(who.today)).toEqual({ ...reportBefore, rows: reportBefore.rows.map(rename) });
    expect(reportBefore.rows.some((r) => (r as { customerName?: unknown }).customerName === BORROWER.name)).toBe(true);

    // audited: one row per customer and one for the run, with the ids
    const audits = (
      await t.pool.query<{ reference: string; after: Record<string, unknown> }>(`select reference, after from audit_log where module = 'customers' and action = 'edit' and reference in ($1, $2, $3) order by id`, [
        borrower.customerCode, 'RT-G1', `retention:${plus8}`,
      ])
    ).rows;
    expect(audits.map((a) => a.reference)).toEqual([borrower.customerCode, 'RT-G1', `retention:${plus8}`]);
    expect(audits[0]!.after).toMatchObject({ anonymisedOn: plus8, customerId: borrower.id, loans: 1, documents: 1, smsMessages: 1, members: 1, blacklistRows: 1 });
    expect(audits[2]!.after).toMatchObject({ asOf: plus8, years: 7, failed: [], filesDeleted: 1 });
    expect([...(audits[2]!.after['anonymised'] as number[])].sort((a, b) => a - b)).toEqual([7, 9, borrower.id, guarantor].sort((a, b) => a - b));

    // lists show the record as anonymised
    const listed = dataOf(await call<CustomerItem>(t.app, 'GET', `/customers/${borrower.id}`, { token: admin, lang: 'en' }));
    expect(listed).toMatchObject({ name: '已匿名', englishName: 'Anonymised', residentialAddress: null });
  });

  it('refuses to edit an anonymised customer or to lend to one, in the caller\'s language', async () => {
    const body = { type: 'personal', name: '新名字', idType: 'hkid', idNumber: hkid('N', '111111'), mobile1: '61110000' };
    const edit = await call(t.app, 'PUT', `/customers/${borrower.id}`, { token: who.clerk, body, lang: 'en' });
    expect(edit.statusCode).toBe(422);
    expect(edit.body).toMatchObject({ result: 'error', message: `This customer's personal data was anonymised on ${plus8} (retention period over); it cannot be edited. Register the person again.` });
    const zh = await call(t.app, 'PUT', `/customers/${borrower.id}`, { token: who.clerk, body, lang: 'zh-TW' });
    expect(zh.body).toMatchObject({ message: `此客戶的個人資料已於 ${plus8} 匿名（保留期已滿），不能修改。請重新登記此人。` });
    const lend = await call(t.app, 'POST', '/loans', { token: who.clerk, body: smallApplication(borrower.id, { applyDate: who.today, loanDate: who.today, interestStartDate: who.today }), lang: 'en' });
    expect(lend.statusCode).toBe(400);
    expect(lend.body).toMatchObject({ errors: [{ field: 'customerId', message: "This customer's personal data was anonymised (retention period over); register the person again" }] });
    expect((await t.pool.query(`select name from customers where id = $1`, [borrower.id])).rows[0].name).toBe('已匿名');
  });

  it('changes nothing on a second run', async () => {
    const audits = async () => (await t.pool.query(`select count(*)::int n, max(id) m from audit_log`)).rows[0];
    const before = await audits();
    const again = await runRetention(t.app.db, { ctx: at(plus8) });
    expect(again).toEqual({ asOf: plus8, years: 7, anonymised: [], failed: [], filesDeleted: 0 });
    expect(await audits()).toEqual(before);
  });

  it('keeps the audit log append-only outside the redaction function', async () => {
    await expect(t.pool.query(`update audit_log set after = '{}'::jsonb where id = (select max(id) from audit_log)`)).rejects.toThrow(/append-only/);
    // the redaction's marker allows changing the recorded values only, never the rest of a row
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('harbour.audit_redaction', 'on', true)`);
      await expect(client.query(`update audit_log set action = 'view' where id = (select max(id) from audit_log)`)).rejects.toThrow(/append-only/);
    } finally {
      await client.query('rollback');
      client.release();
    }
    await expect(t.pool.query(`delete from audit_log where id = (select max(id) from audit_log)`)).rejects.toThrow(/append-only/);
    // the app's own role may call the function, never update the log; nobody else may call it
    const app = await t.pool.query<{ can: boolean; update: boolean }>(
      `select has_function_privilege(r.rolname, 'harbour_redact_audit(text[], text)', 'EXECUTE') can, has_table_privilege(r.rolname, 'audit_log', 'UPDATE') update
         from pg_roles r where r.rolname = $1`,
      [new URL(t.appUrl).username],
    );
    expect(app.rows).toEqual([{ can: true, update: false }]);
    const publicCan = await t.pool.query(`select bool_or(has_function_privilege('public', 'harbour_redact_audit(text[], text)', 'EXECUTE')) p`);
    expect(publicCan.rows[0].p).toBe(false);
  });
});

describe('the dry-run report', () => {
  it('lists who the job will anonymise within a month, with the dates, and nobody else', async () => {
    // registered long ago with no loan: due in 10 days, and in 60 days (beyond the month)
    const soon = await insertCustomer(t.pool, { code: 'RT-S1', name: '將到期己', idNumber: hkid('S', '112233'), mobile1: '91112222' });
    const later = await insertCustomer(t.pool, { code: 'RT-L1', name: '遲到期庚', idNumber: hkid('L', '445566'), mobile1: '92223333' });
    await t.pool.query(`update customers set created_at = ((now() at time zone 'Asia/Hong_Kong')::date - interval '7 years' + interval '10 days') at time zone 'Asia/Hong_Kong' where id = $1`, [soon]);
    await t.pool.query(`update customers set created_at = ((now() at time zone 'Asia/Hong_Kong')::date - interval '7 years' + interval '60 days') at time zone 'Asia/Hong_Kong' where id = $1`, [later]);
    // the dates in Hong Kong, as the report counts them (the database's own current_date is UTC)
    const due = (await t.pool.query<{ d: string; c: string }>(`select to_char(hk + 10, 'YYYY-MM-DD') d, to_char(hk + 10 - interval '7 years', 'YYYY-MM-DD') c from (select (now() at time zone 'Asia/Hong_Kong')::date hk) today`)).rows[0]!;

    const res = await call<{ rows: Record<string, unknown>[]; total: number; params: Record<string, unknown> }>(t.app, 'GET', '/reports/retentionDue', { token: admin, lang: 'en' });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const report = dataOf(res);
    expect(report.total).toBe(1);
    expect(report.rows).toEqual([{ dueOn: due.d, customerCode: 'RT-S1', customerName: '將到期己', idNumber: expect.stringMatching(/^\*+\d{4}$/), lastClosedOn: due.c, loans: 0 }]);
    // reading it changed nothing
    expect((await t.pool.query(`select name from customers where id = $1`, [soon])).rows[0].name).toBe('將到期己');
    // further ahead, the later one too; an xlsx of the same rows
    const wider = dataOf(await call<{ total: number }>(t.app, 'GET', '/reports/retentionDue', { token: admin, query: { dateTo: yearsOn(who.today, 1) } }));
    expect(wider.total).toBe(2);
    const xlsx = await call(t.app, 'GET', '/reports/retentionDue/export', { token: admin });
    expect(xlsx.statusCode).toBe(200);
    // the key is its own: a clerk without it is refused
    expect((await call(t.app, 'GET', '/reports/retentionDue', { token: who.clerk })).statusCode).toBe(403);
  });
});
