import { hkidCheckDigit } from '@harbour/domain';
import type { CustomerItem, Page, SearchResult } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, type ApiAnswer } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer } from '../helpers/loans.js';
import { storeIds, tokenOf } from '../admin/helpers.js';

/**
 * Issue 26 item 4: a search by a whole ID number or phone is a disclosure. The probe that found a
 * masked borrower's HKID in 2,364 requests is re-run here against every route that matches a number
 * column: a one-store clerk without `persona.reveal` finds no other store's customer by number, may
 * run `numberLookupsPerHour` lookups an hour, and past that gets one refusal whether or not the
 * number exists; every lookup is audited (`lookup`, the value masked).
 */
let t: TestApp;
let clerk: string;
let manager: string;
let stores: { mongKok: number; kwunTong: number; tsuenWan: number };
let clerkId: number;

const hkid = (prefix: string, digits: string) => `${prefix}${digits}${hkidCheckDigit(prefix, digits)}`;
/** A Kwun Tong borrower: registered there, a loan there, nothing in Mong Kok. */
const KT = { code: 'NL0001', name: '觀塘借款人', idNumber: hkid('C', '668451'), mobile1: '61239505' };
/** A Mong Kok borrower, the clerk's own store's. */
const MK = { code: 'NL0002', name: '旺角借款人', idNumber: hkid('D', '274514'), mobile1: '62344514' };
let ktId: number;
let mkId: number;

const get = <T>(token: string, url: string, query: Record<string, string>) => call<T>(t.app, 'GET', url, { token, query, lang: 'en' });
const customersBy = async (token: string, query: Record<string, string>) => {
  const res = await get<Page<CustomerItem>>(token, '/customers', query);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return dataOf(res).items.map((c) => c.id);
};

async function setLimit(n: number) {
  await t.pool.query(`insert into settings (key, value) values ('numberLookupsPerHour', $1::jsonb) on conflict (key) do update set value = excluded.value`, [JSON.stringify(n)]);
}

/** The clerk's counted (not refused) lookups in the last hour. */
async function lookupsOf(staffId: number): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    `select count(*)::int as n from audit_log where staff_id = $1 and action = 'lookup' and created_at > now() - interval '1 hour' and coalesce(after->>'refused', 'false') <> 'true'`,
    [staffId],
  );
  return rows[0]!.n;
}

async function lastLookup(staffId: number) {
  const { rows } = await t.pool.query<{ module: string; reference: string; after: Record<string, unknown> }>(
    `select module, reference, after from audit_log where staff_id = $1 and action = 'lookup' order by id desc limit 1`,
    [staffId],
  );
  return rows[0]!;
}

/** Lets exactly one more lookup through for the clerk. */
async function oneMoreFor(staffId: number) {
  await setLimit((await lookupsOf(staffId)) + 1);
}

async function insertLoan(storeId: number, applyNo: string, customerId: number, status = 'repaying') {
  await t.pool.query(
    `insert into loans (store_id, apply_no, loan_no, status, customer_id, loan_type, apply_date, loan_date, interest_start_date, loan_amount, flat_rate, interest_method, repay_cycle, total_tenor, instalment_amount, total_interest, mlo_rate, mlo_status, staff_id, payout_date)
     values ($1, $2, $3, $4, $5, 'private_loan', '2026-11-02', '2026-11-02', '2026-11-02', 1000, 1, 'amortization', 'monthly', 1, 1010, 10, 12, 'ok', 1, '2026-11-02')`,
    [storeId, applyNo, applyNo.replace('AP', 'LN'), status, customerId],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  stores = await storeIds(t);
  ktId = await insertCustomer(t.pool, KT);
  mkId = await insertCustomer(t.pool, MK);
  await t.pool.query('update customers set registered_store_id = $1 where id = $2', [stores.kwunTong, ktId]);
  await t.pool.query('update customers set registered_store_id = $1 where id = $2', [stores.mongKok, mkId]);
  await insertLoan(stores.kwunTong, 'NL-AP-0001', ktId);
  await insertLoan(stores.mongKok, 'NL-AP-0002', mkId);
  [clerk, manager] = await Promise.all([tokenOf(t, 'clerk'), tokenOf(t, 'manager')]);
  clerkId = (await t.pool.query<{ id: number }>(`select id from staff where username = 'clerk'`)).rows[0]!.id;
  await setLimit(1000);
});
afterAll(() => t.close());

