import type { Page, ReferralAgentItem, StaffItem, StaffLevelItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalLimitOf, withinApprovalLimit } from '../../src/modules/staff-levels/index.js';
import { auditCount, expectFieldErrors, idOf, rowCount, storeIds, tokenOf } from '../admin/helpers.js';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let stores: Awaited<ReturnType<typeof storeIds>>;
const level: Record<string, number> = {};
let counterRole: number;
let mkAdmin: string;
let ktAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  // levels themselves are this file's subject; their limits under four eyes: test/approvals/four-eyes.test.ts
  await fourEyesOff(t);
  admin = await tokenOf(t, 'admin');
  manager = await tokenOf(t, 'manager');
  clerk = await tokenOf(t, 'clerk');
  stores = await storeIds(t);
  for (const r of (await t.pool.query<{ id: number; name_en: string }>('select id, name_en from staff_levels')).rows) level[r.name_en] = r.id;
  // Branch administrators (staff keys, one store each, branch manager level) and a Mong Kok counter clerk they may manage.
  const role = dataOf(
    await call<{ id: number }>(t.app, 'POST', '/roles', { token: admin, body: { name: 'branch admin', description: 'one store', permissions: ['admin.list', 'admin.create', 'admin.update', 'tools.calculator'] } }),
  );
  counterRole = dataOf(await call<{ id: number }>(t.app, 'POST', '/roles', { token: admin, body: { name: 'counter', description: 'counter', permissions: ['tools.calculator'] } })).id;
  const person = (username: string, mobile: string, storeId: number, roleId: number, levelId: number | null) => ({
    username, name: username, password: 'secret12-harbour', mobile, storeIds: [storeId], defaultStoreId: storeId, roleIds: [roleId], levelId,
  });
  for (const body of [
    person('mkadmin', '51110001', stores.mongKok, role.id, level['Branch manager']!),
    person('ktadmin', '51110002', stores.kwunTong, role.id, level['Branch manager']!),
    person('mkcounter', '51110003', stores.mongKok, counterRole, level.Clerk!),
  ]) {
    const res = await call(t.app, 'POST', '/staff', { token: admin, body });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  }
  mkAdmin = await tokenOf(t, 'mkadmin', 'secret12-harbour');
  ktAdmin = await tokenOf(t, 'ktadmin', 'secret12-harbour');
});
afterAll(() => t.close());

const levelOfStaff = async (username: string) =>
  (await t.pool.query<{ level_id: number | null }>('select level_id from staff where username = $1', [username])).rows[0]!.level_id;
const staffBody = async (username: string) => {
  const id = await idOf(t, 'staff', 'username', username);
  const item = dataOf(await call<StaffItem>(t.app, 'GET', `/staff/${id}`, { token: admin }));
  return {
    id,
    body: {
      username: item.username,
      name: item.name,
      storeIds: item.stores.map((s) => s.id),
      defaultStoreId: item.defaultStoreId,
      roleIds: item.roles.map((r) => r.id),
      defaultLanguage: item.defaultLanguage,
      levelId: item.levelId,
    },
  };
};

