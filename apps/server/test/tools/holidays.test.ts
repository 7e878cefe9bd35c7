import type { Holiday, HolidayImportResult, Page } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { createToolsApp } from './setup.js';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createToolsApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
});
afterAll(() => t.close());

const list = (query: Record<string, string | number> = {}) =>
  call<Page<Holiday>>(t.app, 'GET', '/holidays', { token: manager, query: { pageSize: 100, ...query } });
const importCall = (body: unknown, lang = 'en', token = manager) => call<HolidayImportResult>(t.app, 'POST', '/holidays/import', { token, body, lang });
const auditCount = async (action: string) =>
  (await t.pool.query<{ n: number }>(`select count(*)::int as n from audit_log where module = 'holidays' and action = $1`, [action])).rows[0]!.n;

/** A real-looking 1823 file: one calendar, events with dtstart [YYYYMMDD, {value: 'DATE'}]. */
const ical = (events: { date: string; summary: string }[]) => ({
  vcalendar: [
    {
      prodid: '-//1823 Call Centre//Hong Kong Public Holidays//EN',
      version: '2.0',
      vevent: events.map((e) => ({
        dtstart: [e.date, { value: 'DATE' }],
        dtend: [e.date, { value: 'DATE' }],
        transp: 'TRANSPARENT',
        uid: `${e.date}_1823@1823.gov.hk`,
        summary: e.summary,
      })),
    },
  ],
});

describe('holiday CRUD from the declaration', () => {
  let id: number;
  it('lists the seeded holidays in date order', async () => {
    const page = dataOf(await list());
    expect(page.total).toBe(8);
    expect(page.items[0]).toMatchObject({ date: '2026-01-01', kind: 'holiday' });
    const dates = page.items.map((h) => h.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('creates, edits and deletes a day off, each audited', async () => {
    const created = await call<Holiday>(t.app, 'POST', '/holidays', {
      token: manager,
      body: { date: '2026-08-14', nameZh: '公司休息日', nameEn: 'Company day off', kind: 'day_off' },
    });
    id = dataOf(created).id;
    expect(dataOf(created)).toMatchObject({ date: '2026-08-14', kind: 'day_off' });
    const edited = dataOf(await call<Holiday>(t.app, 'PUT', `/holidays/${id}`, { token: manager, body: { nameEn: 'Staff day' } }));
    expect(edited).toMatchObject({ nameEn: 'Staff day', kind: 'day_off', nameZh: '公司休息日' });
    expect(dataOf(await list({ kind: 'day_off' })).items.map((h) => h.id)).toEqual([id]);
    expect(dataOf(await list({ dateFrom: '2026-08-01', dateTo: '2026-08-31' })).total).toBe(1);
    dataOf(await call(t.app, 'DELETE', `/holidays/${id}`, { token: manager }));
    expect((await call(t.app, 'GET', `/holidays/${id}`, { token: manager })).statusCode).toBe(404);
    expect([await auditCount('add'), await auditCount('edit'), await auditCount('delete')]).toEqual([1, 1, 1]);
  });

  it('refuses a second holiday on a date, on the date field', async () => {
    const dup = await call(t.app, 'POST', '/holidays', { token: manager, lang: 'en', body: { date: '2026-01-01', nameZh: '重複', nameEn: 'Again' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toMatchObject({ result: 'error', errors: [{ field: 'date', message: 'A holiday on this date is already listed' }] });
  });

  it('refuses missing names and bad dates with field messages', async () => {
    const bad = await call(t.app, 'POST', '/holidays', { token: manager, lang: 'zh-TW', body: { date: '2026-13-01', nameZh: ' ', kind: 'party' } });
    expect(bad.statusCode).toBe(400);
    const fields = bad.body.result === 'error' ? (bad.body.errors ?? []).map((e) => e.field).sort() : [];
    expect(fields).toEqual(['date', 'kind', 'nameEn', 'nameZh']);
  });
});

describe('POST /holidays/import', () => {
  it('imports the Hong Kong general holidays of a year, skipping dates already listed', async () => {
    const before = await auditCount('upload');
    const r = dataOf(await importCall({ source: 'rules', year: 2026 }));
    // 17 general holidays in 2026 (Sundays aside); the 8 seeded ones are already there
    expect(r).toEqual({ added: 9, skipped: 8, total: 17 });
    const page = dataOf(await list({ dateFrom: '2026-01-01', dateTo: '2026-12-31' }));
    expect(page.total).toBe(17);
    expect(page.items.find((h) => h.date === '2026-06-19')).toMatchObject({ nameZh: '端午節', nameEn: 'Tuen Ng Festival' });
    // a second run adds nothing
    expect(dataOf(await importCall({ source: 'rules', year: 2026 }))).toEqual({ added: 0, skipped: 17, total: 17 });
    expect(await auditCount('upload')).toBe(before + 2);
  });

  it('imports an 1823 JSON file (as parsed JSON or as its text with a byte-order mark)', async () => {
    const file = ical([
      { date: '20270101', summary: '一月一日' },
      { date: '20270206', summary: '農曆年初一' },
    ]);
    expect(dataOf(await importCall({ source: '1823', file }))).toEqual({ added: 2, skipped: 0, total: 2 });
    const again = `\uFEFF${JSON.stringify(ical([{ date: '20270101', summary: 'The first day of January' }, { date: '20270208', summary: 'The third day of Lunar New Year' }]))}`;
    expect(dataOf(await importCall({ source: '1823', file: again }))).toEqual({ added: 1, skipped: 1, total: 2 });
    const row = dataOf(await list({ dateFrom: '2027-01-01', dateTo: '2027-01-01' })).items[0]!;
    expect(row.nameZh).toBe('一月一日');
  });

  it('rejects garbage with a clear message in the caller’s language', async () => {
    const cases: [unknown, string][] = [
      ['{not json', 'The file is not valid JSON.'],
      [{ hello: 'world' }, 'This is not an 1823 public-holiday file'],
      [ical([{ date: '2027-01-01', summary: 'x' }]), 'This is not an 1823 public-holiday file'],
      [ical([{ date: '20270230', summary: 'x' }]), 'The file has a date that does not exist.'],
      [{ vcalendar: [{ vevent: [] }] }, 'This is not an 1823 public-holiday file'],
    ];
    for (const [file, message] of cases) {
      const r = await importCall({ source: '1823', file });
      expect(r.statusCode, JSON.stringify(file)).toBe(400);
      expect(r.body.result === 'error' && r.body.message).toContain(message);
    }
    const zh = await importCall({ source: '1823', file: { nope: 1 } }, 'zh-TW');
    expect(zh.body.result === 'error' && zh.body.message).toContain('1823 公眾假期檔案');
    expect((await importCall({ source: 'rules', year: 1800 })).statusCode).toBe(400);
    expect((await importCall({ source: 'ftp' })).statusCode).toBe(400);
  });

  it('needs the import permission', async () => {
    const clerk = (await loginAs(t.app, 'clerk')).access_token;
    expect((await importCall({ source: 'rules', year: 2027 }, 'en', clerk)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/holidays', { token: clerk })).statusCode).toBe(403);
  });
});