describe('another store’s customer', () => {
  it('is never found by a one-store clerk’s number search, on any route, however the number is typed', async () => {
    expect(await customersBy(clerk, { idNumber: KT.idNumber })).toEqual([]);
    expect(await customersBy(clerk, { phone: KT.mobile1 })).toEqual([]);
    for (const q of [KT.idNumber, `${KT.idNumber.slice(0, -1)}(${KT.idNumber.slice(-1)})`, '6123 9505', '+852 6123 9505']) {
      expect(await customersBy(clerk, { q })).toEqual([]);
      const found = dataOf(await get<SearchResult>(clerk, '/search', { q }));
      expect(found.customers).toEqual([]);
      expect(found.loans).toEqual([]);
    }
    // … while a name still finds the company-wide register's record (no number in the answer)
    expect(await customersBy(clerk, { q: KT.name })).toEqual([ktId]);
  });

  it('is found by an all-stores holder of persona.reveal, and the search is audited as a lookup with the number masked', async () => {
    expect(await customersBy(manager, { idNumber: KT.idNumber })).toEqual([ktId]);
    const managerId = (await t.pool.query<{ id: number }>(`select id from staff where username = 'manager'`)).rows[0]!.id;
    expect(await lastLookup(managerId)).toEqual({
      module: 'customers',
      reference: 'GET /customers',
      after: { route: 'GET /customers', filters: [{ filter: 'idNumber', value: `****${KT.idNumber.slice(-4)}` }], reveal: true },
    });
  });

  it('is found by the clerk when linked to their store by a loan there, not only by registration', async () => {
    await insertLoan(stores.mongKok, 'NL-AP-0003', ktId, 'pending');
    expect(await customersBy(clerk, { idNumber: KT.idNumber })).toEqual([ktId]);
    await t.pool.query(`update loans set store_id = $1 where apply_no = 'NL-AP-0003'`, [stores.tsuenWan]);
    expect(await customersBy(clerk, { idNumber: KT.idNumber })).toEqual([]);
  });
});

describe('a passport number', () => {
  it('typed in a search box is a whole-number lookup like an HKID: counted, the other store’s holder never found, the own store’s found', async () => {
    const passport = async (code: string, name: string, number: string, storeId: number, applyNo: string) => {
      const id = await insertCustomer(t.pool, { code, name, idNumber: number, mobile1: `5${code.slice(-3)}7777` });
      await t.pool.query(`update customers set id_type = 'foreign_passport', registered_store_id = $1 where id = $2`, [storeId, id]);
      await insertLoan(storeId, applyNo, id);
      return id;
    };
    const away = await passport('NL0101', '觀塘護照', 'K12345678', stores.kwunTong, 'NL-AP-0101');
    const home = await passport('NL0102', '旺角護照', 'E87654321', stores.mongKok, 'NL-AP-0102');
    await setLimit(1000);
    for (const [number, expected] of [['k1234567 8', []], ['E8765432 1', [home]]] as const) {
      for (const url of ['/customers', '/search', '/loans']) {
        const before = await lookupsOf(clerkId);
        const res = await get<Page<CustomerItem> | SearchResult>(clerk, url, { q: number });
        expect(res.statusCode, url).toBe(200);
        const data = dataOf(res);
        if (url === '/customers') expect((data as Page<CustomerItem>).items.map((c) => c.id)).toEqual(expected);
        if (url === '/search') expect((data as SearchResult).customers.map((c) => c.id)).toEqual(expected);
        if (url === '/loans') expect((data as Page<unknown>).items).toHaveLength(expected.length);
        expect(await lookupsOf(clerkId), url).toBe(before + 1);
        expect((await lastLookup(clerkId)).after).toMatchObject({ filters: [{ filter: 'q', value: `*****${number.replace(/\s/g, '').slice(-4)}` }], reveal: false });
      }
    }
    // the all-stores holder of the reveal key finds the other store's
    expect(await customersBy(manager, { q: 'K12345678' })).toEqual([away]);
  });
});

