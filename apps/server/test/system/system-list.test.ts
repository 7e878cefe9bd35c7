import { SETTING_GROUPS, SYSTEM_SETTING_KEYS, type SystemDevelop, type SystemParam, type SystemSettings } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';

let t: TestApp;
let admin: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  // these tests change rate and period settings directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  admin = (await loginAs(t.app, 'admin')).access_token;
  // The manager may read both lists and edit the system list, but is no super administrator.
  await t.pool.query(
    `insert into role_permissions (role_id, permission_key) select id, k from roles, unnest(array['system.list', 'system.list.edit', 'system.developList']) k where name = 'manager'`,
  );
  manager = (await loginAs(t.app, 'manager')).access_token;
});
afterAll(() => t.close());

const get = <T>(path: string, token = admin, query?: Record<string, string>) => call<T>(t.app, 'GET', path, { token, lang: 'en', ...(query ? { query } : {}) });
const post = <T>(path: string, body: unknown, token = admin, lang = 'en') => call<T>(t.app, 'POST', path, { token, body, lang });
const auditRows = async (module: string) =>
  (await t.pool.query<{ action: string; reference: string | null; before: Record<string, unknown>; after: Record<string, unknown>; staff_id: number }>(
    `select action, reference, before, after, staff_id from audit_log where module = $1 order by id`,
    [module],
  )).rows;

