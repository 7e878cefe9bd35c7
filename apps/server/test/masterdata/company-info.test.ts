import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, type CompanyInfo, type CompanyPublic } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { auditCount, call, dataOf, expectFieldErrors, messageOf, tokenOf } from '../admin/helpers.js';
import { readLenderParticulars } from '../../src/modules/company/particulars.js';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'harbour-company-'));
  t = await createTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A 1×1 PNG (real image bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A 1×1 GIF: a real image, but not a type a logo may be. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function upload(token: string, filename: string, contentType: string, bytes: Buffer, lang = 'en') {
  const boundary = `----harbour${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/companyInfo/logo`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': lang },
    payload,
  });
  return { statusCode: res.statusCode, body: res.json() as { result: string; data: CompanyInfo; errors?: { field: string; message: string }[] } };
}

const VALID = {
  nameZh: '海港財務有限公司',
  nameEn: 'Harbour Finance Limited',
  licenceNo: '0999/2025',
  brNo: '71234567',
  addressZh: '九龍旺角彌敦道 580 號 12 樓',
  addressEn: '12/F, 580 Nathan Road, Mong Kok, Kowloon',
  phone: '2388 1000',
  fax: '2388 1099',
  email: 'info@harbour-finance.example',
  website: 'https://harbour-finance.example',
};

