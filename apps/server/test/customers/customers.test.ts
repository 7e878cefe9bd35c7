import type { CustomerItem, Page } from '@harbour/contracts';
import { hkidCheckDigit } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { auditCount, call, dataOf, expectFieldErrors, messageOf, rowCount, storeIds, tokenOf } from '../admin/helpers.js';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let collector: string;
let stores: Awaited<ReturnType<typeof storeIds>>;

const hkid = (prefix: string, digits: string) => `${prefix}${digits}(${hkidCheckDigit(prefix, digits)})`;
const plain = (id: string) => id.replace(/[()]/g, '');

const newCustomer = (over: Record<string, unknown> = {}) => ({
  type: 'personal',
  name: '測試客戶',
  englishName: 'TEST Customer',
  gender: 'F',
  dateOfBirth: '1990-01-31',
  idType: 'hkid',
  idNumber: hkid('B', '111222').toLowerCase(),
  mobile1: '+852 9111-2233',
  mobile2: '',
  homeNo: '2111 2233',
  email: 'Test@Example.COM',
  marital: 'single',
  education: 'tertiary',
  residentialType: 'rent',
  source: 'television',
  residentialAddress: '九龍旺角測試街 1 號',
  companyName: 'Test Ltd',
  salary: '25000.50',
  ...over,
});

/** The answer's text holds none of these whole numbers (however spelled). */
function expectNoWhole(text: string, numbers: string[]) {
  for (const n of numbers) expect(text.includes(n), `${n} leaked`).toBe(false);
}

async function lastAudit(module = 'customers') {
  const { rows } = await t.pool.query<{ action: string; reference: string; before: unknown; after: unknown; staff_id: number | null }>(
    'select action, reference, before, after, staff_id from audit_log where module = $1 order by id desc limit 1',
    [module],
  );
  return rows[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, clerk, collector] = (await Promise.all(['admin', 'manager', 'clerk', 'collector'].map((u) => tokenOf(t, u)))) as [string, string, string, string];
  stores = await storeIds(t);
});
afterAll(() => t.close());

describe('demo customers', () => {
  it('has twelve customers with codes from the code format, two companies and one on the black list', async () => {
    const page = dataOf(await call<Page<CustomerItem>>(t.app, 'GET', '/customers', { token: manager, query: { pageSize: 100 } }));
    expect(page.total).toBe(12);
    expect(page.items.filter((c) => c.type === 'company')).toHaveLength(2);
    expect(page.items.filter((c) => c.listStatus === 'black')).toHaveLength(1);
    expect(new Set(page.items.map((c) => c.customerCode)).size).toBe(12);
    expect(page.items.map((c) => c.customerCode).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `C${String(i + 1).padStart(6, '0')}`));
  });
});

