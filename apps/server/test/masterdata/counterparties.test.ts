import type { BankItem, OcaAgentItem, Page, SolicitorItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const auditRows = async (module: string) =>
  (await t.pool.query<{ action: string }>(`select action from audit_log where module = $1 order by id`, [module])).rows.map((r) => r.action);

describe('OCA agents', () => {
  it('lists the seeded agents with their charge as a decimal string', async () => {
    const page = dataOf(await call<Page<OcaAgentItem>>(t.app, 'GET', '/ocaAgents', { token: manager, query: { sort: 'chargePercent:desc' } }));
    expect(page.total).toBe(2);
    expect(page.items.map((a) => a.chargePercent)).toEqual(['30.00', '25.00']);
  });

  it('creates, edits, disables and deletes an agent, each audited', async () => {
    const created = dataOf(
      await call<OcaAgentItem>(t.app, 'POST', '/ocaAgents', { token: admin, body: { nameZh: '南區收數', nameEn: 'Southern Recovery', chargePercent: '27.5' } }),
    );
    expect(created).toMatchObject({ nameEn: 'Southern Recovery', chargePercent: '27.50', state: 'normal', email: null });
    const edited = dataOf(
      await call<OcaAgentItem>(t.app, 'PUT', `/ocaAgents/${created.id}`, {
        token: admin,
        body: { nameZh: '南區收數', nameEn: 'Southern Recovery', chargePercent: '28', state: 'disabled', email: 'ops@southern.example' },
      }),
    );
    expect(edited).toMatchObject({ chargePercent: '28.00', state: 'disabled', email: 'ops@southern.example' });
    const disabled = dataOf(await call<Page<OcaAgentItem>>(t.app, 'GET', '/ocaAgents', { token: manager, query: { state: 'disabled' } }));
    expect(disabled.items.map((a) => a.id)).toEqual([created.id]);
    expect((await call(t.app, 'DELETE', `/ocaAgents/${created.id}`, { token: admin })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/ocaAgents/${created.id}`, { token: admin })).statusCode).toBe(404);
    expect(await auditRows('ocaAgents')).toEqual(['add', 'edit', 'delete']);
  });

  it('refuses a charge over 100 %, with three decimals or missing, in the caller’s language, changing nothing', async () => {
    for (const chargePercent of ['100.01', '12.345', '', 'abc', undefined]) {
      const res = await call(t.app, 'POST', '/ocaAgents', { token: admin, lang: 'en', body: { nameZh: '甲', nameEn: 'A', chargePercent } });
      expect(res.statusCode, String(chargePercent)).toBe(400);
    }
    const zh = await call<unknown>(t.app, 'POST', '/ocaAgents', { token: admin, lang: 'zh-TW', body: { nameZh: '', nameEn: 'A', chargePercent: '10' } });
    expect(zh.statusCode).toBe(400);
    expect(JSON.stringify(zh.body)).toMatch(/[\u4e00-\u9fff]/);
    expect(dataOf(await call<Page<OcaAgentItem>>(t.app, 'GET', '/ocaAgents', { token: admin })).total).toBe(2);
  });
});

describe('banks and solicitors', () => {
  it('keeps a bank code of three digits and refuses others', async () => {
    const ok = dataOf(await call<BankItem>(t.app, 'POST', '/banks', { token: admin, body: { nameZh: '新界銀行', nameEn: 'New Territories Bank', bankCode: '902' } }));
    expect(ok.bankCode).toBe('902');
    const bad = await call<{ errors?: Record<string, string[]> }>(t.app, 'POST', '/banks', { token: admin, lang: 'en', body: { nameZh: '乙', nameEn: 'B', bankCode: '12' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('3 digits');
  });

  it('filters solicitors by name and keeps their firm', async () => {
    const page = dataOf(await call<Page<SolicitorItem>>(t.app, 'GET', '/solicitors', { token: manager, query: { nameEn: 'chan' } }));
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ nameZh: '陳大文律師', firm: 'Chan & Partners' });
  });
});

describe('permissions', () => {
  it('a clerk without master data keys gets 403 on every call, and nothing changes', async () => {
    for (const path of ['/banks', '/solicitors', '/ocaAgents']) {
      expect((await call(t.app, 'GET', path, { token: clerk })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', path, { token: clerk, body: { nameZh: '丙', nameEn: 'C', chargePercent: '1' } })).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', `${path}/1`, { token: clerk })).statusCode).toBe(403);
    }
    expect(dataOf(await call<Page<SolicitorItem>>(t.app, 'GET', '/solicitors', { token: admin })).total).toBe(1);
  });
});
