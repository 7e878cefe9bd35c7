import { OPTION_CATEGORIES, OPTION_CHOICES_PATH, OPTION_SEED, type OptionChoices, type OptionItem, type Page } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertOption, findOption } from '../../src/modules/options/service.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await loginAs(t.app, 'admin')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
});
afterAll(() => t.close());

const list = (path: string, query: Record<string, string | number> = {}, token = admin) =>
  call<Page<OptionItem>>(t.app, 'GET', path, { token, query: { pageSize: 100, ...query } });
const create = (path: string, body: unknown, lang = 'en', token = admin) => call<OptionItem>(t.app, 'POST', path, { token, body, lang });
const seeded = async (category: string, code: string) =>
  (await t.pool.query<{ id: number }>('select id from option_items where category = $1 and code = $2', [category, code])).rows[0]!.id;
const auditRows = async (module: string, reference: number) =>
  (await t.pool.query<{ action: string }>('select action from audit_log where module = $1 and reference = $2 order by id', [module, String(reference)])).rows.map((r) => r.action);
const fieldsOf = (res: Awaited<ReturnType<typeof create>>) => (res.body.result === 'error' ? (res.body.errors ?? []) : []);

describe('seeded options (migration)', () => {
  it('holds every value of spec §9 with three labels, built in and normal', async () => {
    const { rows } = await t.pool.query<{ category: string; code: string; label_zh_tw: string; label_en: string; label_zh_cn: string; builtin: boolean; state: string }>(
      'select category, code, label_zh_tw, label_en, label_zh_cn, builtin, state from option_items order by category, sort_order',
    );
    const expected = Object.entries(OPTION_SEED).flatMap(([category, items]) => items.map((o) => ({ category, ...o })));
    expect(rows).toHaveLength(expected.length);
    for (const o of expected) {
      expect(rows).toContainEqual({ category: o.category, code: o.code, label_zh_tw: o.labelZhTw, label_en: o.labelEn, label_zh_cn: o.labelZhCn, builtin: true, state: 'normal' });
    }
  });

  it('lists only its group: customer related has the five customer categories, in order', async () => {
    const page = dataOf(await list('/customerOptions'));
    expect(new Set(page.items.map((o) => o.category))).toEqual(new Set(['idType', 'marital', 'education', 'residentialType', 'source']));
    expect(page.items.slice(0, 4).map((o) => o.code)).toEqual(['hkid', 'mainland_id', 'foreign_passport', 'business_registration']);
    const marital = dataOf(await list('/customerOptions', { category: 'marital' }));
    expect(marital.items.map((o) => o.code)).toEqual(['single', 'married', 'separated', 'divorced', 'widowed']);
    const cycles = dataOf(await list('/loanOptions', { category: 'repayCycle' }));
    expect(cycles.items.map((o) => o.labelEn)).toEqual(['Monthly', 'Twice a month', 'Every two weeks', 'Every N days']);
  });

  it('refuses another group’s category and another group’s option (404)', async () => {
    expect((await list('/loanOptions', { category: 'marital' })).statusCode).toBe(400);
    const single = await seeded('marital', 'single');
    expect((await call(t.app, 'GET', `/loanOptions/${single}`, { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `/loanOptions/${single}`, { token: admin, body: { labelEn: 'X' } })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/loanOptions/${single}/disable`, { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/loanOptions/${single}`, { token: admin })).statusCode).toBe(404);
    expect(dataOf(await call<OptionItem>(t.app, 'GET', `/customerOptions/${single}`, { token: admin }))).toMatchObject({ code: 'single', builtin: true });
  });

  it('filters by label text in any language or code, by state, sorts and pages', async () => {
    expect(dataOf(await list('/customerOptions', { label: '離婚' })).items.map((o) => o.code)).toEqual(['divorced']);
    expect(dataOf(await list('/customerOptions', { label: 'divorc' })).items.map((o) => o.code)).toEqual(['divorced']);
    expect(dataOf(await list('/customerOptions', { label: '离婚' })).items.map((o) => o.code)).toEqual(['divorced']);
    expect(dataOf(await list('/loanOptions', { label: '%' })).total).toBe(0);
    const byCode = dataOf(await list('/loanOptions', { category: 'purpose', sort: 'code:desc' })).items.map((o) => o.code);
    expect(byCode).toEqual([...byCode].sort().reverse());
    const p2 = dataOf(await list('/customerOptions', { pageSize: 5, page: 2 }));
    expect(p2.items).toHaveLength(5);
    expect(p2.total).toBe(21);
    expect(dataOf(await list('/customerOptions', { pageSize: 10, page: 9 })).total).toBe(21);
  });
});