describe('company information', () => {
  it('is read by any signed-in staff member, and names and logo only without login', async () => {
    for (const who of ['clerk', 'collector', 'accountant']) {
      const info = dataOf(await call<CompanyInfo>(t.app, 'GET', '/companyInfo', { token: await tokenOf(t, who) }));
      expect(info).toMatchObject({ nameZh: '海港財務有限公司', nameEn: 'Harbour Finance Limited', licenceNo: '0999/2025' });
    }
    expect((await call(t.app, 'GET', '/companyInfo')).statusCode).toBe(401);
    const pub = dataOf(await call<CompanyPublic>(t.app, 'GET', '/companyInfo/public'));
    expect(pub).toEqual({ nameZh: '海港財務有限公司', nameEn: 'Harbour Finance Limited', logoUrl: null });
  });

  it('is saved with the permission, trimmed, with one audit row holding before and after', async () => {
    const token = await tokenOf(t, 'manager');
    const before = await auditCount(t);
    const res = await call<CompanyInfo>(t.app, 'PUT', '/companyInfo', {
      token,
      lang: 'en',
      body: { ...VALID, nameEn: '  Harbour Credit Limited ', licenceNo: ' 1234/2026 ', fax: '', website: null, email: 'Info@Harbour-Credit.Example' },
    });
    expect(res.body).toMatchObject({ result: 'success', message: 'Saved' });
    expect(dataOf(res)).toMatchObject({ nameEn: 'Harbour Credit Limited', licenceNo: '1234/2026', fax: null, website: null, email: 'Info@harbour-credit.example' });
    expect(await auditCount(t)).toBe(before + 1);
    const { rows } = await t.pool.query<{ action: string; module: string; before: CompanyInfo; after: CompanyInfo }>(
      'select action, module, before, after from audit_log order by id desc limit 1',
    );
    expect(rows[0]).toMatchObject({ action: 'edit', module: 'companyInfo' });
    expect(rows[0]!.before).toMatchObject({ nameEn: 'Harbour Finance Limited', licenceNo: '0999/2025' });
    expect(rows[0]!.after).toMatchObject({ nameEn: 'Harbour Credit Limited', licenceNo: '1234/2026' });
    const clerk = dataOf(await call<CompanyInfo>(t.app, 'GET', '/companyInfo', { token: await tokenOf(t, 'clerk') }));
    expect(clerk.nameEn).toBe('Harbour Credit Limited');
  });

  it('refuses staff without the permission (403) and changes nothing', async () => {
    for (const who of ['clerk', 'collector', 'accountant']) {
      const token = await tokenOf(t, who);
      const before = await auditCount(t);
      const res = await call(t.app, 'PUT', '/companyInfo', { token, body: { ...VALID, nameZh: '別人公司' } });
      expect(res.statusCode).toBe(403);
      expect((await upload(token, 'logo.png', 'image/png', PNG)).statusCode).toBe(403);
      expect(await auditCount(t)).toBe(before);
    }
    const info = dataOf(await call<CompanyInfo>(t.app, 'GET', '/companyInfo', { token: await tokenOf(t, 'clerk') }));
    expect(info.nameZh).not.toBe('別人公司');
  });

  it('explains invalid fields in each language', async () => {
    const token = await tokenOf(t, 'manager');
    const bad = { ...VALID, nameZh: '   ', nameEn: '', licenceNo: 'x'.repeat(33), email: 'not-an-email', phone: '12ab', fax: '123' };
    const expected = {
      en: { nameZh: 'Chinese name is required', nameEn: 'English name is required', licenceNo: 'At most 32 characters', email: 'Enter a valid email address', phone: 'Enter 8 to 15 digits' },
      'zh-TW': { nameZh: '請填寫中文名稱', nameEn: '請填寫英文名稱', licenceNo: '32', email: '電郵', phone: '請輸入 8 至 15 位數字' },
      'zh-CN': { nameZh: '请填写中文名称', nameEn: '请填写英文名称', licenceNo: '32', email: '邮', phone: '请输入 8 至 15 位数字' },
    };
    const before = await auditCount(t);
    for (const [lang, texts] of Object.entries(expected)) {
      const res = await call(t.app, 'PUT', '/companyInfo', { token, lang, body: bad });
      expectFieldErrors(res, ['nameZh', 'nameEn', 'licenceNo', 'email', 'phone', 'fax']);
      for (const [field, text] of Object.entries(texts)) expect(messageOf(res, field)).toContain(text);
    }
    const missing = await call(t.app, 'PUT', '/companyInfo', { token, lang: 'en', body: { nameEn: 'X' } });
    expect(messageOf(missing, 'nameZh')).toBe('Chinese name is required');
    expect(messageOf(missing, 'licenceNo')).toBe("The money lender's licence number is required");
    const unknown = await call(t.app, 'PUT', '/companyInfo', { token, lang: 'en', body: { ...VALID, logo: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(await auditCount(t)).toBe(before);
  });

  it('takes a logo checked by its content, stores it and serves it to anyone', async () => {
    const token = await tokenOf(t, 'manager');
    const before = await auditCount(t);
    // A text file renamed .png, declared as a PNG, is refused.
    const fake = await upload(token, 'logo.png', 'image/png', Buffer.from('this is not an image\n'.repeat(20)));
    expect(fake.statusCode).toBe(400);
    expect(fake.body.errors).toEqual([{ field: 'logo', message: 'The logo must be a PNG or JPEG image' }]);
    const gif = await upload(token, 'logo.gif', 'image/gif', GIF, 'zh-TW');
    expect(gif.body.errors?.[0]?.message).toBe('標誌必須是 PNG 或 JPEG 圖片');
    const big = await upload(token, 'big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(big.body.errors?.[0]?.message).toBe('The logo must be at most 1 MB');
    expect(await auditCount(t)).toBe(before);

    // Declared as text: the bytes decide.
    const ok = await upload(token, 'logo.txt', 'text/plain', PNG);
    expect(ok.statusCode).toBe(200);
    const url = ok.body.data.logoUrl!;
    expect(url).toMatch(/^\/api\/admin\/v1\/companyLogos\/[0-9a-f]{32}\.png$/);
    expect(await auditCount(t)).toBe(before + 1);
    const { rows } = await t.pool.query<{ action: string; after: { logo: string } }>('select action, after from audit_log order by id desc limit 1');
    expect(rows[0]).toEqual({ action: 'upload', after: { logo: url } });

    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect(dataOf(await call<CompanyPublic>(t.app, 'GET', '/companyInfo/public')).logoUrl).toBe(url);

    // A replaced logo's file is removed.
    const again = await upload(token, 'logo2.png', 'image/png', PNG);
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: again.body.data.logoUrl! })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${API_BASE}/companyLogos/..%2F..%2Fsecret.png` })).statusCode).toBe(404);
  });

  it('gives documents the particulars in their language', async () => {
    const zh = await readLenderParticulars(t.db, 'zh-TW');
    expect(zh).toMatchObject({ name: '海港財務有限公司', address: '九龍旺角彌敦道 580 號 12 樓', missing: [] });
    const en = await readLenderParticulars(t.db, 'en');
    expect(en.name).toBe('Harbour Credit Limited');
    expect(en.licenceNo).toBe('1234/2026');
  });

  it('keeps the FPS proxy printed on the papers, and refuses one the FPS payload cannot carry', async () => {
    const token = await tokenOf(t, 'manager');
    const fps = { fpsProxyType: 'mobile', fpsProxyValue: '9123 4567', fpsMerchantName: 'Harbour Finance' };
    const saved = dataOf(await call<CompanyInfo>(t.app, 'PUT', '/companyInfo', { token, lang: 'en', body: { ...VALID, ...fps } }));
    expect([saved.fpsProxyType, saved.fpsProxyValue, saved.fpsMerchantName]).toEqual(['mobile', '9123 4567', 'Harbour Finance']);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fpsProxyType: 'fps-id', fpsProxyValue: '12AB' }, 'fpsProxyValue', 'An FPS ID is 7 to 12 digits'],
      [{ fpsProxyType: null, fpsProxyValue: '1234567' }, 'fpsProxyType', 'Give both the FPS proxy type and its value, or neither'],
      [{ fpsMerchantName: '海港財務' }, 'fpsMerchantName', 'Enter the payee name in English letters, digits and punctuation'],
    ];
    for (const [change, field, text] of cases) {
      const res = await call(t.app, 'PUT', '/companyInfo', { token, lang: 'en', body: { ...VALID, ...fps, ...change } });
      expect(res.statusCode).toBe(400);
      expectFieldErrors(res, [field]);
      expect(messageOf(res, field)).toBe(text);
    }
    // cleared together: no code printed
    const cleared = dataOf(await call<CompanyInfo>(t.app, 'PUT', '/companyInfo', { token, lang: 'en', body: { ...VALID, fpsProxyType: null, fpsProxyValue: '', fpsMerchantName: '' } }));
    expect([cleared.fpsProxyType, cleared.fpsProxyValue, cleared.fpsMerchantName]).toEqual([null, null, null]);
  });
});