describe('staff levels', () => {
  it('lists the demo levels by rank, the owner’s without an upper limit, names in both languages', async () => {
    const page = dataOf(await call<Page<StaffLevelItem>>(t.app, 'GET', '/staffLevels', { token: manager }));
    expect(page.items.map((l) => [l.nameEn, l.maxApprovedAmount, l.unlimited])).toEqual([
      ['Clerk', '0.00', false],
      ['Loan officer', '100000.00', false],
      ['Branch manager', '500000.00', false],
      ['Owner', null, true],
    ]);
    expect(page.items[3]).toMatchObject({ nameZh: '東主', state: 'normal' });
  });

  it('creates, edits and deletes a level with exact amounts, each audited', async () => {
    const created = dataOf(
      await call<StaffLevelItem>(t.app, 'POST', '/staffLevels', { token: admin, body: { nameZh: '高級主任', nameEn: 'Senior officer', rank: 25, maxApprovedAmount: '250000' } }),
    );
    expect(created).toMatchObject({ maxApprovedAmount: '250000.00', unlimited: false, state: 'normal', remarks: null });
    // "No upper limit" wins over an amount typed before it was switched on.
    const edited = dataOf(
      await call<StaffLevelItem>(t.app, 'PUT', `/staffLevels/${created.id}`, {
        token: admin,
        body: { nameZh: '高級主任', nameEn: 'Senior officer', rank: 25, maxApprovedAmount: '999.99', unlimited: true, remarks: '試用' },
      }),
    );
    expect(edited).toMatchObject({ maxApprovedAmount: null, unlimited: true, remarks: '試用' });
    const back = dataOf(
      await call<StaffLevelItem>(t.app, 'PUT', `/staffLevels/${created.id}`, {
        token: admin,
        body: { nameZh: '高級主任', nameEn: 'Senior officer', rank: 25, maxApprovedAmount: '12345678901234.56', unlimited: false },
      }),
    );
    expect(back.maxApprovedAmount).toBe('12345678901234.56');
    expect((await call(t.app, 'DELETE', `/staffLevels/${created.id}`, { token: admin })).statusCode).toBe(200);
    const { rows } = await t.pool.query<{ action: string }>(`select action from audit_log where module = 'staffLevels' order by id`);
    expect(rows.map((r) => r.action)).toEqual(['add', 'edit', 'edit', 'delete']);
  });

  it('refuses bad amounts, ranks and names with field messages in the caller’s language, changing nothing', async () => {
    const count = await rowCount(t, 'staff_levels');
    const audits = await auditCount(t);
    const ok = { nameZh: '甲', nameEn: 'A', rank: 1, maxApprovedAmount: '100' };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ maxApprovedAmount: '12.345' }, ['maxApprovedAmount']],
      [{ maxApprovedAmount: '-5' }, ['maxApprovedAmount']],
      [{ maxApprovedAmount: '1e5' }, ['maxApprovedAmount']],
      [{ maxApprovedAmount: '1,000' }, ['maxApprovedAmount']],
      [{ maxApprovedAmount: 100 }, ['maxApprovedAmount']],
      [{ maxApprovedAmount: '123456789012345' }, ['maxApprovedAmount']],
      [{ maxApprovedAmount: '' }, ['maxApprovedAmount']],
      [{ maxApprovedAmount: undefined, unlimited: false }, ['maxApprovedAmount']],
      [{ rank: -1 }, ['rank']],
      [{ rank: 1.5 }, ['rank']],
      [{ nameEn: '' }, ['nameEn']],
      [{ state: 'gone' }, ['state']],
    ];
    for (const [over, fields] of cases) {
      const errors = expectFieldErrors(await call(t.app, 'POST', '/staffLevels', { token: admin, lang: 'en', body: { ...ok, ...over } }), fields);
      if ('maxApprovedAmount' in over && over.maxApprovedAmount === undefined) expect(errors[0]!.message).toContain('No upper limit');
    }
    const zh = await call(t.app, 'POST', '/staffLevels', { token: admin, lang: 'zh-TW', body: { ...ok, maxApprovedAmount: null } });
    expect(JSON.stringify(zh.body)).toContain('不設上限');
    expect(await rowCount(t, 'staff_levels')).toBe(count);
    expect(await auditCount(t)).toBe(audits);
  });

  it('refuses to delete a level staff hold, naming how many; it can be disabled and then offered no more', async () => {
    const before = await auditCount(t);
    const res = await call(t.app, 'DELETE', `/staffLevels/${level['Branch manager']}`, { token: admin, lang: 'en' });
    expect(res.statusCode).toBe(409);
    const holders = (await t.pool.query<{ n: number }>('select count(*)::int as n from staff where level_id = $1', [level['Branch manager']])).rows[0]!.n;
    expect(holders).toBeGreaterThan(0);
    expect(res.body).toMatchObject({ result: 'error', message: `${holders} staff member(s) hold this level, so it cannot be deleted; disable it instead.` });
    expect(await auditCount(t)).toBe(before);
    const body = { nameZh: '分店經理', nameEn: 'Branch manager', rank: 30, maxApprovedAmount: '500000', state: 'disabled' };
    expect((await call(t.app, 'PUT', `/staffLevels/${level['Branch manager']}`, { token: admin, body })).statusCode).toBe(200);
    const choices = dataOf(await call<{ items: { id: number; name: string }[] }>(t.app, 'GET', '/staffLevels/choices', { token: clerk, lang: 'en' }));
    expect(choices.items.map((c) => c.name)).toEqual(['Clerk', 'Loan officer', 'Owner']);
    // The manager who holds it approves nothing while it is disabled; new assignments are refused too.
    expect(await approvalLimitOf(t.db, await idOf(t, 'staff', 'username', 'manager'))).toBeNull();
    const { id, body: counterBody } = await staffBody('mkcounter');
    expectFieldErrors(await call(t.app, 'PUT', `/staff/${id}`, { token: admin, lang: 'en', body: { ...counterBody, levelId: level['Branch manager'] } }), ['levelId']);
    expect((await call(t.app, 'PUT', `/staffLevels/${level['Branch manager']}`, { token: admin, body: { ...body, state: 'normal' } })).statusCode).toBe(200);
  });

  it('a staff member without the keys gets 403 on the level routes, but the staff form’s choices are open to any signed-in member', async () => {
    expect((await call(t.app, 'GET', '/staffLevels', { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/staffLevels/${level.Clerk}`, { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/staffLevels', { token: clerk, body: { nameZh: '乙', nameEn: 'B', rank: 1, unlimited: true } })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `/staffLevels/${level.Clerk}`, { token: clerk, body: { nameZh: '乙', nameEn: 'B', rank: 1, unlimited: true } })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/staffLevels/${level.Clerk}`, { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/staffLevels/choices')).statusCode).toBe(401);
    const zh = dataOf(await call<{ items: { name: string }[] }>(t.app, 'GET', '/staffLevels/choices', { token: clerk }));
    expect(zh.items.map((c) => c.name)).toContain('東主');
    expect((await t.pool.query(`select name_en from staff_levels where id = $1`, [level.Clerk])).rows[0].name_en).toBe('Clerk');
  });
});

describe('approval limits', () => {
  it('approvalLimitOf answers the level’s amount, “unlimited” for the owner and none without a level', async () => {
    const of = async (u: string) => approvalLimitOf(t.db, await idOf(t, 'staff', 'username', u));
    const owner = await approvalLimitOf(t.db, 1);
    expect(owner).toEqual({ levelId: level.Owner, unlimited: true, maxAmount: null });
    const officer = await of('collector');
    expect(officer).toEqual({ levelId: level['Loan officer'], unlimited: false, maxAmount: '100000.00' });
    expect(await of('accountant')).toBeNull();
    expect(await approvalLimitOf(t.db, 999_999)).toBeNull();
    expect(withinApprovalLimit(officer, '100000.00')).toBe(true);
    expect(withinApprovalLimit(officer, '100000.01')).toBe(false);
    expect(withinApprovalLimit(owner, '99999999999999.99')).toBe(true);
    expect(withinApprovalLimit(await of('clerk'), '0.01')).toBe(false);
    expect(withinApprovalLimit(null, '0')).toBe(false);
  });

  it('refuses anyone but the super administrator a change of their own level, and changes nothing', async () => {
    const { id, body } = await staffBody('mkadmin');
    const before = await auditCount(t);
    for (const levelId of [level.Owner, level.Clerk, null]) {
      const res = await call(t.app, 'PUT', `/staff/${id}`, { token: mkAdmin, lang: 'en', body: { ...body, levelId } });
      expect(res.statusCode, String(levelId)).toBe(403);
      expect(res.body).toMatchObject({ message: 'You cannot change your own level (maximum approved amount); ask someone above you' });
    }
    expect(await levelOfStaff('mkadmin')).toBe(level['Branch manager']);
    expect(await auditCount(t)).toBe(before);
    // Their own record with the level as it is (or left out) is still theirs to edit.
    const same = await call(t.app, 'PUT', `/staff/${id}`, { token: mkAdmin, body: { ...body, name: '旺角主管' } });
    expect(same.statusCode, JSON.stringify(same.body)).toBe(200);
    const { levelId: _left, ...withoutLevel } = body;
    expect((await call(t.app, 'PUT', `/staff/${id}`, { token: mkAdmin, body: { ...withoutLevel, name: 'mkadmin' } })).statusCode).toBe(200);
    expect(await levelOfStaff('mkadmin')).toBe(level['Branch manager']);
    // The super administrator has no one above: their own level is theirs to set.
    // (The form asks a mobile and a role of everyone; the demo super administrator has neither.)
    const own = { ...(await staffBody('admin')).body, mobile: '51110009', roleIds: [counterRole] };
    const lowered = await call(t.app, 'PUT', '/staff/1', { token: admin, body: { ...own, levelId: level['Loan officer'] } });
    expect(lowered.statusCode, JSON.stringify(lowered.body)).toBe(200);
    expect(await levelOfStaff('admin')).toBe(level['Loan officer']);
    expect((await call(t.app, 'PUT', '/staff/1', { token: admin, body: { ...own, levelId: level.Owner } })).statusCode).toBe(200);
    expect(await levelOfStaff('admin')).toBe(level.Owner);
  });

  it('gives others no level above the caller’s own; a lower one is audited', async () => {
    const { id, body } = await staffBody('mkcounter');
    const refused = expectFieldErrors(await call(t.app, 'PUT', `/staff/${id}`, { token: mkAdmin, lang: 'en', body: { ...body, levelId: level.Owner } }), ['levelId']);
    expect(refused[0]!.message).toBe('You cannot give a level whose approval limit is above your own');
    expectFieldErrors(await call(t.app, 'PUT', `/staff/${id}`, { token: mkAdmin, lang: 'en', body: { ...body, levelId: 999_999 } }), ['levelId']);
    expectFieldErrors(await call(t.app, 'PUT', `/staff/${id}`, { token: mkAdmin, lang: 'en', body: { ...body, levelId: '1.5' } }), ['levelId']);
    expect(await levelOfStaff('mkcounter')).toBe(level.Clerk);
    const saved = await call<StaffItem>(t.app, 'PUT', `/staff/${id}`, { token: mkAdmin, lang: 'en', body: { ...body, levelId: level['Loan officer'] } });
    expect(dataOf(saved)).toMatchObject({ levelId: level['Loan officer'], levelName: 'Loan officer', maxApprovedAmount: '100000.00', approvalUnlimited: false });
    const { rows } = await t.pool.query(`select before, after from audit_log where module = 'staff' and action = 'edit' order by id desc limit 1`);
    expect([rows[0].before.levelId, rows[0].after.levelId]).toEqual([level.Clerk, level['Loan officer']]);
    // The staff summary shows the level and its limit too.
    const info = dataOf(await call<Page<{ username: string; level: string | null; maxApprovedAmount: string | null; approvalUnlimited: boolean }>>(t.app, 'GET', '/staffInfo', { token: admin, lang: 'en', query: { pageSize: 50 } }));
    expect(info.items.find((s) => s.username === 'mkcounter')).toMatchObject({ level: 'Loan officer', maxApprovedAmount: '100000.00' });
    expect(info.items.find((s) => s.username === 'admin')).toMatchObject({ level: 'Owner', maxApprovedAmount: null, approvalUnlimited: true });
  });

  it('a branch administrator cannot reach another store’s staff to set their level (404, nothing changed)', async () => {
    // The counter clerk works in Mong Kok only.
    const { id, body } = await staffBody('mkcounter');
    const before = await levelOfStaff('mkcounter');
    const audits = await auditCount(t);
    const res = await call(t.app, 'PUT', `/staff/${id}`, { token: ktAdmin, lang: 'en', body: { ...body, levelId: level.Clerk } });
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('mkcounter');
    expect(await levelOfStaff('mkcounter')).toBe(before);
    expect(await auditCount(t)).toBe(audits);
    // A Kwun Tong colleague they may give a level up to their own.
    const colleague = await call<StaffItem>(t.app, 'POST', '/staff', {
      token: ktAdmin,
      body: { username: 'ktofficer', name: '觀塘主任', password: 'secret12-harbour', mobile: '51239877', storeIds: [stores.kwunTong], defaultStoreId: stores.kwunTong, roleIds: [counterRole], levelId: level['Loan officer'] },
    });
    expect(colleague.statusCode, JSON.stringify(colleague.body)).toBe(200);
    expect(dataOf(colleague).levelId).toBe(level['Loan officer']);
  });
});

describe('referral agents', () => {
  const agent = (over: Record<string, unknown> = {}) => ({
    nameZh: '測試轉介有限公司',
    nameEn: 'Test Referral Limited',
    brNo: '61234567',
    licenceNo: '1234/2026',
    commissionKind: 'percent',
    commission: '2.5',
    agreementStart: '2026-01-01',
    agreementEnd: '2026-12-31',
    noBorrowerFee: true,
    ...over,
  });

  it('lists the eight demo agents with their commission as an exact decimal', async () => {
    const page = dataOf(await call<Page<ReferralAgentItem>>(t.app, 'GET', '/referralAgents', { token: manager, query: { sort: 'commission:desc' } }));
    expect(page.total).toBe(8);
    expect(page.items[0]).toMatchObject({ commissionKind: 'fixed', commission: '3000.00' });
    expect(page.items.every((a) => a.noBorrowerFee && /^\d{8}$/.test(a.brNo ?? ''))).toBe(true);
  });

  it('creates, edits and deletes an agent, each audited', async () => {
    const created = dataOf(await call<ReferralAgentItem>(t.app, 'POST', '/referralAgents', { token: admin, body: agent() }));
    expect(created).toMatchObject({ commission: '2.50', commissionKind: 'percent', brNo: '61234567', agreementEnd: '2026-12-31', state: 'normal' });
    const edited = dataOf(
      await call<ReferralAgentItem>(t.app, 'PUT', `/referralAgents/${created.id}`, { token: admin, body: agent({ commissionKind: 'fixed', commission: '3500', state: 'disabled', agreementEnd: null }) }),
    );
    expect(edited).toMatchObject({ commissionKind: 'fixed', commission: '3500.00', state: 'disabled', agreementEnd: null });
    expect((await call(t.app, 'DELETE', `/referralAgents/${created.id}`, { token: admin })).statusCode).toBe(200);
    const { rows } = await t.pool.query<{ action: string }>(`select action from audit_log where module = 'referralAgents' order by id`);
    expect(rows.map((r) => r.action)).toEqual(['add', 'edit', 'delete']);
  });

  it('refuses bad commissions, numbers and dates with field messages, changing nothing', async () => {
    const count = await rowCount(t, 'referral_agents');
    const cases: [Record<string, unknown>, string[]][] = [
      [{ commission: '100.01' }, ['commission']],
      [{ commission: '12.345' }, ['commission']],
      [{ commission: '-1' }, ['commission']],
      [{ commission: 'abc' }, ['commission']],
      [{ commission: 2.5 }, ['commission']],
      [{ commission: undefined }, ['commission']],
      [{ commissionKind: 'both' }, ['commissionKind']],
      [{ brNo: '1234' }, ['brNo']],
      [{ agreementEnd: '2025-12-31' }, ['agreementEnd']],
      [{ agreementStart: '2026-02-30' }, ['agreementStart']],
      [{ email: 'not-an-email' }, ['email']],
    ];
    for (const [over, fields] of cases) {
      expectFieldErrors(await call(t.app, 'POST', '/referralAgents', { token: admin, lang: 'en', body: agent(over) }), fields);
    }
    // A fixed commission is HKD per loan, not bounded by 100.
    const fixed = await call<ReferralAgentItem>(t.app, 'POST', '/referralAgents', { token: admin, body: agent({ commissionKind: 'fixed', commission: '12000.5' }) });
    expect(dataOf(fixed).commission).toBe('12000.50');
    expect(await rowCount(t, 'referral_agents')).toBe(count + 1);
  });

  it('refuses to delete an agent a record refers to (409), as for every outside party', async () => {
    const item = dataOf(await call<ReferralAgentItem>(t.app, 'POST', '/referralAgents', { token: admin, body: agent({ nameEn: 'Referred Limited' }) }));
    // Loans will refer to agents by foreign key; a table of the same shape stands in for them here.
    await t.pool.query('create table loan_referrals (agent_id integer not null references referral_agents(id))');
    await t.pool.query('insert into loan_referrals values ($1)', [item.id]);
    const res = await call(t.app, 'DELETE', `/referralAgents/${item.id}`, { token: admin, lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ message: 'The record is in use and cannot be deleted.' });
    expect((await call(t.app, 'GET', `/referralAgents/${item.id}`, { token: admin })).statusCode).toBe(200);
  });

  it('a clerk without the keys gets 403 on every call, and nothing changes', async () => {
    const count = await rowCount(t, 'referral_agents');
    expect((await call(t.app, 'GET', '/referralAgents', { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/referralAgents', { token: clerk, body: agent() })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', '/referralAgents/1', { token: clerk, body: agent() })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', '/referralAgents/1', { token: clerk })).statusCode).toBe(403);
    expect(await rowCount(t, 'referral_agents')).toBe(count);
  });
});
