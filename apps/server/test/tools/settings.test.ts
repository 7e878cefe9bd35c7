import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { createToolsApp } from './setup.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createToolsApp();
  admin = (await loginAs(t.app, 'admin')).access_token;
});
afterAll(() => t.close());

const get = (token = admin) => call<SystemSettings>(t.app, 'GET', '/getSystemPresets', { token });
const save = (body: unknown, lang = 'en', token = admin) => call<SystemSettings>(t.app, 'POST', '/createSystemPresets', { token, body, lang });
const auditRows = async () =>
  (await t.pool.query<{ action: string; reference: string | null; before: Record<string, unknown>; after: Record<string, unknown>; staff_id: number }>(
    `select action, reference, before, after, staff_id from audit_log where module = 'settings' order by id`,
  )).rows;

describe('GET /getSystemPresets', () => {
  it('answers every setting of spec §9 and the platform, seeded with the defaults', async () => {
    const s = dataOf(await get());
    expect(Object.keys(s).sort()).toEqual(Object.keys(DEFAULT_SYSTEM_SETTINGS).sort());
    expect(s).toMatchObject({ accessTokenTtlSeconds: 7200, refreshTokenTtlDays: 7, lockoutThreshold: 5, lockoutMinutes: 15, dayCount: 'actual/365' });
  });

  it('reads a default for a key that was never saved', async () => {
    await t.pool.query(`delete from settings where key = 'smsCharCount'`);
    expect(dataOf(await get()).smsCharCount).toBe(DEFAULT_SYSTEM_SETTINGS.smsCharCount);
  });
});

describe('POST /createSystemPresets', () => {
  it('saves the whole form, survives a re-read, and writes one audit row with before and after', async () => {
    const before = dataOf(await get());
    const form = { ...before, dayCount: 'actual/360', decimalPlaces: 0, maxApr: '36', maxAprExcessAction: 'prompt-and-confirm', daysOff: [6, 0] };
    const saved = await save(form);
    expect(saved.body).toMatchObject({ result: 'success', message: 'Saved' });
    const after = dataOf(await get());
    expect(after).toMatchObject({ dayCount: 'actual/360', decimalPlaces: 0, maxApr: '36', maxAprExcessAction: 'prompt-and-confirm', daysOff: [0, 6] });

    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'edit', staff_id: 1 });
    expect(rows[0]!.before).toEqual({ dayCount: 'actual/365', decimalPlaces: 2, maxApr: '48', maxAprExcessAction: 'prompt-and-block', daysOff: [] });
    expect(rows[0]!.after).toEqual({ dayCount: 'actual/360', decimalPlaces: 0, maxApr: '36', maxAprExcessAction: 'prompt-and-confirm', daysOff: [0, 6] });
    expect(rows[0]!.reference).toContain('dayCount');
  });

  it('the calculator follows the saved settings', async () => {
    const clerk = (await loginAs(t.app, 'clerk')).access_token;
    const r = dataOf(
      await call<{ instalmentAmount: string; excess: { outcome: string } }>(t.app, 'POST', '/tools/calculator', {
        token: clerk,
        body: { loanAmount: '10000', totalTenor: 3, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.8', loanDate: '2026-03-10' },
      }),
    );
    // 0 decimal places now; 45 % a year is over the 36 % maximum → confirmation
    expect(r.instalmentAmount).toMatch(/^\d+$/);
    expect(r.excess.outcome).toBe('needs-confirmation');
  });

  it('saves a subset of the settings and leaves the rest', async () => {
    dataOf(await save({ visibleTelDigits: 3, lateDrawdownFee: '100.50' }));
    const s = dataOf(await get());
    expect(s.visibleTelDigits).toBe(3);
    // a decimal string comes back exactly as saved, not as a number
    expect(s.lateDrawdownFee).toBe('100.50');
    expect(s.dayCount).toBe('actual/360');
  });

  it('refuses bad values with field messages in the caller’s language, and writes nothing', async () => {
    const auditBefore = (await auditRows()).length;
    const bad = await save(
      { dayCount: 'actual/366', decimalPlaces: 3, interestMethods: [], daysOff: [0, 1, 2, 3, 4, 5, 6], maxApr: '-1', lockoutThreshold: 0, rounding: 'sideways' },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    const fields = bad.body.result === 'error' ? (bad.body.errors ?? []).map((e) => e.field) : [];
    expect(fields).toEqual(expect.arrayContaining(['dayCount', 'decimalPlaces', 'interestMethods', 'daysOff', 'maxApr', 'lockoutThreshold', 'rounding']));
    const zh = await save({ interestMethods: [] }, 'zh-TW');
    expect(zh.body.result === 'error' && zh.body.errors?.[0]?.message).toBe('至少選擇一項');
    const unknown = await save({ notASetting: 1 });
    expect(unknown.statusCode).toBe(400);
    expect((await auditRows()).length).toBe(auditBefore);
    expect(dataOf(await get()).dayCount).toBe('actual/360');
  });

  it('the platform follows the saved login settings', async () => {
    dataOf(await save({ accessTokenTtlSeconds: 3600, refreshTokenTtlDays: 2 }));
    const tokens = await loginAs(t.app, 'clerk');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_expires_in).toBe(2 * 86_400);
  });

  it('is refused to a role without system.settings', async () => {
    const manager = (await loginAs(t.app, 'manager')).access_token;
    expect((await get(manager)).statusCode).toBe(403);
    expect((await save({ visibleTelDigits: 8 }, 'en', manager)).statusCode).toBe(403);
    expect(dataOf(await get()).visibleTelDigits).toBe(3);
  });
});