describe('the own store’s customer', () => {
  it('is found by a whole number; a part of an ID number matches none, a part of a phone only the own store’s, and neither is counted', async () => {
    expect(await customersBy(clerk, { idNumber: MK.idNumber })).toEqual([mkId]);
    expect(await customersBy(clerk, { q: MK.mobile1 })).toEqual([mkId]);
    const before = await lookupsOf(clerkId);
    for (const part of [MK.idNumber.slice(0, 6), MK.idNumber.slice(1)]) {
      expect(await customersBy(clerk, { q: part })).toEqual([]);
    }
    // 4–7 digits of a phone: the own store's customer (masked), never the other store's
    for (const part of ['6234451', '2344514', '4514']) expect(await customersBy(clerk, { q: part })).toEqual([mkId]);
    expect(await customersBy(clerk, { q: KT.mobile1.slice(2) })).toEqual([]);
    // a part is a text search, not a number lookup: nothing counted
    expect(await lookupsOf(clerkId)).toBe(before);
    expect(await customersBy(clerk, { idNumber: MK.idNumber.slice(0, 6) })).toEqual([]);
  });
});

describe('the hourly limit', () => {
  it('refuses the lookup past the limit with one answer whether the number exists or not, in the user’s language, and audits the refusal', async () => {
    await oneMoreFor(clerkId);
    expect(await customersBy(clerk, { idNumber: MK.idNumber })).toEqual([mkId]);
    const limit = await lookupsOf(clerkId);
    const answers: ApiAnswer[] = [];
    for (const idNumber of [MK.idNumber, hkid('D', '274513'), KT.idNumber]) answers.push(await get(clerk, '/customers', { idNumber }));
    for (const a of answers) {
      expect(a.statusCode).toBe(429);
      expect(a.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body).toMatchObject({
      result: 'error',
      message: `You have reached this hour's limit of ${limit} searches by ID number or phone. Search by name or customer code, or ask a colleague who may see whole numbers.`,
    });
    const zh = await call(t.app, 'GET', '/customers', { token: clerk, query: { idNumber: MK.idNumber } });
    expect(zh.body).toMatchObject({ message: `您已達本小時以身份證號碼或電話搜尋的上限（${limit} 次）。請以姓名或客戶編號搜尋，或請有權查看完整號碼的同事協助。` });
    expect((await lastLookup(clerkId)).after).toMatchObject({ route: 'GET /customers', refused: true, reveal: false });
    // refusals are not counted: raising the limit by one lets one more through
    expect(await lookupsOf(clerkId)).toBe(limit);
    // a name search is no lookup and still answers
    expect(await customersBy(clerk, { q: MK.name })).toEqual([mkId]);
    // the holder of persona.reveal is not limited
    expect(await customersBy(manager, { idNumber: MK.idNumber })).toEqual([mkId]);
  });

  it('0 allows no number search at all without the reveal key; other values allow exactly that many', async () => {
    await setLimit(0);
    const off = await get(clerk, '/customers', { phone: MK.mobile1 });
    expect(off.statusCode).toBe(429);
    expect(off.body).toMatchObject({ message: 'Searching by ID number or phone needs the permission to see whole numbers. Search by name or customer code.' });
    expect(await customersBy(manager, { phone: MK.mobile1 })).toEqual([mkId]);
    const used = await lookupsOf(clerkId);
    await setLimit(used + 3);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await get(clerk, '/customers', { phone: MK.mobile1 })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('every route that matches a number column', () => {
  /** Each route: one call that searches by a whole number; it is counted, then refused at the limit. */
  const ROUTES: { name: string; module: string; run: () => Promise<ApiAnswer>; route: string }[] = [
    { name: 'GET /customers?q', module: 'customers', route: 'GET /customers', run: () => get(clerk, '/customers', { q: MK.idNumber }) },
    { name: 'GET /search', module: 'customers', route: 'GET /search', run: () => get(clerk, '/search', { q: MK.mobile1 }) },
    { name: 'GET /loans?q', module: 'customers', route: 'GET /loans', run: () => get(clerk, '/loans', { q: MK.idNumber }) },
    { name: 'GET /repayments/loans?q', module: 'customers', route: 'GET /repayments/loans', run: () => get(clerk, '/repayments/loans', { q: MK.mobile1 }) },
    { name: 'GET /blacklist?idNumber', module: 'blacklist', route: 'GET /blacklist', run: () => get(clerk, '/blacklist', { idNumber: MK.idNumber }) },
    {
      name: 'POST /blacklist/check',
      module: 'blacklist',
      route: 'POST /blacklist/check',
      run: () => call(t.app, 'POST', '/blacklist/check', { token: clerk, body: { idNumbers: [MK.idNumber] }, lang: 'en' }),
    },
    {
      name: 'POST /loans/blacklistCheck',
      module: 'blacklist',
      route: 'POST /loans/blacklistCheck',
      run: () => call(t.app, 'POST', '/loans/blacklistCheck', { token: clerk, body: { typed: [{ name: 'x', idNumber: MK.idNumber }] }, lang: 'en' }),
    },
  ];
  for (const r of ROUTES) {
    it(`${r.name}: audited as a lookup, refused past the limit`, async () => {
      await oneMoreFor(clerkId);
      const ok = await r.run();
      expect(ok.statusCode, JSON.stringify(ok.body)).toBe(200);
      expect(await lastLookup(clerkId)).toMatchObject({ module: r.module, reference: r.route, after: { route: r.route, reveal: false } });
      const refused = await r.run();
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toMatchObject({ result: 'error' });
    });
  }

  it('GET /staff?mobile and GET /members?q: the staff and member areas count the same way for a caller without their reveal key', async () => {
    // A Mong Kok supervisor: the manager role's keys and the staff list, no reveal key, one store.
    const { rows } = await t.pool.query<{ id: number }>(`insert into roles (name, description, all_stores) values ('supervisor', 'no reveal', false) returning id`);
    const roleId = rows[0]!.id;
    await t.pool.query(
      `insert into role_permissions (role_id, permission_key) select $1::int, permission_key from role_permissions where role_id = (select id from roles where name = 'manager') and permission_key not like '%.reveal'
       union select $1::int, 'admin.list'`,
      [roleId],
    );
    const { rows: s } = await t.pool.query<{ id: number }>(
      `insert into staff (username, name, password_hash, default_store_id) select 'supervisor', '主任', password_hash, $1 from staff where username = 'clerk' returning id`,
      [stores.mongKok],
    );
    const supervisorId = s[0]!.id;
    await t.pool.query('insert into staff_stores (staff_id, store_id) values ($1, $2)', [supervisorId, stores.mongKok]);
    await t.pool.query('insert into staff_roles (staff_id, role_id) values ($1, $2)', [supervisorId, roleId]);
    const supervisor = await tokenOf(t, 'supervisor');
    for (const [url, query, module] of [
      ['/staff', { mobile: '91234567' }, 'staff'],
      ['/members', { q: '91234567' }, 'members'],
    ] as const) {
      await oneMoreFor(supervisorId);
      const first = await get(supervisor, url, query);
      expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
      expect(await lastLookup(supervisorId)).toMatchObject({ module, after: { reveal: false } });
      expect((await get(supervisor, url, query)).statusCode).toBe(429);
    }
  });
});

describe('duplicate checks on create', () => {
  const newCustomer = (idNumber: string, mobile1: string) => ({
    type: 'personal', name: '重複測試', gender: 'F', dateOfBirth: '1990-01-01', idType: 'hkid', idNumber, mobile1,
    marital: 'single', education: 'tertiary', residentialType: 'rent', source: 'television',
  });

  it('every save that sets numbers is one counted lookup, a taken ID as a free one; past the limit both get the same refusal', async () => {
    await setLimit((await lookupsOf(clerkId)) + 2);
    const before = await lookupsOf(clerkId);
    const created = await call<CustomerItem>(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(hkid('E', '135791'), '5111 2221'), lang: 'en' });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    expect(await lastLookup(clerkId)).toEqual({
      module: 'customers',
      reference: 'POST /customers',
      after: { route: 'POST /customers', filters: [{ filter: 'idNumber', value: `****${hkid('E', '135791').slice(-4)}` }, { filter: 'phone', value: '****2221' }], reveal: false, duplicateCheck: true },
    });
    const dup = await call(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(KT.idNumber, '5111 2222'), lang: 'en' });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatchObject({ message: 'ID number already used' });
    expect(JSON.stringify(dup.body)).not.toContain(KT.name);
    expect(await lookupsOf(clerkId)).toBe(before + 2);
    // at the limit now: a taken number and a free one answer alike, and nothing is saved
    const customers = await t.pool.query(`select count(*)::int n from customers`);
    const taken = await call(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(KT.idNumber, '5111 2223'), lang: 'en' });
    const free = await call(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(hkid('E', '135790'), '5111 2224'), lang: 'en' });
    expect(taken.statusCode).toBe(429);
    expect(free.statusCode).toBe(429);
    expect(free.body).toEqual(taken.body);
    expect((await t.pool.query(`select count(*)::int n from customers`)).rows).toEqual(customers.rows);
    // an edit that changes no number is no lookup, and saves at the limit
    const item = dataOf(created);
    const edit = await call(t.app, 'PUT', `/customers/${item.id}`, { token: clerk, body: { ...newCustomer(hkid('E', '135791'), '5111 2221'), name: '改名' }, lang: 'en' });
    expect(edit.statusCode, JSON.stringify(edit.body)).toBe(200);
  });

  it('a shared mobile names only a customer the clerk could find by that number: the answer is the same whether another store has it or no one', async () => {
    await setLimit(1000);
    const other = await call<CustomerItem>(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(hkid('E', '246802'), KT.mobile1), lang: 'en' });
    const nobody = await call<CustomerItem>(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(hkid('E', '246804'), '5999 0404'), lang: 'en' });
    for (const res of [other, nobody]) {
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect(dataOf(res)).toMatchObject({ listStatus: 'white' });
      expect(dataOf(res).warnings ?? []).toEqual([]);
    }
    const mine = await call<CustomerItem>(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(hkid('E', '246803'), MK.mobile1), lang: 'en' });
    expect(dataOf(mine).warnings).toEqual([{ field: 'mobile1', message: 'customers.mobileUsed', customerCode: MK.code, name: MK.name }]);
    expect(await lastLookup(clerkId)).toMatchObject({ after: { duplicateCheck: true, filters: [{ filter: 'idNumber' }, { filter: 'phone', value: '****4514' }] } });
  });

  it('the blacklist warning is part of the save’s one counted lookup: a listed number and an unlisted one cost the same and are refused alike past the limit', async () => {
    await call(t.app, 'POST', '/blacklist', { token: manager, body: { phone: '5333 0001', name: 'Listed phone' }, lang: 'en' });
    await oneMoreFor(clerkId);
    const before = await lookupsOf(clerkId);
    const listed = await call<CustomerItem>(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(hkid('G', '100001'), '5333 0001'), lang: 'en' });
    expect(dataOf(listed)).toMatchObject({ listStatus: 'black', warnings: [{ field: 'mobile1', message: 'customers.onBlacklist', customerCode: '', name: 'Listed phone' }] });
    expect(await lookupsOf(clerkId)).toBe(before + 1);
    expect(await lastLookup(clerkId)).toMatchObject({ module: 'customers', after: { duplicateCheck: true, filters: [{ filter: 'idNumber' }, { filter: 'phone', value: '****0001' }] } });
    const again = await call(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(hkid('G', '100002'), '5333 0001'), lang: 'en' });
    const unlisted = await call(t.app, 'POST', '/customers', { token: clerk, body: newCustomer(hkid('G', '100003'), '5333 0002'), lang: 'en' });
    expect(again.statusCode).toBe(429);
    expect(unlisted.body).toEqual(again.body);
  });

  it('a blacklist entry’s duplicate check is a counted lookup, refused duplicate or saved entry alike', async () => {
    await call(t.app, 'POST', '/blacklist', { token: manager, body: { idNumber: hkid('F', '112233'), name: 'Listed' }, lang: 'en' });
    await setLimit((await lookupsOf(clerkId)) + 2);
    const dup = await call(t.app, 'POST', '/blacklist', { token: clerk, body: { idNumber: hkid('F', '112233'), name: 'Again' }, lang: 'en' });
    expect(dup.statusCode).toBe(409);
    expect(await lastLookup(clerkId)).toMatchObject({ module: 'blacklist', reference: 'POST /blacklist', after: { duplicateCheck: true } });
    const saved = await call(t.app, 'POST', '/blacklist', { token: clerk, body: { idNumber: hkid('F', '778899'), name: 'New' }, lang: 'en' });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(await lastLookup(clerkId)).toMatchObject({ module: 'blacklist', reference: 'POST /blacklist', after: { duplicateCheck: true } });
    const next = await call(t.app, 'POST', '/blacklist', { token: clerk, body: { idNumber: hkid('F', '445566'), name: 'New' }, lang: 'en' });
    expect(next.statusCode).toBe(429);
  });
});

