import { V, type CalculatorResult } from '@harbour/contracts';
import { translate } from '../../src/http/i18n.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { createToolsApp } from './setup.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createToolsApp();
  token = (await loginAs(t.app, 'clerk')).access_token;
});
afterAll(() => t.close());

const calc = (body: unknown, lang = 'en') => call<CalculatorResult>(t.app, 'POST', '/tools/calculator', { token, body, lang });

const base = {
  repayCycle: 'monthly',
  interestMethod: 'amortization',
  loanDate: '2026-03-10',
};

describe('POST /tools/calculator — golden cases', () => {
  it('10,000 at 1% flat a month, repaid every 2 months × 5 → 2,200 each, interest 1,000', async () => {
    const r = dataOf(await calc({ ...base, loanAmount: '10000', totalTenor: 5, cycleMonths: 2, flatRate: '1' }));
    expect(r.instalmentAmount).toBe('2200.00');
    expect(r.totalInterest).toBe('1000.00');
    expect(r.schedule).toHaveLength(5);
    expect(r.schedule.map((l) => l.instalment)).toEqual(Array(5).fill('2200.00'));
    expect(r.schedule.at(-1)!.balance).toBe('0.00');
    // every two months from the loan date
    expect(r.schedule[0]!.dueDate).toBe('2026-05-10');
    expect(r.schedule[1]!.dueDate).toBe('2026-07-10');
  });

  it('50,000 at 0.70% flat a month over 12 months from 2026-03-10 → 4,516.67, effective 16.17% (actual days)', async () => {
    const r = dataOf(await calc({ ...base, loanAmount: '50000', totalTenor: 12, flatRate: '0.70' }));
    expect(r.instalmentAmount).toBe('4516.67');
    expect(r.totalInterest).toBe('4200.00');
    expect(r.effectiveRate).toBe('16.1652');
    expect(r.mloRate).toBe('16.1652');
    expect(r.mloStatus).toBe('ok');
    expect(r.excess).toMatchObject({ exceeded: false, outcome: 'none' });
    expect(r.schedule).toHaveLength(12);
    expect(r.schedule.at(-1)!.balance).toBe('0.00');
  });

  it('60,000 at 0.50% over 24 months with 1,200 deducted → 2,800.00, effective 13.94% (actual days)', async () => {
    const r = dataOf(await calc({ ...base, loanAmount: '60000', totalTenor: 24, flatRate: '0.5', amountDeducted: '1200' }));
    expect(r.instalmentAmount).toBe('2800.00');
    expect(r.effectiveRate).toBe('13.9449');
  });

  it('takes an effective rate instead and answers the flat rate', async () => {
    const r = dataOf(await calc({ ...base, loanAmount: '50000', totalTenor: 12, effectiveRate: '16.2592' }));
    expect(r.flatRate.slice(0, 4)).toBe('0.70');
    expect(r.schedule).toHaveLength(12);
  });

  it('reports the Money Lenders Ordinance status and the maximum APR action of the settings', async () => {
    // 4% flat a month for 12 months is far above 48% a year
    const r = dataOf(await calc({ ...base, loanAmount: '10000', totalTenor: 12, flatRate: '4' }));
    expect(r.mloStatus).toBe('illegal');
    expect(Number(r.mloRate)).toBeGreaterThan(48);
    // the seeded settings: maximum APR 48 %, prompt and block
    expect(r.excess).toMatchObject({ exceeded: true, outcome: 'blocked', maxApr: '48' });

    const mid = dataOf(await calc({ ...base, loanAmount: '10000', totalTenor: 12, flatRate: '1.8' }));
    expect(mid.mloStatus).toBe('extortionate');
    expect(mid.excess.outcome).toBe('none');
  });

  it('extends the first period when the first due date is more than one cycle away', async () => {
    const r = dataOf(await calc({ ...base, loanAmount: '12000', totalTenor: 12, flatRate: '1', firstDueDate: '2026-04-25' }));
    expect(r.schedule[0]!.dueDate).toBe('2026-04-25');
    expect(r.extendedDays).toBe(15);
    expect(Number(r.extendedInterest)).toBeGreaterThan(0);
  });

  it('moves due dates off holidays when the settings say so', async () => {
    const admin = (await loginAs(t.app, 'admin')).access_token;
    dataOf(await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { moveDueDateOffHoliday: true } }));
    try {
      // 2026-01-01 is a seeded holiday: a loan on 2025-12-01 first falls due on the 2nd
      const r = dataOf(await calc({ ...base, loanDate: '2025-12-01', loanAmount: '12000', totalTenor: 3, flatRate: '1' }));
      expect(r.schedule[0]!.dueDate).toBe('2026-01-02');
    } finally {
      dataOf(await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { moveDueDateOffHoliday: false } }));
    }
  });
});

