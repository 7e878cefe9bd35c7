import type { MemberItem, Page } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { auditCount, call, dataOf, expectFieldErrors, messageOf, rowCount, tokenOf } from '../admin/helpers.js';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let collector: string;

async function lastAudit() {
  const { rows } = await t.pool.query<{ action: string; module: string; reference: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    "select action, module, reference, before, after from audit_log where module = 'members' order by id desc limit 1",
  );
  return rows[0]!;
}

const list = async (query: Record<string, string | number> = {}, token = manager) =>
  dataOf(await call<Page<MemberItem>>(t.app, 'GET', '/members', { token, query: { pageSize: 100, ...query } }));

/** The day `days` before today in Hong Kong, YYYY-MM-DD. */
const hkDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

async function customerId(code: string) {
  const { rows } = await t.pool.query<{ id: number }>('select id from customers where customer_code = $1', [code]);
  return rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, clerk, collector] = (await Promise.all(['admin', 'manager', 'clerk', 'collector'].map((u) => tokenOf(t, u)))) as [string, string, string, string];
});
afterAll(() => t.close());

describe('the Member list', () => {
  it('has the eight demo members: five linked to customers, one disabled, mobiles masked', async () => {
    const page = await list();
    expect(page.total).toBe(8);
    expect(page.items.filter((m) => m.customerId !== null)).toHaveLength(5);
    const disabled = page.items.filter((m) => m.status === 'disabled');
    expect(disabled).toHaveLength(1);
    expect(disabled[0]).toMatchObject({ displayName: '周先生', loginName: '****1707', customerCode: 'C000007', statusReason: expect.stringMatching(/\S/) });
    const chan = page.items.find((m) => m.displayName === '陳志明')!;
    expect(chan).toMatchObject({ loginType: 'mobile', loginName: '****4501', customerCode: 'C000001', customerName: '陳志明', source: 'app' });
    // E-mail logins are not personal numbers: shown whole.
    expect(page.items.find((m) => m.loginType === 'email' && m.loginName === 'meiling.lee@example.com')).toBeDefined();
    const text = JSON.stringify(page);
    for (const whole of ['91234501', '65678404', '98901707', '61239876', '55501234']) expect(text.includes(whole), whole).toBe(false);
  });

  it('filters by status, source, link, registration dates and search; sorts and pages', async () => {
    expect((await list({ status: 'disabled' })).items.map((m) => m.displayName)).toEqual(['周先生']);
    expect((await list({ source: 'app' })).total).toBe(4);
    expect((await list({ linked: 'true' })).total).toBe(5);
    expect((await list({ linked: 'false' })).items.every((m) => m.customerId === null)).toBe(true);
    expect((await list({ linked: 'false' })).total).toBe(3);
    expect((await list({ customerId: await customerId('C000002') })).items.map((m) => m.displayName)).toEqual(['Mei Ling Lee']);
    const recent = await list({ registeredAtFrom: hkDaysAgo(10) });
    expect(recent.items.map((m) => m.displayName).sort()).toEqual(['Kelvin Tsang', '小明']);
    const older = await list({ registeredAtFrom: hkDaysAgo(100), registeredAtTo: hkDaysAgo(50) });
    expect(older.items.map((m) => m.displayName)).toEqual(['張小燕', 'Mei Ling Lee']);
    expect((await list({ q: '志明' })).items.map((m) => m.displayName)).toEqual(['陳志明']);
    expect((await list({ q: 'kelvin' })).items.map((m) => m.displayName)).toEqual(['Kelvin Tsang']);
    const sorted = await list({ sort: 'registeredAt:asc', pageSize: 3, page: 1 });
    expect(sorted.items.map((m) => m.displayName)).toEqual(['周先生', '陳志明', 'Mei Ling Lee']);
    expect(sorted.total).toBe(8);
    expect((await list({ sort: 'displayName:asc', pageSize: 3, page: 3 })).items).toHaveLength(2);
  });

  it('finds a mobile login by the whole number however typed, never by a part of it', async () => {
    expect((await list({ q: '+852 9123-4501' })).items.map((m) => m.displayName)).toEqual(['陳志明']);
    expect((await list({ q: '9123 4501' })).total).toBe(1);
    // A part of the number matches nothing (a count would otherwise spell the masked digits out).
    for (const part of ['9123', '912345', '4501', '1234501']) expect((await list({ q: part })).total, part).toBe(0);
  });

  it('refuses bad filters with 400', async () => {
    const bad: Record<string, string>[] = [{ status: 'gone' }, { source: 'fax' }, { linked: 'maybe' }, { registeredAtFrom: '2026-13-01' }, { customerId: 'x' }];
    for (const query of bad) {
      const res = await call(t.app, 'GET', '/members', { token: manager, query, lang: 'en' });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('permissions', () => {
  it('refuses staff without the member keys (403) and changes nothing', async () => {
    const [anyId] = (await list()).items.map((m) => m.id);
    const rows = await rowCount(t, 'members');
    const audits = await auditCount(t);
    for (const token of [clerk, collector]) {
      expect((await call(t.app, 'GET', '/members', { token })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', `/members/${anyId}`, { token })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', '/members', { token, body: { loginName: 'x@example.com', displayName: 'X', source: 'app' } })).statusCode).toBe(403);
      expect((await call(t.app, 'PUT', `/members/${anyId}`, { token, body: { displayName: 'X', preferredLanguage: 'en' } })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', `/members/${anyId}/disable`, { token, body: { reason: 'x' } })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', `/members/${anyId}/link`, { token, body: { customerId: 1 } })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', `/members/${anyId}/unlink`, { token })).statusCode).toBe(403);
    }
    expect(await rowCount(t, 'members')).toBe(rows);
    expect(await auditCount(t)).toBe(audits);
  });

  it('answers 404 for a member that does not exist', async () => {
    expect((await call(t.app, 'GET', '/members/999999', { token: manager })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/members/999999/disable', { token: manager, body: { reason: 'x' } })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/members/999999/link', { token: manager, body: { customerId: 1 } })).statusCode).toBe(404);
  });
});

describe('a member made in the back office', () => {
  let member: MemberItem;

  it('is created with a normalised mobile login, answered and audited masked', async () => {
    const audits = await auditCount(t);
    const res = await call<MemberItem>(t.app, 'POST', '/members', {
      token: manager,
      body: { loginName: '+852 6111-2299', displayName: '  測試會員 ', preferredLanguage: 'en', source: 'website' },
      lang: 'en',
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    member = dataOf(res);
    expect(member).toMatchObject({ loginType: 'mobile', loginName: '****2299', displayName: '測試會員', preferredLanguage: 'en', source: 'website', status: 'active', lastLoginAt: null, customerId: null });
    expect(JSON.stringify(res.body).includes('61112299')).toBe(false);
    expect(await auditCount(t)).toBe(audits + 1);
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'add', reference: String(member.id) });
    expect(JSON.stringify(row).includes('61112299')).toBe(false);
    expect(row.after).toMatchObject({ loginName: '****2299' });
    const { rows } = await t.pool.query('select login_name, login_type from members where id = $1', [member.id]);
    expect(rows[0]).toEqual({ login_name: '61112299', login_type: 'mobile' });
    const got = dataOf(await call<MemberItem>(t.app, 'GET', `/members/${member.id}`, { token: manager }));
    expect(got.loginName).toBe('****2299');
  });

  it('follows the visible tel. no. setting in answers', async () => {
    await t.pool.query(`update settings set value = '2'::jsonb where key = 'visibleTelDigits'`);
    try {
      expect(dataOf(await call<MemberItem>(t.app, 'GET', `/members/${member.id}`, { token: manager })).loginName).toBe('******99');
    } finally {
      await t.pool.query(`update settings set value = '4'::jsonb where key = 'visibleTelDigits'`);
    }
  });

  it('refuses bad input with 400, translated, and adds nothing', async () => {
    const rows = await rowCount(t, 'members');
    const audits = await auditCount(t);
    const post = (body: Record<string, unknown>) => call(t.app, 'POST', '/members', { token: manager, body, lang: 'en' });
    expect(messageOf(await post({ loginName: 'not a login', displayName: 'A', source: 'app' }), 'loginName')).toBe('The login name must be a valid mobile number or e-mail address');
    expect(messageOf(await post({ loginName: '1234', displayName: 'A', source: 'app' }), 'loginName')).toBe('The login name must be a valid mobile number or e-mail address');
    expect(messageOf(await post({ loginName: 'a@b', displayName: 'A', source: 'app' }), 'loginName')).toBe('The login name must be a valid mobile number or e-mail address');
    expect(messageOf(await post({ loginName: ' ', displayName: 'A', source: 'app' }), 'loginName')).toBe('Enter the login name (mobile or e-mail)');
    expect(messageOf(await post({ loginName: 'a@example.com', displayName: '  ', source: 'app' }), 'displayName')).toBe('Enter the display name');
    expectFieldErrors(await post({ loginName: 'a@example.com', displayName: 'A', source: 'fax' }), ['source']);
    expectFieldErrors(await post({ loginName: 'a@example.com', displayName: 'A', source: 'app', preferredLanguage: 'fr' }), ['preferredLanguage']);
    expectFieldErrors(await post({ loginName: 'a@example.com', displayName: 'x'.repeat(65), source: 'app' }), ['displayName']);
    expect((await call(t.app, 'POST', '/members', { token: manager, body: [], lang: 'en' })).statusCode).toBe(400);
    expect(await rowCount(t, 'members')).toBe(rows);
    expect(await auditCount(t)).toBe(audits);
  });

  it('refuses a login name another member has, whatever its case or spelling (409)', async () => {
    const rows = await rowCount(t, 'members');
    const email = await call(t.app, 'POST', '/members', { token: manager, body: { loginName: 'MeiLing.Lee@Example.com', displayName: 'Copy', source: 'app' }, lang: 'en' });
    expect(email.statusCode).toBe(409);
    expect(messageOf(email, 'loginName')).toBe('Another member already uses this login name');
    const mobile = await call(t.app, 'POST', '/members', { token: manager, body: { loginName: '9123-4501', displayName: 'Copy', source: 'app' }, lang: 'en' });
    expect(mobile.statusCode).toBe(409);
    expect(await rowCount(t, 'members')).toBe(rows);
  });

  it('edits the display name and language (audited, masked); the login name stays', async () => {
    const res = await call<MemberItem>(t.app, 'PUT', `/members/${member.id}`, { token: manager, body: { displayName: '改名會員', preferredLanguage: 'zh-CN', loginName: '69998888' } });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(dataOf(res)).toMatchObject({ displayName: '改名會員', preferredLanguage: 'zh-CN', loginName: '****2299' });
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'edit', reference: String(member.id) });
    expect(row.before).toMatchObject({ displayName: '測試會員', loginName: '****2299' });
    expect(row.after).toMatchObject({ displayName: '改名會員' });
    expect(JSON.stringify(row).includes('61112299')).toBe(false);
    const bad = await call(t.app, 'PUT', `/members/${member.id}`, { token: manager, body: { displayName: '', preferredLanguage: 'zh-CN' }, lang: 'en' });
    expectFieldErrors(bad, ['displayName']);
  });

  it('is disabled and enabled with a reason, each audited; the same status twice is 422', async () => {
    const audits = await auditCount(t);
    const noReason = await call(t.app, 'POST', `/members/${member.id}/disable`, { token: manager, body: { reason: '  ' }, lang: 'en' });
    expect(messageOf(noReason, 'reason')).toBe('Enter the reason');
    expect((await call(t.app, 'POST', `/members/${member.id}/disable`, { token: manager, body: {}, lang: 'en' })).statusCode).toBe(400);
    expect(await auditCount(t)).toBe(audits);
    expect(dataOf(await call<MemberItem>(t.app, 'GET', `/members/${member.id}`, { token: manager })).status).toBe('active');

    const off = await call<MemberItem>(t.app, 'POST', `/members/${member.id}/disable`, { token: manager, body: { reason: '懷疑冒用' }, lang: 'en' });
    expect(off.statusCode, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ message: 'Member disabled' });
    expect(dataOf(off)).toMatchObject({ status: 'disabled', statusReason: '懷疑冒用' });
    expect(await lastAudit()).toMatchObject({ action: 'edit', before: { status: 'active' }, after: { status: 'disabled', action: 'disable', reason: '懷疑冒用' } });
    expect(await auditCount(t)).toBe(audits + 1);

    const again = await call(t.app, 'POST', `/members/${member.id}/disable`, { token: manager, body: { reason: 'again' }, lang: 'en' });
    expect(again.statusCode).toBe(422);
    expect(await auditCount(t)).toBe(audits + 1);

    const on = await call<MemberItem>(t.app, 'POST', `/members/${member.id}/enable`, { token: manager, body: { reason: '已核實身份' }, lang: 'en' });
    expect(on.body).toMatchObject({ message: 'Member enabled' });
    expect(dataOf(on)).toMatchObject({ status: 'active', statusReason: '已核實身份' });
    expect(await lastAudit()).toMatchObject({ before: { status: 'disabled' }, after: { status: 'active', reason: '已核實身份' } });
  });

  it('is linked to a customer and unlinked, each audited; a missing customer is 400 and links nothing', async () => {
    const audits = await auditCount(t);
    const missing = await call(t.app, 'POST', `/members/${member.id}/link`, { token: manager, body: { customerId: 999999 }, lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing, 'customerId')).toBe('The chosen customer does not exist');
    for (const body of [{}, { customerId: 'abc' }, { customerId: -1 }]) {
      expect((await call(t.app, 'POST', `/members/${member.id}/link`, { token: manager, body, lang: 'en' })).statusCode).toBe(400);
    }
    expect(await auditCount(t)).toBe(audits);
    const { rows } = await t.pool.query('select customer_id from members where id = $1', [member.id]);
    expect(rows[0]).toEqual({ customer_id: null });

    const c3 = await customerId('C000003');
    const linked = await call<MemberItem>(t.app, 'POST', `/members/${member.id}/link`, { token: manager, body: { customerId: c3 }, lang: 'en' });
    expect(linked.statusCode, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toMatchObject({ message: 'Customer linked' });
    expect(dataOf(linked)).toMatchObject({ customerId: c3, customerCode: 'C000003', customerName: '黃家豪' });
    expect(await lastAudit()).toMatchObject({ action: 'edit', before: { customerId: null }, after: { customerId: c3, customerCode: 'C000003' } });
    expect((await call(t.app, 'POST', `/members/${member.id}/link`, { token: manager, body: { customerId: c3 } })).statusCode).toBe(422);

    const c5 = await customerId('C000005');
    const moved = dataOf(await call<MemberItem>(t.app, 'POST', `/members/${member.id}/link`, { token: manager, body: { customerId: c5 } }));
    expect(moved.customerCode).toBe('C000005');
    expect(await lastAudit()).toMatchObject({ before: { customerCode: 'C000003' }, after: { customerCode: 'C000005' } });

    const off = await call<MemberItem>(t.app, 'POST', `/members/${member.id}/unlink`, { token: manager, lang: 'en' });
    expect(off.body).toMatchObject({ message: 'Customer unlinked' });
    expect(dataOf(off)).toMatchObject({ customerId: null, customerCode: null, customerName: null });
    expect(await lastAudit()).toMatchObject({ before: { customerId: c5, customerCode: 'C000005' }, after: { customerId: null } });
    expect((await call(t.app, 'POST', `/members/${member.id}/unlink`, { token: manager })).statusCode).toBe(422);
    // Link, change of link, unlink: one row each.
    expect(await auditCount(t)).toBe(audits + 3);
  });

  it('keeps an e-mail login as typed (domain in lower case) and shows it whole', async () => {
    const res = await call<MemberItem>(t.app, 'POST', '/members', { token: admin, body: { loginName: 'New.Member@Example.COM', displayName: 'New', source: 'app' } });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(dataOf(res)).toMatchObject({ loginType: 'email', loginName: 'New.Member@example.com', preferredLanguage: 'zh-TW' });
  });
});