describe('system list', () => {
  it('groups every setting of the default settings page, with counts', async () => {
    const groups = dataOf(await get<{ id: string; count: number }[]>('/getSystemList'));
    expect(groups.map((g) => g.id)).toEqual(SETTING_GROUPS);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(SYSTEM_SETTING_KEYS.length);
  });

  it('answers a group’s parameters with value, type, range, default and last change from the database', async () => {
    await t.pool.query(`update settings set value = '6'::jsonb, updated_by = 2, updated_at = '2026-05-01T02:00:00Z' where key = 'lockoutThreshold'`);
    const params = dataOf(await get<SystemParam[]>('/getSystemGroupList/security'));
    const lockout = params.find((p) => p.key === 'lockoutThreshold')!;
    expect(lockout).toMatchObject({ group: 'security', kind: 'integer', min: '1', max: '100', default: 5, value: 6, editable: true, listed: true });
    expect(lockout.updatedAt).toBe('2026-05-01T02:00:00.000Z');
    expect(lockout.updatedBy).toBe((await t.pool.query<{ name: string }>('select name from staff where id = 2')).rows[0]!.name);
    expect(params.map((p) => p.key)).toEqual(['accessTokenTtlSeconds', 'refreshTokenTtlDays', 'idleTimeoutMinutes', 'lockoutThreshold', 'lockoutMinutes', 'passwordMinLength', 'visibleTelDigits', 'fourEyesKinds', 'numberLookupsPerHour']);
    expect((await get('/getSystemGroupList/nope')).statusCode).toBe(400);
  });

  it('sets one parameter: read back by getSystem, getSystemInfo and the default settings page; audited', async () => {
    const saved = await post<SystemParam>('/createSystem', { key: 'maxApr', value: '36.5' });
    expect(saved.body).toMatchObject({ result: 'success', message: 'Saved' });
    expect(dataOf(saved)).toMatchObject({ key: 'maxApr', value: '36.5', updatedBy: expect.any(String) });
    expect(dataOf(await get<SystemSettings>('/getSystem')).maxApr).toBe('36.5');
    expect(dataOf(await get<SystemSettings>('/getSystemPresets')).maxApr).toBe('36.5');
    expect(dataOf(await get<SystemParam>('/getSystemInfo/maxApr'))).toMatchObject({ value: '36.5', kind: 'decimal', unit: '%' });
    const row = (await t.pool.query<{ value: unknown; updated_by: number }>(`select value, updated_by from settings where key = 'maxApr'`)).rows[0]!;
    expect(row).toEqual({ value: '36.5', updated_by: 1 });
    const audits = await auditRows('settings');
    expect(audits.at(-1)).toMatchObject({ action: 'edit', reference: 'maxApr', before: { maxApr: '48' }, after: { maxApr: '36.5' }, staff_id: 1 });
  });

  it('a change on the default settings page shows on the system list', async () => {
    dataOf(await post('/createSystemPresets', { smsCharCount: 140 }));
    expect(dataOf(await get<SystemParam>('/getSystemInfo/smsCharCount')).value).toBe(140);
  });

  it('refuses an out-of-range or wrongly typed value with 400 and changes nothing', async () => {
    const auditsBefore = (await auditRows('settings')).length;
    for (const body of [
      { key: 'lockoutThreshold', value: 0 },
      { key: 'lockoutThreshold', value: 101 },
      { key: 'dayCount', value: 'actual/366' },
      { key: 'dayCount', value: 365 },
      { key: 'maxApr', value: '-1' },
      { key: 'ruleOf78', value: 'yes' },
      { key: 'nope', value: 1 },
      { key: 'lockoutThreshold', value: 6, extra: true },
    ]) {
      const res = await post('/createSystem', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await post<unknown>('/createSystem', { key: 'lockoutThreshold', value: 101 });
    expect(res.body).toMatchObject({ result: 'error', errors: [{ field: 'value' }] });
    expect(dataOf(await get<SystemSettings>('/getSystem')).lockoutThreshold).toBe(6);
    expect((await auditRows('settings')).length).toBe(auditsBefore);
  });

  it('is refused without the keys (403) and without a session (401)', async () => {
    const clerk = (await loginAs(t.app, 'clerk')).access_token;
    expect((await get('/getSystemList', clerk)).statusCode).toBe(403);
    expect((await get('/getSystem', clerk)).statusCode).toBe(403);
    expect((await post('/createSystem', { key: 'recordsPerPage', value: 50 }, clerk)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/getSystemList')).statusCode).toBe(401);
    expect(dataOf(await get<SystemSettings>('/getSystem')).recordsPerPage).toBe(20);
  });

  it('answers the loan types of sys_list to any signed-in staff, in their language', async () => {
    const clerk = (await loginAs(t.app, 'clerk')).access_token;
    const zh = dataOf(await call<{ sys_list: { loan_type: { value: string; label: string }[] } }>(t.app, 'GET', '/getSystemConfigList', { token: clerk, lang: 'zh-TW' }));
    expect(zh.sys_list.loan_type.map((o) => o.value)).toEqual(['private_loan', 'first_mortgage', 'second_mortgage', 'revolving']);
    expect(zh.sys_list.loan_type[0]!.label).toBe('私人貸款');
    // They are master data's loan types: a disabled one is no longer offered.
    const { rows } = await t.pool.query<{ id: number }>(`select id from option_items where category = 'loanType' and code = 'revolving'`);
    dataOf(await call(t.app, 'POST', `/loanOptions/${rows[0]!.id}/disable`, { token: admin }));
    const en = dataOf(await call<{ sys_list: { loan_type: { value: string; label: string }[] } }>(t.app, 'GET', '/getSystemConfigList', { token: clerk, lang: 'en' }));
    expect(en.sys_list.loan_type).toEqual([
      { value: 'private_loan', label: 'Private loan' },
      { value: 'first_mortgage', label: 'First mortgage' },
      { value: 'second_mortgage', label: 'Second mortgage' },
    ]);
    dataOf(await call(t.app, 'POST', `/loanOptions/${rows[0]!.id}/enable`, { token: admin }));
  });
});

describe('develop list', () => {
  it('lists every definition with texts in three languages', async () => {
    const list = dataOf(await get<SystemDevelop[]>('/getSystemDevelopList', manager));
    expect(list.map((d) => d.key).sort()).toEqual([...SYSTEM_SETTING_KEYS].sort());
    const one = dataOf(await get<SystemDevelop>('/getSystemDevelop', manager, { key: 'idleTimeoutMinutes' }));
    expect(one).toMatchObject({ kind: 'integer', min: '1', max: '1440', default: 30, listed: true, editable: true });
    expect(one.label).toEqual({ 'zh-TW': expect.any(String), en: 'Idle timeout (minutes)', 'zh-CN': expect.any(String) });
    expect(one.label['zh-TW']).not.toBe(one.label.en);
    expect((await get('/getSystemDevelop', manager, { key: 'nope' })).statusCode).toBe(400);
  });

  it('refuses a staff member who is not the super administrator, and changes nothing', async () => {
    const res = await post<unknown>('/createSystemDevelop', { key: 'visibleTelDigits', editable: false }, manager);
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatchObject({ message: 'Only the super administrator may change parameter definitions.' });
    expect((await t.pool.query('select 1 from setting_definitions')).rowCount).toBe(0);
    expect(await auditRows('settingDefinitions')).toEqual([]);
  });

  it('the super administrator makes a parameter read-only, moves one and hides one; audited; the system list follows', async () => {
    const saved = dataOf(await post<SystemDevelop>('/createSystemDevelop', { key: 'visibleTelDigits', editable: false }));
    expect(saved).toMatchObject({ editable: false, listed: true, updatedBy: expect.any(String) });
    const refused = await post('/createSystem', { key: 'visibleTelDigits', value: 2 }, manager);
    expect(refused.statusCode).toBe(403);
    expect(dataOf(await get<SystemSettings>('/getSystem')).visibleTelDigits).toBe(4);

    dataOf(await post('/createSystemDevelop', { key: 'recordsPerPage', group: 'security', sort: 5 }));
    const security = dataOf(await get<SystemParam[]>('/getSystemGroupList/security', manager));
    expect(security[0]!.key).toBe('recordsPerPage');

    dataOf(await post('/createSystemDevelop', { key: 'smsCharCount', listed: false }));
    const groups = dataOf(await get<{ id: string; count: number }[]>('/getSystemList', manager));
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(SYSTEM_SETTING_KEYS.length - 1);
    expect((await get('/getSystemInfo/smsCharCount', manager)).statusCode).toBe(404);
    // the default settings page still shows and saves every setting
    expect(dataOf(await get<SystemSettings>('/getSystemPresets')).smsCharCount).toBe(140);

    const audits = await auditRows('settingDefinitions');
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({ action: 'edit', reference: 'visibleTelDigits', before: { editable: true }, after: { editable: false }, staff_id: 1 });
    expect(audits[1]).toMatchObject({ reference: 'recordsPerPage', before: { group: 'operations', sort: 30 }, after: { group: 'security', sort: 5 } });
  });

  it('refuses a change of type or value through the develop list (400)', async () => {
    expect((await post('/createSystemDevelop', { key: 'maxApr', kind: 'integer' })).statusCode).toBe(400);
    expect((await post('/createSystemDevelop', { key: 'maxApr', group: 'elsewhere' })).statusCode).toBe(400);
    expect((await post('/createSystemDevelop', { key: 'maxApr', sort: -1 })).statusCode).toBe(400);
  });
});
