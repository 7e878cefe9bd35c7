import type { LoanBlacklistHit, LoanChoices, LoanItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs, type ApiAnswer } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';

/**
 * What the application form asks besides the loan: the referral-agent choices a clerk may read,
 * and the blacklist check while the form is filled in (which person, which field, masked values).
 */
let t: TestApp;
let clerk: string;
let manager: string;
let collector: string;
let accountant: string;
/** Customers: one clean, one whose second mobile is the demo blacklist's 98765432, one marked black. */
let clean: number;
let phoneHit: number;
let black: number;

beforeAll(async () => {
  t = await createTestApp();
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  collector = (await loginAs(t.app, 'collector')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  clean = await insertCustomer(t.pool, { code: 'TF0001', name: '何清白', idNumber: 'A1234563', mobile1: '91234567' });
  phoneHit = await insertCustomer(t.pool, { code: 'TF0002', name: '馬電話', idNumber: 'B1234560', mobile1: '92345678', mobile2: '98765432' });
  black = await insertCustomer(t.pool, { code: 'TF0003', name: '黑名單', idNumber: 'C1234565', mobile1: '93456789', listStatus: 'black' });
});
afterAll(() => t.close());

const check = (token: string, body: unknown, lang = 'en') =>
  call<{ hits: LoanBlacklistHit[] }>(t.app, 'POST', '/loans/blacklistCheck', { token, body, lang });
const messageOf = (res: ApiAnswer) => (res.body as { message: string }).message;
const auditRows = async () => Number((await t.pool.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]!.n);

describe('GET /loans/choices', () => {
  it('gives a clerk (no master-data key) the referral agents in service: id and name in the caller’s language only', async () => {
    expect((await call(t.app, 'GET', '/referralAgents', { token: clerk })).statusCode).toBe(403);
    const zh = dataOf(await call<LoanChoices>(t.app, 'GET', '/loans/choices', { token: clerk }));
    const { rows } = await t.pool.query<{ id: number; name_zh: string; name_en: string }>(`select id, name_zh, name_en from referral_agents where state = 'normal' order by id`);
    expect(rows.length).toBeGreaterThan(0);
    expect(zh.referralAgents).toEqual(rows.map((r) => ({ id: r.id, name: r.name_zh })));
    const en = dataOf(await call<LoanChoices>(t.app, 'GET', '/loans/choices', { token: clerk, lang: 'en' }));
    expect(en.referralAgents).toEqual(rows.map((r) => ({ id: r.id, name: r.name_en })));
    // Nothing but id and name leaves the server (no commission, BR number or contact).
    for (const a of en.referralAgents) expect(Object.keys(a).sort()).toEqual(['id', 'name']);
  });

  it('leaves out an agent out of service', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`update referral_agents set state = 'disabled' where id = (select min(id) from referral_agents) returning id`);
    try {
      const ids = dataOf(await call<LoanChoices>(t.app, 'GET', '/loans/choices', { token: manager })).referralAgents.map((a) => a.id);
      expect(ids).not.toContain(rows[0]!.id);
    } finally {
      await t.pool.query(`update referral_agents set state = 'normal' where id = $1`, [rows[0]!.id]);
    }
  });

  it('refuses staff who may neither create nor edit an application (403)', async () => {
    expect((await call(t.app, 'GET', '/loans/choices', { token: collector })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/loans/choices', { token: accountant })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/loans/choices', {})).statusCode).toBe(401);
  });
});

describe('POST /loans/blacklistCheck', () => {
  it('names the person and the field that hits, with the value masked, and nothing for a clean customer', async () => {
    const res = await check(clerk, { customerIds: [clean, phoneHit, black] });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).hits).toEqual([
      { customerId: phoneHit, name: '馬電話', field: 'mobile2', value: '****5432' },
      { customerId: black, name: '黑名單', field: 'listStatus', value: null },
    ]);
    const text = JSON.stringify(res.body);
    for (const whole of ['98765432', 'B1234560', 'C1234565', 'A1234563']) expect(text).not.toContain(whole);
  });

  it('checks numbers typed into the form (a collateral owner) in any written form, masked in the answer', async () => {
    const hits = dataOf(await check(clerk, { typed: [{ name: '業主', idNumber: 'k234567(6)', phone: '+852 6123 4598' }, { name: '清白業主', idNumber: 'A1234563' }] })).hits;
    expect(hits).toEqual([
      { customerId: null, name: '業主', field: 'idNumber', value: expect.stringMatching(/^\*+/) },
      { customerId: null, name: '業主', field: 'phone', value: expect.stringMatching(/^\*+4598$/) },
    ]);
    expect(JSON.stringify(hits)).not.toContain('2345676');
  });

  it('follows the "visible tel. no." digits setting', async () => {
    await t.pool.query(`insert into settings (key, value) values ('visibleTelDigits', '2') on conflict (key) do update set value = excluded.value`);
    try {
      const hits = dataOf(await check(clerk, { customerIds: [phoneHit] })).hits;
      expect(hits[0]!.value).toBe('******32');
    } finally {
      await t.pool.query(`delete from settings where key = 'visibleTelDigits'`);
    }
  });

  it('answers 404 for a customer id not in the register, 400 for bad input, 403 without the loan keys; writes no audit row', async () => {
    const before = await auditRows();
    const missing = await check(clerk, { customerIds: [clean, 99999999] });
    expect(missing.statusCode).toBe(404);
    expect(JSON.stringify(missing.body)).not.toContain('何清白');
    const bad = await check(clerk, { customerIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).not.toMatch(/^validation\./);
    expect((await check(clerk, { customerIds: Array.from({ length: 11 }, (_, i) => i + 1) })).statusCode).toBe(400);
    expect((await check(clerk, { typed: [{ name: 'x', idNumber: 'A'.repeat(33) }] })).statusCode).toBe(400);
    expect((await check(collector, { customerIds: [phoneHit] })).statusCode).toBe(403);
    expect((await check(accountant, { customerIds: [phoneHit] })).statusCode).toBe(403);
    expect(await auditRows()).toBe(before);
  });

  it('warns of the same people submission blocks; a manager submits with a reason', async () => {
    const body = smallApplication(clean, { partakers: [{ customerId: phoneHit, role: 'guarantor' }] });
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body }));
    const warned = dataOf(await check(clerk, { customerIds: [clean, phoneHit] })).hits.map((h) => h.name);
    const refused = await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {}, lang: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(messageOf(refused)).toBe(`On the blacklist: ${warned.join(', ')}. A manager must give a reason to go ahead`);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: { overrideReason: 'known' } })).statusCode).toBe(403);
    const done = await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/submit`, { token: manager, body: { overrideReason: 'Guarantor cleared by phone' } });
    expect(done.statusCode).toBe(200);
    expect(dataOf(done)).toMatchObject({ status: 'wait_approve', blacklistOverrideReason: 'Guarantor cleared by phone' });
  });
});