describe('creating, editing, disabling and deleting', () => {
  let id: number;
  it('creates an option with trimmed labels, audited', async () => {
    const res = await create('/customerOptions', { category: 'source', code: 'internet', labelZhTw: ' 互聯網 ', labelEn: 'Internet', labelZhCn: '互联网', sortOrder: 40 });
    const item = dataOf(res);
    id = item.id;
    expect(item).toMatchObject({ category: 'source', code: 'internet', labelZhTw: '互聯網', state: 'normal', builtin: false, sortOrder: 40 });
    expect(res.body.message).toBe('Created');
    expect(await auditRows('customerOptions', id)).toEqual(['add']);
  });

  it('refuses a duplicate code in the category, in three languages', async () => {
    const body = { category: 'source', code: 'internet', labelZhTw: '網', labelEn: 'Web', labelZhCn: '网' };
    const answers = await Promise.all(['zh-TW', 'en', 'zh-CN'].map((lang) => create('/customerOptions', body, lang)));
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400]);
    expect(answers.map((a) => fieldsOf(a)[0])).toEqual([
      { field: 'code', message: '此類別已有相同代碼的選項' },
      { field: 'code', message: 'This category already has an option with this code' },
      { field: 'code', message: '此类别已有相同代码的选项' },
    ]);
    // The same code in another category is fine.
    dataOf(await create('/customerOptions', { ...body, category: 'education' }));
  });

  it('validates code, labels and category, in three languages', async () => {
    const body = { category: 'loanType', code: 'Bad Code', labelZhTw: '  ', labelEn: 'x'.repeat(129) };
    const en = await create('/customerOptions', body, 'en');
    expect(en.statusCode).toBe(400);
    expect(fieldsOf(en).map((e) => e.field).sort()).toEqual(['category', 'code', 'labelEn', 'labelZhCn', 'labelZhTw']);
    expect(fieldsOf(en).find((e) => e.field === 'code')?.message).toBe('The code may only contain lower-case letters, digits and underscores, and must start with a letter');
    const tw = await create('/customerOptions', body, 'zh-TW');
    expect(fieldsOf(tw).find((e) => e.field === 'code')?.message).toBe('代碼只可包含英文小寫字母、數字及底線，並以字母開頭');
    expect(fieldsOf(tw).find((e) => e.field === 'labelZhTw')?.message).toBe('必須填寫');
    const cn = await create('/customerOptions', body, 'zh-CN');
    expect(fieldsOf(cn).find((e) => e.field === 'code')?.message).toBe('代码只可包含英文小写字母、数字及下划线，并以字母开头');
  });

  it('edits labels and code; the category stays', async () => {
    const edited = dataOf(await call<OptionItem>(t.app, 'PUT', `/customerOptions/${id}`, { token: admin, body: { code: 'web', labelEn: 'Web', category: 'marital' } }));
    expect(edited).toMatchObject({ code: 'web', labelEn: 'Web', labelZhTw: '互聯網', category: 'source' });
    expect(await auditRows('customerOptions', id)).toEqual(['add', 'edit']);
  });

  it('disables and enables through the status table, audited; twice is a 422', async () => {
    const off = await call<OptionItem>(t.app, 'POST', `/customerOptions/${id}/disable`, { token: admin, lang: 'en' });
    expect(dataOf(off).state).toBe('disabled');
    expect(off.body.message).toBe('Status changed');
    expect(dataOf(await list('/customerOptions', { state: 'disabled' })).items.map((o) => o.id)).toEqual([id]);
    expect((await call(t.app, 'POST', `/customerOptions/${id}/disable`, { token: admin })).statusCode).toBe(422);
    expect(dataOf(await call<OptionItem>(t.app, 'POST', `/customerOptions/${id}/enable`, { token: admin })).state).toBe('normal');
    expect(await auditRows('customerOptions', id)).toEqual(['add', 'edit', 'edit', 'edit']);
  });

  it('protects the seeded options: no code change, no delete (409, three languages); labels may change', async () => {
    const cash = await seeded('payoutMethod', 'cash');
    const recode = await call(t.app, 'PUT', `/loanOptions/${cash}`, { token: admin, lang: 'en', body: { code: 'cash2' } });
    expect(recode.statusCode).toBe(409);
    expect(recode.body).toMatchObject({ message: '“cash” is a built-in option; its code cannot be changed' });
    const del = await Promise.all(['zh-TW', 'en', 'zh-CN'].map((lang) => call(t.app, 'DELETE', `/loanOptions/${cash}`, { token: admin, lang })));
    expect(del.map((d) => d.statusCode)).toEqual([409, 409, 409]);
    expect(del.map((d) => (d.body as { message: string }).message)).toEqual([
      '「cash」是系統預設選項，不可刪除；如不再使用，請改為停用',
      '“cash” is a built-in option and cannot be deleted; disable it instead if it is no longer used',
      '“cash”是系统默认选项，不可删除；如不再使用，请改为停用',
    ]);
    expect(dataOf(await call<OptionItem>(t.app, 'PUT', `/loanOptions/${cash}`, { token: admin, body: { code: 'cash', labelEn: 'Cash (HKD)' } }))).toMatchObject({ code: 'cash', labelEn: 'Cash (HKD)' });
  });

  it('refuses deleting an option a record refers to (409 errors.referenced), deletes an unused one', async () => {
    const other = dataOf(await create('/loanOptions', { category: 'purpose', code: 'wedding', labelZhTw: '婚禮', labelEn: 'Wedding', labelZhCn: '婚礼' }));
    await t.pool.query('create table option_users (id serial primary key, option_id integer references option_items(id))');
    await t.pool.query('insert into option_users (option_id) values ($1)', [other.id]);
    const refused = await call(t.app, 'DELETE', `/loanOptions/${other.id}`, { token: admin, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ message: 'The record is in use and cannot be deleted.' });
    await t.pool.query('drop table option_users');
    dataOf(await call(t.app, 'DELETE', `/loanOptions/${other.id}`, { token: admin }));
    expect(await auditRows('loanOptions', other.id)).toEqual(['add', 'delete']);
  });
});