describe('the probe, re-run', () => {
  /**
   * The attack: the clerk sees `****4514` and tries every valid HKID ending in those digits.
   * Candidates here run through the prefixes and the free digits in order, with the right one far
   * down the list (as it is in 2,364 candidates); the clerk's hour allows 20 lookups.
   */
  it('recovers no number in 300 tries over three routes: 20 lookups answer, every later one is the same refusal, no 5xx', async () => {
    await setLimit((await lookupsOf(clerkId)) + 20);
    const tail = MK.idNumber.slice(-4); // "451" + check digit
    const candidates: string[] = [];
    for (const prefix of 'ABCDEFGHJKLMNPRSTUVWXYZ') {
      for (let n = 0; n < 1000 && candidates.length < 300; n++) {
        const digits = `${String(n).padStart(3, '0')}${tail.slice(0, 3)}`;
        const candidate = hkid(prefix, digits);
        if (candidate.endsWith(tail) && candidate !== MK.idNumber) candidates.push(candidate);
      }
    }
    candidates.splice(150, 0, MK.idNumber);
    const routes = [
      (q: string) => get<Page<CustomerItem>>(clerk, '/customers', { idNumber: q }),
      (q: string) => get<SearchResult>(clerk, '/search', { q }),
      (q: string) => get(clerk, '/loans', { q }),
    ];
    const statuses = new Map<number, number>();
    let recovered = 0;
    let refusal: unknown = null;
    for (const [i, candidate] of candidates.slice(0, 300).entries()) {
      const res = await routes[i % routes.length]!(candidate);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const text = JSON.stringify(res.body);
      if (res.statusCode === 200 && (text.includes(`"id":${mkId},`) || text.includes(MK.code))) recovered++;
      if (res.statusCode === 429) {
        refusal ??= res.body;
        expect(res.body).toEqual(refusal);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 20, 429: 280 });
    expect(recovered).toBe(0);
  });
});
