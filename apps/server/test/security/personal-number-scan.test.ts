import { hkidCheckDigit } from '@harbour/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@harbour/contracts';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fillParams } from '../helpers/routes.js';
import { tokenOf } from '../admin/helpers.js';

/**
 * PCPD Code of Practice on the ID Card Number: a staff member without a reveal key never receives a
 * whole ID number or phone — not in a list, a detail, an export, an audit row, an error message, nor
 * in the server's log. The manager here holds every permission key except the `*.reveal` ones, and
 * the sweep calls every GET route of every module (picked up as they are registered) for the first
 * records of each, with searches by whole number, after changing records so the audit log holds
 * their before/after copies. Every personal number in the database (any column named like a phone or
 * an ID number) is a secret to look for, in each way it may be written.
 */
let t: TestApp;
let token: string;
const logLines: string[] = [];

const hkid = (prefix: string, digits: string) => `${prefix}${digits}(${hkidCheckDigit(prefix, digits)})`;
const NEW_ID = hkid('K', '246810');
const NEW_MOBILE = '+852 6135 7924';
const NEW_CUSTOMER = {
  type: 'personal', name: '掃描測試', gender: 'M', dateOfBirth: '1985-05-05', idType: 'hkid', idNumber: NEW_ID,
  mobile1: NEW_MOBILE, marital: 'single', education: 'tertiary', residentialType: 'rent', source: 'television',
};

/** Ways a number may be written: as stored, without punctuation, HKID without brackets, a phone's local part with and without its space. */
function spellings(value: string): string[] {
  const out = new Set<string>([value]);
  const bare = value.replace(/[\s()+-]/g, '');
  out.add(bare);
  const hkidParts = /^([A-Z]{1,2}\d{6})([0-9A])$/.exec(bare);
  if (hkidParts) out.add(`${hkidParts[1]}(${hkidParts[2]})`);
  const local = /^(?:\+?852)?(\d{8})$/.exec(bare)?.[1];
  if (local) {
    out.add(local);
    out.add(`${local.slice(0, 4)} ${local.slice(4)}`);
  }
  return [...out].filter((s) => s.replace(/\D/g, '').length >= 6);
}

/** Business numbers printed on letterheads and shown to every staff member, not personal data. */
const BUSINESS_TABLES = ['company_info', 'stores', 'banks', 'solicitors', 'oca_agents', 'referral_agents'];

async function secrets(): Promise<string[]> {
  const { rows: columns } = await t.pool.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('character varying', 'text')
        and column_name ~ '(mobile|phone|id_number|hkid|home_no|tel)' and table_name <> 'audit_log' and not (table_name = any($1))`,
    [BUSINESS_TABLES],
  );
  const values = new Set<string>();
  for (const c of columns) {
    const { rows } = await t.pool.query<{ v: string }>(`select distinct "${c.column_name}" as v from "${c.table_name}" where "${c.column_name}" is not null`);
    for (const r of rows) if (r.v.replace(/\D/g, '').length >= 6) values.add(r.v);
  }
  return [...values].flatMap(spellings);
}

/** The text of an answer: JSON as sent, or every cell of an xlsx workbook. */
async function textOf(res: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
    return cells.join('\n');
  }
  return type.startsWith('image/') || type.includes('pdf') ? '' : res.body;
}

beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
  await t.pool.query(
    `insert into role_permissions (role_id, permission_key)
       select r.id, p.key from roles r cross join permissions p
        where r.name = 'manager' and p.key not like '%.reveal'
     on conflict do nothing`,
  );
  await t.pool.query(`delete from role_permissions where permission_key like '%.reveal'`);
  token = await tokenOf(t, 'manager');
});
afterAll(() => t.close());

describe('personal numbers for staff without a reveal key', () => {
  it('appear whole in no answer, export, audit row or log line', async () => {
    const leaks: string[] = [];
    const answers: { label: string; text: string }[] = [];
    const record = async (label: string, res: Awaited<ReturnType<typeof t.app.inject>>) => {
      answers.push({ label, text: await textOf({ headers: res.headers, rawPayload: res.rawPayload, body: res.body }) });
    };

    // Changes first, so the audit log holds before/after copies of new and edited numbers.
    const created = await call<{ id: number }>(t.app, 'POST', '/customers', {
      token,
      body: NEW_CUSTOMER,
    });
    const customerId = dataOf(created).id;
    const statuses: string[] = [];
    for (const [label, method, path, body] of [
      ['blacklist check', 'POST', '/blacklist/check', { idNumbers: [NEW_ID], phones: [NEW_MOBILE] }],
      ['blacklist add', 'POST', '/blacklist', { name: '掃描測試', idNumber: NEW_ID, phone: NEW_MOBILE, remarks: 'scan' }],
      ['customer duplicate', 'POST', '/customers', { ...NEW_CUSTOMER, name: '重複' }],
      ['customer blacklisted', 'POST', `/customers/${customerId}/blacklist`, { reason: 'scan' }],
      ['customer edited', 'PUT', `/customers/${customerId}`, { ...NEW_CUSTOMER, name: '掃描測試改', mobile2: '+852 6135 7925' }],
    ] as const) {
      const res = await t.app.inject({ method, url: `${API_BASE}${path}`, headers: { authorization: `Bearer ${token}` }, payload: body });
      await record(`${label} ${res.statusCode}`, res);
      statuses.push(`${label} ${res.statusCode}`);
    }
    // The refusals answer too (a conflict message must not echo the number); the changes landed.
    expect(statuses).toEqual(['blacklist check 200', 'blacklist add 200', 'customer duplicate 409', 'customer blacklisted 200', 'customer edited 200']);

    const whole = await secrets();
    expect(whole).toContain(NEW_ID);
    const searches = [NEW_ID, NEW_ID.replace(/[()]/g, ''), NEW_MOBILE, NEW_MOBILE.replace(/\D/g, '').slice(3)];
    const gets = t.app.apiRoutes.filter((r) => r.method === 'GET');
    for (const r of gets) {
      const urls = r.url.includes(':')
        ? [1, 2, 3, 5, 8, 12, customerId].map((id) => fillParams(r.url, () => String(id)))
        : [r.url, `${r.url}?pageSize=100`, ...searches.map((q) => `${r.url}?q=${encodeURIComponent(q)}`)];
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode >= 500) leaks.push(`${url} answered ${res.statusCode}`);
        await record(`GET ${url} ${res.statusCode}`, res);
      }
    }
    expect(answers.length).toBeGreaterThan(gets.length);

    for (const { label, text } of answers) for (const s of whole) if (text.includes(s)) leaks.push(`${label} holds ${s}`);
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const s of whole) if (log.includes(s)) leaks.push(`the log holds ${s}`);
    expect(leaks).toEqual([]);
  }, 240_000);
});
