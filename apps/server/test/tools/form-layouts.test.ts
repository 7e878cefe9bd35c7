import { CONFIGURABLE_FORM_FIELDS, type FormLayout, type LoanItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let borrower: number;

const auditRows = async () => Number((await t.pool.query<{ n: string }>(`select count(*) n from audit_log where module = 'formLayouts'`)).rows[0]!.n);
const storedRows = async (loanType: string) =>
  (await t.pool.query<{ field_key: string; shown: boolean; required: boolean }>('select field_key, shown, required from form_layout_fields where loan_type = $1 order by field_key', [loanType])).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await loginAs(t.app, 'admin')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth, salary) values ('FL0001', 'personal', '陳表格', 'hkid', 'A1234563', '91234567', '1980-05-01', '80000.00') returning id`,
  );
  borrower = rows[0]!.id;
});
afterAll(() => t.close());

const application = (over: Record<string, unknown> = {}) => ({
  customerId: borrower,
  loanType: 'revolving',
  applyDate: '2026-11-02',
  loanDate: '2026-11-02',
  interestStartDate: '2026-11-02',
  loanAmount: '30000',
  totalTenor: 12,
  repayCycle: 'monthly',
  interestMethod: 'amortization',
  flatRate: '1.2',
  ...over,
});

const put = (token: string, loanType: string, fields: unknown, lang = 'en') => call<FormLayout>(t.app, 'PUT', `/formLayouts/${loanType}`, { token, body: { fields }, lang });

describe('form layouts', () => {
  it('answers the default for a loan type never configured: every field shown, none required', async () => {
    const layout = dataOf(await call<FormLayout>(t.app, 'GET', '/formLayouts/revolving', { token: clerk }));
    expect(layout.loanType).toBe('revolving');
    expect(layout.updatedAt).toBeNull();
    expect(layout.fields.map((f) => f.key)).toEqual(CONFIGURABLE_FORM_FIELDS);
    expect(layout.fields.every((f) => f.shown && !f.required)).toBe(true);
  });

  it('lists every enabled loan type with its layout; the demo mortgages need a collateral', async () => {
    const all = dataOf(await call<FormLayout[]>(t.app, 'GET', '/formLayouts', { token: manager }));
    expect(all.map((l) => l.loanType)).toEqual(['private_loan', 'first_mortgage', 'second_mortgage', 'revolving']);
    const second = all.find((l) => l.loanType === 'second_mortgage')!;
    expect(second.fields.find((f) => f.key === 'collaterals')).toEqual({ key: 'collaterals', shown: true, required: true });
    expect(second.updatedAt).not.toBeNull();
  });

  it('refuses the builder to staff without its keys (403) and changes nothing', async () => {
    expect((await call(t.app, 'GET', '/formLayouts', { token: clerk })).statusCode).toBe(403);
    const before = await auditRows();
    const res = await put(clerk, 'revolving', [{ key: 'remarks', shown: false, required: false }]);
    expect(res.statusCode).toBe(403);
    expect(await storedRows('revolving')).toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('answers 404 for a loan type that does not exist, on reading and saving', async () => {
    const get = await call(t.app, 'GET', '/formLayouts/no_such_type', { token: clerk, lang: 'en' });
    expect(get.statusCode).toBe(404);
    expect(get.body).toMatchObject({ message: 'There is no such loan type' });
    expect((await put(admin, 'no_such_type', [])).statusCode).toBe(404);
    expect(await storedRows('no_such_type')).toEqual([]);
  });

  it('refuses bad input with 400 and a translated message, changing nothing', async () => {
    const before = await auditRows();
    const cases: unknown[] = [
      [{ key: 'loanAmount', shown: false, required: false }], // a fixed field cannot be configured
      [{ key: 'remarks', shown: false, required: true }], // hidden and required
      [{ key: 'remarks', shown: true, required: false }, { key: 'remarks', shown: false, required: false }], // twice
      [{ key: 'remarks', shown: 'no', required: false }],
      'remarks',
    ];
    for (const fields of cases) {
      const res = await put(manager, 'revolving', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
    }
    const hidden = await put(manager, 'revolving', [{ key: 'remarks', shown: false, required: true }]);
    expect(hidden.body).toMatchObject({ errors: [{ field: 'fields.0.required', message: 'A hidden field cannot be required' }] });
    const zh = await put(manager, 'revolving', [{ key: 'remarks', shown: true, required: false }, { key: 'remarks', shown: true, required: false }], 'zh-TW');
    expect(zh.body).toMatchObject({ errors: [{ field: 'fields.1.key', message: '此欄位重複出現' }] });
    expect((await call(t.app, 'PUT', '/formLayouts/revolving', { token: manager, body: { fields: [], extra: 1 } })).statusCode).toBe(400);
    expect(await storedRows('revolving')).toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('saves a layout with one audit row naming the hidden and required fields', async () => {
    const res = await put(manager, 'revolving', [
      { key: 'remarks', shown: false, required: false },
      { key: 'loanPurpose', shown: true, required: true },
      { key: 'partakers', shown: true, required: true },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ message: 'Saved' });
    const layout = dataOf(res);
    expect(layout.fields.find((f) => f.key === 'remarks')).toEqual({ key: 'remarks', shown: false, required: false });
    expect(layout.fields.find((f) => f.key === 'loanPurpose')).toEqual({ key: 'loanPurpose', shown: true, required: true });
    expect(layout.fields.find((f) => f.key === 'firstDueDate')).toEqual({ key: 'firstDueDate', shown: true, required: false });
    expect(layout.updatedAt).not.toBeNull();
    const { rows } = await t.pool.query<{ action: string; reference: string; before: unknown; after: unknown }>(
      `select action, reference, before, after from audit_log where module = 'formLayouts' order by id desc limit 1`,
    );
    expect(rows[0]).toEqual({
      action: 'edit',
      reference: 'revolving',
      before: { hidden: [], required: [] },
      after: { hidden: ['remarks'], required: ['loanPurpose', 'partakers'] },
    });
    // the same layout is what the loan form reads
    expect(dataOf(await call<FormLayout>(t.app, 'GET', '/formLayouts/revolving', { token: clerk })).fields).toEqual(layout.fields);
  });

  it('refuses an application that leaves a required field blank (400 on the field, translated) and saves nothing', async () => {
    const before = Number((await t.pool.query<{ n: string }>('select count(*) n from loans')).rows[0]!.n);
    const res = await call(t.app, 'POST', '/loans', { token: clerk, body: application(), lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      errors: [
        { field: 'loanPurpose', message: 'Required for this loan type' },
        { field: 'partakers', message: 'This loan type needs at least one entry here' },
      ],
    });
    const zh = await call(t.app, 'POST', '/loans', { token: clerk, body: application({ loanPurpose: 'cash_flow' }), lang: 'zh-TW' });
    expect(zh.body).toMatchObject({ errors: [{ field: 'partakers', message: '此貸款類別須最少填寫一項' }] });
    expect(Number((await t.pool.query<{ n: string }>('select count(*) n from loans')).rows[0]!.n)).toBe(before);
    // Another loan type is not affected.
    expect((await call(t.app, 'POST', '/loans', { token: clerk, body: application({ loanType: 'private_loan' }) })).statusCode).toBe(200);
  });

  it('drops the value of a hidden field on create and on update', async () => {
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth) values ('FL0002', 'personal', '陳擔保', 'hkid', 'B2345678', '62345678', '1982-01-01') returning id`,
    );
    const body = application({ loanPurpose: 'cash_flow', remarks: 'should not be kept', partakers: [{ customerId: rows[0]!.id, role: 'guarantor' }] });
    const created = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body }));
    expect(created.remarks).toBeNull();
    expect(created.partakers).toHaveLength(1);
    // A field hidden after the application was saved is cleared by its next save.
    dataOf(await put(manager, 'revolving', [
      { key: 'loanPurpose', shown: false, required: false },
      { key: 'partakers', shown: true, required: true },
    ]));
    const updated = dataOf(await call<LoanItem>(t.app, 'PUT', `/loans/${created.id}`, { token: clerk, body }));
    expect(updated.loanPurpose).toBeNull();
    expect(updated.remarks).toBe('should not be kept');
  });

  it('the default layout asks nothing more than before', async () => {
    dataOf(await put(admin, 'revolving', []));
    expect(await storedRows('revolving')).toHaveLength(CONFIGURABLE_FORM_FIELDS.length);
    expect((await call(t.app, 'POST', '/loans', { token: clerk, body: application() })).statusCode).toBe(200);
  });
});