describe('permissions', () => {
  it('lets the manager view but not change; the clerk sees nothing (403)', async () => {
    expect((await list('/loanOptions', {}, manager)).statusCode).toBe(200);
    const single = await seeded('marital', 'single');
    expect((await create('/loanOptions', { category: 'purpose', code: 'x1', labelZhTw: 'x', labelEn: 'x', labelZhCn: 'x' }, 'en', manager)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/customerOptions/${single}/disable`, { token: manager })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `/customerOptions/${single}`, { token: manager, body: {} })).statusCode).toBe(403);
    expect((await list('/customerOptions', {}, clerk)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/customerOptions/${single}`, { token: clerk })).statusCode).toBe(403);
  });

  it('lets every signed-in staff member read the enabled choices, and nobody signed out', async () => {
    const separated = await seeded('marital', 'separated');
    dataOf(await call(t.app, 'POST', `/customerOptions/${separated}/disable`, { token: admin }));
    const choices = dataOf(await call<OptionChoices>(t.app, 'GET', OPTION_CHOICES_PATH, { token: clerk }));
    expect(Object.keys(choices).sort()).toEqual([...OPTION_CATEGORIES].sort());
    expect(choices.marital.map((c) => c.code)).toEqual(['single', 'married', 'divorced', 'widowed']);
    expect(choices.loanType[0]).toEqual({ code: 'private_loan', labelZhTw: '私人貸款', labelEn: 'Private loan', labelZhCn: '私人贷款' });
    dataOf(await call(t.app, 'POST', `/customerOptions/${separated}/enable`, { token: admin }));
    expect((await call(t.app, 'GET', OPTION_CHOICES_PATH)).statusCode).toBe(401);
  });
});

describe('assertOption (for the modules whose records take an option)', () => {
  it('finds an option by id or code and refuses a missing, foreign or disabled one', async () => {
    const married = await seeded('marital', 'married');
    expect(await assertOption(t.db, 'marital', { id: married }, 'maritalId')).toMatchObject({ code: 'married' });
    expect(await assertOption(t.db, 'marital', { code: 'married' }, 'maritalId')).toMatchObject({ id: married });
    expect(await findOption(t.db, 'education', { id: married })).toBeUndefined();
    await expect(assertOption(t.db, 'education', { id: married }, 'educationId')).rejects.toMatchObject({ httpStatus: 400 });
    await expect(assertOption(t.db, 'marital', { code: 'nope' }, 'maritalId')).rejects.toMatchObject({ httpStatus: 400 });

    const widowed = await seeded('marital', 'widowed');
    dataOf(await call(t.app, 'POST', `/customerOptions/${widowed}/disable`, { token: admin }));
    await expect(assertOption(t.db, 'marital', { id: widowed }, 'maritalId')).rejects.toMatchObject({ httpStatus: 400 });
    // A record that already has it keeps it.
    expect(await assertOption(t.db, 'marital', { id: widowed }, 'maritalId', { keep: widowed })).toMatchObject({ state: 'disabled' });
    dataOf(await call(t.app, 'POST', `/customerOptions/${widowed}/enable`, { token: admin }));
  });
});