describe('creating a customer', () => {
  let created: CustomerItem;
  const whole = hkid('B', '111222');

  it('registers a customer in the caller store, normalised and masked, with one masked audit row', async () => {
    const before = await auditCount(t);
    const res = await call<CustomerItem>(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(), lang: 'en' });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ result: 'success', message: 'Created' });
    created = dataOf(res);
    expect(created).toMatchObject({
      type: 'personal',
      name: '測試客戶',
      idType: 'hkid',
      idNumber: `****${plain(whole).slice(-4)}`,
      mobile1: '****2233',
      mobile2: null,
      homeNo: '****2233',
      email: 'Test@example.com',
      salary: '25000.50',
      masked: true,
      canReveal: false,
      listStatus: 'white',
      registeredStoreId: stores.mongKok,
      warnings: [],
    });
    expect(created.customerCode).toMatch(/\S+/);
    expectNoWhole(JSON.stringify(res.body), [plain(whole), '91112233', '21112233']);
    // the save's row, and its number check counted as a lookup (platform/number-lookup.ts)
    expect(await auditCount(t)).toBe(before + 2);
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'add', reference: String(created.id) });
    const lookup = await t.pool.query(`select after from audit_log where action = 'lookup' and reference = 'POST /customers' order by id desc limit 1`);
    expect(lookup.rows[0].after).toMatchObject({ duplicateCheck: true, filters: [{ filter: 'idNumber' }, { filter: 'phone', value: '****2233' }] });
    expectNoWhole(JSON.stringify(row), [plain(whole), '91112233', '21112233']);
    const { rows } = await t.pool.query('select id_number, mobile1, home_no from customers where id = $1', [created.id]);
    expect(rows[0]).toEqual({ id_number: plain(whole), mobile1: '91112233', home_no: '21112233' });
  });

  it('refuses a wrong HKID check digit (400, translated, nothing added)', async () => {
    const rows = await rowCount(t, 'customers');
    const bad = `C123456(${hkidCheckDigit('C', '123456') === '1' ? '2' : '1'})`;
    const res = await call(t.app, 'POST', '/customers', { token: clerk, body: newCustomer({ idNumber: bad }), lang: 'en' });
    const [err] = expectFieldErrors(res, ['idNumber']);
    expect(err!.message).toBe('Enter a valid HKID number');
    expect(await rowCount(t, 'customers')).toBe(rows);
  });

  it('takes passport characters only for other ID types', async () => {
    const res = await call(t.app, 'POST', '/customers', { token: clerk, body: newCustomer({ idType: 'foreign_passport', idNumber: 'E12#4567' }), lang: 'en' });
    expect(expectFieldErrors(res, ['idNumber'])[0]!.message).toMatch(/letters, digits/);
    const ok = await call<CustomerItem>(t.app, 'POST', '/customers', {
      token: clerk,
      body: newCustomer({ idType: 'foreign_passport', idNumber: 'e 1234-567', mobile1: '+86 138 0013 8000' }),
      lang: 'en',
    });
    expect(ok.statusCode, JSON.stringify(ok.body)).toBe(200);
    expect(dataOf(ok).mobile1).toBe('**********8000');
  });

  it('refuses bad mobiles, e-mail, dates, options and missing names', async () => {
    const rows = await rowCount(t, 'customers');
    const res = await call(t.app, 'POST', '/customers', {
      token: clerk,
      body: newCustomer({ name: ' ', mobile1: '1234', email: 'x@', dateOfBirth: '31/01/1990', salary: '1.234' }),
      lang: 'en',
    });
    expectFieldErrors(res, ['name', 'mobile1', 'email', 'dateOfBirth', 'salary']);
    const option = await call(t.app, 'POST', '/customers', { token: clerk, body: newCustomer({ idNumber: hkid('B', '999888'), marital: 'polygamous' }), lang: 'en' });
    expectFieldErrors(option, ['marital']);
    expect(await rowCount(t, 'customers')).toBe(rows);
  });

  it('refuses the same ID type and number however typed (409, the spec message)', async () => {
    const rows = await rowCount(t, 'customers');
    const res = await call(t.app, 'POST', '/customers', { token: manager, body: newCustomer({ idNumber: ` ${plain(whole)} `, mobile1: '5222 3344' }), lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ result: 'error', message: 'ID number already used' });
    expect(messageOf(res, 'idNumber')).toBe('ID number already used');
    const zh = await call(t.app, 'POST', '/customers', { token: manager, body: newCustomer({ mobile1: '5222 3344' }) });
    expect(zh.body).toMatchObject({ message: '證件號碼已被使用' });
    expect(await rowCount(t, 'customers')).toBe(rows);
  });

  it('warns, without refusing, when a mobile is another customer’s (name and code, never the number)', async () => {
    const res = await call<CustomerItem>(t.app, 'POST', '/customers', {
      token: clerk,
      body: newCustomer({ name: '同電話客戶', idNumber: hkid('B', '333444'), mobile1: '5333 4455', mobile2: '91112233' }),
      lang: 'en',
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const item = dataOf(res);
    expect(item.warnings).toEqual([{ field: 'mobile2', message: 'customers.mobileUsed', customerCode: created.customerCode, name: '測試客戶' }]);
    expectNoWhole(JSON.stringify(res.body), ['91112233', '53334455']);
  });

  describe('the Persona list', () => {
    const list = async (query: Record<string, string | number>, token = clerk) =>
      dataOf(await call<Page<CustomerItem>>(t.app, 'GET', '/customers', { token, query: { pageSize: 100, ...query } }));

    it('filters by name, code, whole ID number, whole phone on any mobile, type, list and store', async () => {
      expect((await list({ name: '測試' })).items.map((c) => c.id)).toContain(created.id);
      expect((await list({ name: 'test customer' })).items.map((c) => c.id)).toContain(created.id);
      expect((await list({ customerCode: created.customerCode })).items.map((c) => c.id)).toEqual([created.id]);
      expect((await list({ idNumber: whole.toLowerCase() })).items.map((c) => c.id)).toEqual([created.id]);
      // A part of a number matches nothing: `total` must not spell a number out.
      expect((await list({ idNumber: plain(whole).slice(0, 4) })).total).toBe(0);
      expect((await list({ phone: '+852 9111 2233' })).total).toBe(2);
      expect((await list({ phone: '9111' })).total).toBe(0);
      expect((await list({ type: 'company' })).total).toBe(2);
      // the demo's black customer, and the one entered above with the mainland mobile on the demo blacklist
      expect((await list({ listStatus: 'black' })).total).toBe(2);
      expect((await list({ registeredStoreId: stores.tsuenWan })).items.every((c) => c.registeredStoreId === stores.tsuenWan)).toBe(true);
      const codes = (await list({ sort: 'customerCode:asc' })).items.map((c) => c.customerCode);
      expect(codes).toEqual([...codes].sort());
      expect((await list({ sort: 'customerCode:desc' })).items.map((c) => c.customerCode)).toEqual([...codes].reverse());
    });

    it('shows every number masked, even to a holder of the reveal key', async () => {
      const { rows } = await t.pool.query<{ id_number: string; mobile1: string }>('select id_number, mobile1 from customers');
      for (const token of [clerk, manager, admin]) {
        const res = await call<Page<CustomerItem>>(t.app, 'GET', '/customers', { token, query: { pageSize: 100 } });
        expectNoWhole(JSON.stringify(res.body), rows.flatMap((r) => [r.id_number, r.mobile1]));
        expect(dataOf(res).items.every((c) => c.masked && c.idNumber.startsWith('*'))).toBe(true);
      }
      expect((await list({}, clerk)).items.every((c) => !c.canReveal)).toBe(true);
      expect((await list({}, manager)).items.every((c) => c.canReveal)).toBe(true);
      const one = dataOf(await call<CustomerItem>(t.app, 'GET', `/customers/${created.id}`, { token: clerk }));
      expect(one).toMatchObject({ idNumber: `****${plain(whole).slice(-4)}`, masked: true, canReveal: false });
    });

    it('follows the visible tel. no. setting', async () => {
      await t.pool.query(`insert into settings (key, value) values ('visibleTelDigits', '2') on conflict (key) do update set value = '2'`);
      const one = dataOf(await call<CustomerItem>(t.app, 'GET', `/customers/${created.id}`, { token: clerk }));
      expect(one.mobile1).toBe('******33');
      await t.pool.query(`update settings set value = '4' where key = 'visibleTelDigits'`);
    });
  });

  describe('editing', () => {
    it('keeps numbers sent back masked, records masked before/after', async () => {
      const current = dataOf(await call<CustomerItem>(t.app, 'GET', `/customers/${created.id}`, { token: clerk }));
      const { id: _id, customerCode: _c, masked: _m, canReveal: _r, listStatus: _l, listStatusReason: _lr, registeredStoreId: _s, registeredStoreName: _sn, createdAt: _ca, updatedAt: _ua, ...body } = current;
      const res = await call<CustomerItem>(t.app, 'PUT', `/customers/${created.id}`, { token: clerk, body: { ...body, name: '測試客戶（改）' }, lang: 'en' });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ message: 'Updated' });
      const { rows } = await t.pool.query('select name, id_number, mobile1, home_no from customers where id = $1', [created.id]);
      expect(rows[0]).toEqual({ name: '測試客戶（改）', id_number: plain(whole), mobile1: '91112233', home_no: '21112233' });
      const row = await lastAudit();
      expect(row.action).toBe('edit');
      expectNoWhole(JSON.stringify(row), [plain(whole), '91112233', '21112233']);
    });

    it('refuses another customer’s ID number (409) and a kept number that does not suit a new ID type (400)', async () => {
      const other = (await t.pool.query<{ id_number: string }>(`select id_number from customers where id_type = 'hkid' and id <> $1 limit 1`, [created.id])).rows[0]!;
      const res = await call(t.app, 'PUT', `/customers/${created.id}`, { token: clerk, body: newCustomer({ idNumber: other.id_number }), lang: 'en' });
      expect(res.statusCode).toBe(409);
      expect(res.body).toMatchObject({ message: 'ID number already used' });
      const passport = (await t.pool.query<{ id: number }>(`select id from customers where id_type = 'foreign_passport' limit 1`)).rows[0]!;
      const retyped = await call(t.app, 'PUT', `/customers/${passport.id}`, { token: clerk, body: newCustomer({ idType: 'hkid', idNumber: '********', mobile1: '5999 0000' }), lang: 'en' });
      expectFieldErrors(retyped, ['idNumber']);
    });

    it('answers 404 for a customer that does not exist', async () => {
      expect((await call(t.app, 'PUT', '/customers/999999', { token: clerk, body: newCustomer({ idNumber: hkid('B', '555666') }) })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', '/customers/999999', { token: clerk })).statusCode).toBe(404);
    });
  });

  describe('reveal', () => {
    it('is refused without persona.reveal and writes nothing', async () => {
      const before = await auditCount(t);
      const res = await call(t.app, 'POST', `/customers/${created.id}/reveal`, { token: clerk, body: { field: 'idNumber' } });
      expect(res.statusCode).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(plain(whole));
      expect(await auditCount(t)).toBe(before);
    });

    it('answers the whole number to a holder and audits the reveal (the field, never the value)', async () => {
      const res = await call<{ field: string; value: string }>(t.app, 'POST', `/customers/${created.id}/reveal`, { token: manager, body: { field: 'idNumber' } });
      expect(dataOf(res)).toEqual({ field: 'idNumber', value: whole });
      const row = await lastAudit();
      expect(row).toMatchObject({ action: 'reveal', reference: String(created.id), after: { field: 'idNumber' } });
      expectNoWhole(JSON.stringify(row), [plain(whole)]);
      expect(dataOf(await call(t.app, 'POST', `/customers/${created.id}/reveal`, { token: manager, body: { field: 'mobile1' } }))).toEqual({ field: 'mobile1', value: '91112233' });
      expect((await call(t.app, 'POST', `/customers/${created.id}/reveal`, { token: manager, body: { field: 'email' } })).statusCode).toBe(400);
    });
  });

  describe('black / white list', () => {
    it('needs persona.listStatus and a reason', async () => {
      expect((await call(t.app, 'POST', `/customers/${created.id}/blacklist`, { token: clerk, body: { reason: 'x' } })).statusCode).toBe(403);
      const before = await auditCount(t);
      expectFieldErrors(await call(t.app, 'POST', `/customers/${created.id}/blacklist`, { token: manager, body: { reason: '  ' }, lang: 'en' }), ['reason']);
      expect(await auditCount(t)).toBe(before);
    });

    it('blacklists and removes from the blacklist, each audited with its reason', async () => {
      const black = await call<CustomerItem>(t.app, 'POST', `/customers/${created.id}/blacklist`, { token: manager, body: { reason: 'Forged payslip' }, lang: 'en' });
      expect(black.body).toMatchObject({ result: 'success', message: 'Blacklisted' });
      expect(dataOf(black)).toMatchObject({ listStatus: 'black', listStatusReason: 'Forged payslip' });
      expect(await lastAudit()).toMatchObject({ action: 'edit', before: { listStatus: 'white' }, after: { listStatus: 'black', listStatusReason: 'Forged payslip' } });
      const again = await call(t.app, 'POST', `/customers/${created.id}/blacklist`, { token: manager, body: { reason: 'Again' }, lang: 'en' });
      expect(again.statusCode).toBe(422);
      expect(again.body).toMatchObject({ message: 'The customer is already on the black list' });
      const white = await call<CustomerItem>(t.app, 'POST', `/customers/${created.id}/whitelist`, { token: manager, body: { reason: 'Cleared' }, lang: 'en' });
      expect(white.body).toMatchObject({ message: 'Removed from blacklist' });
      expect(dataOf(white)).toMatchObject({ listStatus: 'white', listStatusReason: 'Cleared' });
    });

    it('marks a customer whose number is on the blacklist black, and warns the clerk (the entry’s name, never the number)', async () => {
      await t.pool.query(`insert into blacklist (phone, name, remarks) values ('65554433', '黑名單甲', 'test')`);
      const res = await call<CustomerItem>(t.app, 'POST', '/customers', {
        token: clerk,
        body: newCustomer({ name: '新客戶乙', idNumber: hkid('C', '555444'), mobile1: '6555 4433' }),
        lang: 'en',
      });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      const item = dataOf(res);
      expect(item.warnings).toEqual([{ field: 'mobile1', message: 'customers.onBlacklist', customerCode: '', name: '黑名單甲' }]);
      expect(item.listStatus).toBe('black');
      const stored = (await t.pool.query(`select list_status, list_status_reason from customers where id = $1`, [item.id])).rows[0];
      expect(stored).toEqual({ list_status: 'black', list_status_reason: 'Matched the blacklist when saved: 黑名單甲' });
      const audit = (await t.pool.query(`select after from audit_log where module = 'customers' and reference = $1 and action = 'add'`, [String(item.id)])).rows;
      expect(audit).toHaveLength(1);
      expect(audit[0].after).toMatchObject({ listStatus: 'black' });
      expectNoWhole(JSON.stringify(res.body), ['65554433']);
    });
  });
});

describe('permissions', () => {
  it('refuses staff without the Persona keys (403) and changes nothing', async () => {
    const rows = await rowCount(t, 'customers');
    expect((await call(t.app, 'GET', '/customers', { token: collector })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/customers/1', { token: collector })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/customers', { token: collector, body: newCustomer({ idNumber: hkid('B', '777888') }) })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', '/customers/1', { token: collector, body: newCustomer() })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/customers')).statusCode).toBe(401);
    expect(await rowCount(t, 'customers')).toBe(rows);
  });
});
