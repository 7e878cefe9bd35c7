import type { BlacklistHit, BlacklistItem, Page } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blacklistHits } from '../../src/modules/blacklist/index.js';
import { call, dataOf, loginAs, type ApiAnswer } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let manager: string;
let clerk: string;
let accountant: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
});
afterAll(() => t.close());

const list = async (token: string, query: Record<string, string> = {}) => dataOf(await call<Page<BlacklistItem>>(t.app, 'GET', '/blacklist', { token, query }));
const count = async () => Number((await t.pool.query<{ n: string }>('select count(*) as n from blacklist')).rows[0]!.n);
const auditOf = async (reference: number) =>
  (
    await t.pool.query<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from audit_log where module = 'blacklist' and reference = $1 order by id`,
      [String(reference)],
    )
  ).rows;
const check = (token: string, body: unknown) => call<{ hits: BlacklistHit[] }>(t.app, 'POST', '/blacklist/check', { token, body });
const messageOf = (res: ApiAnswer) => (res.body as { message: string }).message;

describe('blacklist list', () => {
  it('lists the demo entries to a clerk with every number masked to the visible digits', async () => {
    const page = await list(clerk, { sort: 'name:asc' });
    // Three entries of their own and the numbers of the demo customer marked black (周偉傑).
    expect(page.total).toBe(4);
    const byName = Object.fromEntries(page.items.map((i) => [i.name, i]));
    expect(byName['黃大強']).toMatchObject({ idNumber: '****5676', phone: '****4598', masked: true, canReveal: false, createdByName: '系統管理員' });
    expect(byName['周志明']).toMatchObject({ idNumber: null, phone: '****5432' });
    expect(byName['周偉傑']).toMatchObject({ idNumber: '****5924', phone: '****1707' });
    const text = JSON.stringify(page);
    for (const whole of ['K2345676', '61234598', '98765432', 'EA1234567', '8613800138000', 'M1465924', '98901707']) expect(text).not.toContain(whole);
  });

  it('finds a row by the whole ID number or phone in any written form, by a part of the name, never by a part of a number', async () => {
    expect((await list(clerk, { idNumber: 'k234567(6)' })).items.map((i) => i.name)).toEqual(['黃大強']);
    expect((await list(clerk, { phone: '+852 9876 5432' })).items.map((i) => i.name)).toEqual(['周志明']);
    expect((await list(clerk, { phone: '0086 138 0013 8000' })).items.map((i) => i.name)).toEqual(['Lam Ka Wai']);
    expect((await list(clerk, { name: 'ka wa' })).items.map((i) => i.name)).toEqual(['Lam Ka Wai']);
    expect((await list(clerk, { idNumber: 'K23456' })).total).toBe(0);
    expect((await list(clerk, { phone: '9876' })).total).toBe(0);
  });

  it('answers 403 to a role without the blacklist keys, and 404 for a missing row', async () => {
    expect((await call(t.app, 'GET', '/blacklist', { token: accountant })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/blacklist', { token: accountant, body: { phone: '51234567', name: 'x' } })).statusCode).toBe(403);
    expect((await check(accountant, { phones: ['98765432'] })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/blacklist/999999', { token: manager })).statusCode).toBe(404);
    expect(await count()).toBe(4);
  });
});

describe('blacklist changes', () => {
  it('adds, edits and removes an entry with its success messages; audit rows hold masked numbers only', async () => {
    const added = await call<BlacklistItem>(t.app, 'POST', '/blacklist', {
      token: clerk,
      lang: 'en',
      body: { idNumber: ' a123456 (3) ', phone: '+852 5123-4567', name: 'Cheung Tai Man', remarks: 'forged payslips' },
    });
    expect(added.statusCode).toBe(200);
    expect(messageOf(added)).toBe('Blacklisted');
    const item = dataOf(added);
    expect(item).toMatchObject({ idNumber: '****4563', phone: '****4567', name: 'Cheung Tai Man', createdByName: '李文員', customerId: null });
    const [stored] = (await t.pool.query('select id_number, phone from blacklist where id = $1', [item.id])).rows;
    expect(stored).toEqual({ id_number: 'A1234563', phone: '51234567' });

    // A clerk may not edit, remove or reveal.
    expect((await call(t.app, 'PUT', `/blacklist/${item.id}`, { token: clerk, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/blacklist/${item.id}`, { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/blacklist/${item.id}/reveal`, { token: clerk, body: { field: 'idNumber' } })).statusCode).toBe(403);

    // The edit form sends the masked numbers back: they stay; the phone sent empty is cleared.
    const edited = dataOf(
      await call<BlacklistItem>(t.app, 'PUT', `/blacklist/${item.id}`, {
        token: manager,
        body: { idNumber: '****4563', phone: '', name: 'Cheung Tai-man', remarks: null },
      }),
    );
    expect(edited).toMatchObject({ idNumber: '****4563', phone: null, name: 'Cheung Tai-man', remarks: null });
    expect((await t.pool.query('select id_number, phone from blacklist where id = $1', [item.id])).rows[0]).toEqual({ id_number: 'A1234563', phone: null });
    // Clearing the last number is refused.
    const empty = await call(t.app, 'PUT', `/blacklist/${item.id}`, { token: manager, lang: 'en', body: { idNumber: '', name: 'x' } });
    expect(empty.statusCode).toBe(400);

    const removed = await call(t.app, 'DELETE', `/blacklist/${item.id}`, { token: manager, lang: 'zh-TW' });
    expect(removed.statusCode).toBe(200);
    expect(messageOf(removed)).toBe('已從黑名單移除');
    expect((await call(t.app, 'GET', `/blacklist/${item.id}`, { token: manager })).statusCode).toBe(404);

    const rows = await auditOf(item.id);
    expect(rows.map((r) => r.action)).toEqual(['add', 'edit', 'delete']);
    const text = JSON.stringify(rows);
    expect(text).toContain('****4563');
    for (const whole of ['A1234563', '51234567', 'A123456']) expect(text).not.toContain(whole);
  });

  it('refuses a number already listed with 409, naming neither the other row nor its whole number', async () => {
    for (const [body, code] of [
      [{ idNumber: 'K234567(6)', name: 'Someone Else' }, 'This ID number is already on the blacklist'],
      [{ phone: '+852 9876 5432', name: 'Someone Else' }, 'This phone is already on the blacklist'],
    ] as const) {
      const res = await call(t.app, 'POST', '/blacklist', { token: clerk, lang: 'en', body });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(code);
      const text = JSON.stringify(res.body);
      for (const leak of ['K2345676', '98765432', '黃大強', '周志明']) expect(text).not.toContain(leak);
    }
    // An edit onto another row's number is refused the same way.
    const [own] = (await t.pool.query<{ id: number }>(`select id from blacklist where name = 'Lam Ka Wai'`)).rows;
    const res = await call(t.app, 'PUT', `/blacklist/${own!.id}`, { token: manager, lang: 'en', body: { phone: '98765432', name: 'Lam Ka Wai' } });
    expect(res.statusCode).toBe(409);
    expect(await count()).toBe(4);
  });

  it('refuses bad input with 400 in the caller’s language, changing nothing', async () => {
    const bad = [
      { name: 'No Number' },
      { idNumber: '', phone: '', name: 'Blank Numbers' },
      { idNumber: 'A1(2)', name: 'Too Short' },
      { idNumber: 'A12345678901234567890', name: 'Too Long' },
      { idNumber: 'A123456#', name: 'Bad Character' },
      { phone: '1234', name: 'Short Phone' },
      { phone: '+86 abc', name: 'Letters' },
      { phone: '91234567', name: '' },
      { phone: '91234567', name: 'x'.repeat(65) },
      { phone: 91234567, name: 'Number Type' },
    ];
    for (const body of bad) {
      const res = await call(t.app, 'POST', '/blacklist', { token: manager, lang: 'en', body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const zh = await call(t.app, 'POST', '/blacklist', { token: manager, lang: 'zh-TW', body: { name: '甲' } });
    expect(zh.statusCode).toBe(400);
    expect(JSON.stringify(zh.body)).toContain('證件號碼及電話最少須填寫一項');
    expect(await count()).toBe(4);
  });
});

describe('reveal', () => {
  it('gives the whole number to a holder of blacklist.reveal and logs each reveal', async () => {
    const [row] = (await t.pool.query<{ id: number }>(`select id from blacklist where id_number = 'K2345676'`)).rows;
    const id = row!.id;
    const item = dataOf(await call<BlacklistItem>(t.app, 'GET', `/blacklist/${id}`, { token: manager }));
    // Masked for the manager too: every look at a whole number goes through the reveal.
    expect(item).toMatchObject({ idNumber: '****5676', canReveal: true });
    const revealed = dataOf(await call<{ field: string; value: string }>(t.app, 'POST', `/blacklist/${id}/reveal`, { token: manager, body: { field: 'idNumber' } }));
    expect(revealed).toEqual({ field: 'idNumber', value: 'K2345676' });
    const phone = dataOf(await call<{ value: string }>(t.app, 'POST', `/blacklist/${id}/reveal`, { token: manager, body: { field: 'phone' } }));
    expect(phone.value).toBe('61234598');
    const rows = await auditOf(id);
    expect(rows.map((r) => [r.action, r.after])).toEqual([
      ['reveal', { field: 'idNumber' }],
      ['reveal', { field: 'phone' }],
    ]);
    expect((await call(t.app, 'POST', `/blacklist/${id}/reveal`, { token: manager, body: { field: 'name' } })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/blacklist/999999/reveal', { token: manager, body: { field: 'phone' } })).statusCode).toBe(404);
  });
});

describe('check', () => {
  it('matches exactly on the normal forms and answers masked hits, each call with numbers one lookup audit row', async () => {
    const inserted = dataOf(await call<BlacklistItem>(t.app, 'POST', '/blacklist', { token: manager, body: { idNumber: 'A1234567', name: 'Check Target' } }));
    const before = Number((await t.pool.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]!.n);
    const byId = dataOf(await check(clerk, { idNumbers: ['A123456(7)'] }));
    expect(byId.hits).toEqual([{ id: inserted.id, name: 'Check Target', matched: ['idNumber'], idNumber: '****4567', phone: null }]);
    const byPhone = dataOf(await check(clerk, { phones: ['+852 9876 5432'] }));
    expect(byPhone.hits.map((h) => [h.name, h.matched, h.phone])).toEqual([['周志明', ['phone'], '****5432']]);
    const both = dataOf(await check(clerk, { idNumbers: ['k234567(6)', 'Z999999(9)'], phones: ['6123 4598', '0086-138-0013-8000'] }));
    expect(both.hits.map((h) => [h.name, h.matched])).toEqual([
      ['黃大強', ['idNumber', 'phone']],
      ['Lam Ka Wai', ['phone']],
    ]);
    // Exact, never partial.
    expect(dataOf(await check(clerk, { idNumbers: ['A123456'], phones: ['9876543', '98765432 1'] })).hits).toEqual([]);
    expect(dataOf(await check(clerk, {})).hits).toEqual([]);
    expect(JSON.stringify(both)).not.toContain('K2345676');
    const after = Number((await t.pool.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]!.n);
    // four calls with numbers, one without
    expect(after).toBe(before + 4);
    const { rows } = await t.pool.query<{ action: string; module: string; after: unknown }>(`select action, module, after from audit_log order by id desc limit 1`);
    expect(rows[0]).toEqual({
      action: 'lookup',
      module: 'blacklist',
      after: {
        route: 'POST /blacklist/check',
        filters: [
          { filter: 'idNumber', value: '***3456' },
          { filter: 'phone', value: '***6543' },
          { filter: 'phone', value: '*****4321' },
        ],
        reveal: false,
      },
    });
  });

  it('refuses more than 10 numbers of a kind, non-strings and over-long values with 400', async () => {
    for (const body of [
      { idNumbers: Array.from({ length: 11 }, (_, i) => `A12345${i}`) },
      { phones: Array.from({ length: 11 }, (_, i) => `9123456${i}`) },
      { phones: [91234567] },
      { idNumbers: 'A1234567' },
      { idNumbers: ['A'.repeat(33)] },
    ]) {
      expect((await check(clerk, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('serves the loan modules: blacklistHits with the visible digits of the setting or the caller', async () => {
    const hits = await blacklistHits(t.db, { idNumbers: ['K 234567 (6)'], phones: [] });
    expect(hits).toEqual([expect.objectContaining({ name: '黃大強', matched: ['idNumber'], idNumber: '****5676' })]);
    const fewer = await blacklistHits(t.db, { idNumbers: [], phones: ['+85261234598'] }, { visibleDigits: 2 });
    expect(fewer[0]).toMatchObject({ matched: ['phone'], phone: '******98' });
    expect(await blacklistHits(t.db, { idNumbers: ['', '  '], phones: [''] })).toEqual([]);
  });
});