describe('POST /tools/calculator — bad input', () => {
  const fields = (r: Awaited<ReturnType<typeof calc>>) =>
    r.body.result === 'error' ? Object.fromEntries((r.body.errors ?? []).map((e) => [e.field, e.message])) : {};

  it('asks for a rate when both are missing, in the caller’s language', async () => {
    const en = await calc({ ...base, loanAmount: '10000', totalTenor: 12 });
    expect(en.statusCode).toBe(400);
    const message = translate('en', V.rateRequired);
    expect(message).toMatch(/flat rate/);
    expect(fields(en)).toMatchObject({ flatRate: message, effectiveRate: message });
    const zh = await calc({ ...base, loanAmount: '10000', totalTenor: 12 }, 'zh-TW');
    expect(fields(zh).flatRate).toBe(translate('zh-TW', V.rateRequired));
    expect(fields(zh).flatRate).toMatch(/月平息/);
    const cn = await calc({ ...base, loanAmount: '10000', totalTenor: 12 }, 'zh-CN');
    expect(fields(cn).flatRate).toBe(translate('zh-CN', V.rateRequired));
    expect(fields(cn).flatRate).toMatch(/实际年利率/);
  });

  it('refuses tenor 0, negative amounts and N < 1 days, all at once', async () => {
    const r = await calc({ ...base, repayCycle: 'every-n-days', cycleDays: 0, loanAmount: '-100', totalTenor: 0, flatRate: '1', amountDeducted: '-5' });
    expect(r.statusCode).toBe(400);
    expect(fields(r)).toMatchObject({
      loanAmount: translate('en', V.positive),
      totalTenor: translate('en', V.tenorMin),
      cycleDays: translate('en', V.cycleDaysMin),
      amountDeducted: translate('en', V.nonNegative),
    });
    expect(fields(r).cycleDays).toBe('Repayment cycle days must be 1 or more');
  });

  it('refuses bad dates and a first due date not after the loan date', async () => {
    const bad = await calc({ ...base, loanDate: '2026-02-30', loanAmount: '1000', totalTenor: 3, flatRate: '1' });
    expect(fields(bad).loanDate).toBe('Enter a date as YYYY-MM-DD');
    const early = await calc({ ...base, firstDueDate: '2026-03-01', loanAmount: '1000', totalTenor: 3, flatRate: '1' });
    expect(fields(early).firstDueDate).toBe(translate('en', V.firstDueAfterLoanDate));
  });

  it('maps the domain’s own rules to field errors', async () => {
    const r = await calc({ ...base, loanAmount: '1000', totalTenor: 3, flatRate: '1', amountDeducted: '1000' });
    expect(r.statusCode).toBe(400);
    expect(fields(r).amountDeducted).toBe('The amount deducted must be less than the loan amount');
    const r78 = await calc({ ...base, repayCycle: 'biweekly', loanAmount: '1000', totalTenor: 3, flatRate: '1', ruleOf78: true });
    expect(r78.statusCode).toBe(400);
  });

  it('never answers 5xx to garbage', async () => {
    const bodies: unknown[] = [
      null,
      'text',
      [],
      {},
      { ...base, loanAmount: 'abc', totalTenor: 'x', flatRate: {} },
      { ...base, loanAmount: '1e309', totalTenor: 12, flatRate: '1' },
      { ...base, loanAmount: '99999999999999', totalTenor: 1200, flatRate: '99999999' },
      { ...base, loanAmount: '0.01', totalTenor: 1200, repayCycle: 'every-n-days', cycleDays: 1, effectiveRate: '0' },
      { ...base, loanAmount: '1000', totalTenor: 12, effectiveRate: '99999999999' },
      { ...base, loanAmount: '1000', totalTenor: 12, repayCycle: 'weekly', flatRate: '1' },
    ];
    for (const body of bodies) {
      const r = await calc(body);
      expect(r.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('checks the permission: no token → 401, a role without the calculator → 403', async () => {
    const anon = await call(t.app, 'POST', '/tools/calculator', { body: { ...base, loanAmount: '1000', totalTenor: 1, flatRate: '1' } });
    expect(anon.statusCode).toBe(401);
    // the collector role has the calculator; revoke it from that role for this check
    await t.pool.query(
      `delete from role_permissions where permission_key = 'tools.calculator' and role_id = (select id from roles where name = 'collector')`,
    );
    const collector = (await loginAs(t.app, 'collector')).access_token;
    const r = await call(t.app, 'POST', '/tools/calculator', { token: collector, body: { ...base, loanAmount: '1000', totalTenor: 1, flatRate: '1' } });
    expect(r.statusCode).toBe(403);
  });
});

describe('calculator options and export', () => {
  it('offers the methods the settings enable', async () => {
    const o = dataOf(await call<{ interestMethods: string[]; maxApr: string }>(t.app, 'GET', '/tools/calculator/options', { token }));
    expect(o.interestMethods).toEqual(['amortization', 'interest-first']);
    expect(o.maxApr).toBe('48');
  });

  it('answers the schedule as an xlsx workbook', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/tools/calculator/export',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-TW' },
      payload: { ...base, loanAmount: '50000', totalTenor: 12, flatRate: '0.7' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('還款時間表');
    const values = ws.getSheetValues().flat().filter((v) => v !== undefined && v !== null);
    expect(values).toContain('每期還款額');
    expect(values).toContain(4516.67);
  });

  it('answers a bad export request with the error envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/tools/calculator/export',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      payload: { ...base, loanAmount: '50000', totalTenor: 0, flatRate: '0.7' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 'error', status: 400 });
  });
});
