import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, type OwnProfile } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryLogin } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { auditCount, call, dataOf, expectFieldErrors, messageOf, tokenOf } from './helpers.js';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'harbour-admin-avatars-'));
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

/** One multipart/form-data upload through the real server. */
async function upload(token: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----harbour${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/adminModify/avatar`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
    payload,
  });
  return { statusCode: res.statusCode, body: res.json() };
}

describe('own details', () => {
  it('reads and saves name, mobile, e-mail and language with one audit row', async () => {
    const token = await tokenOf(t, 'collector');
    const mine = dataOf(await call<OwnProfile>(t.app, 'GET', '/adminModify', { token }));
    expect(mine).toMatchObject({ username: 'collector', mobile: null });
    const before = await auditCount(t);
    const saved = await call<OwnProfile>(t.app, 'POST', '/adminModify', {
      token,
      body: { name: '張收數員', mobile: '6123 4567', email: 'collector@harbour.hk', defaultLanguage: 'en' },
      lang: 'en',
    });
    expect(saved.body).toMatchObject({ result: 'success', message: 'Saved' });
    expect(dataOf(saved)).toMatchObject({ name: '張收數員', mobile: '61234567', email: 'collector@harbour.hk', defaultLanguage: 'en' });
    expect(await auditCount(t)).toBe(before + 1);
    // Saving details without a password keeps every session.
    expect((await call(t.app, 'GET', '/userInfo', { token })).statusCode).toBe(200);
  });

  it('refuses bad fields and a mobile another staff member uses', async () => {
    const token = await tokenOf(t, 'clerk');
    expectFieldErrors(await call(t.app, 'POST', '/adminModify', { token, body: { name: 'X', mobile: '123', email: 'no' }, lang: 'en' }), [
      'name',
      'mobile',
      'email',
    ]);
    const taken = await call(t.app, 'POST', '/adminModify', { token, body: { name: '李文員', mobile: '61234567' }, lang: 'en' });
    // Own details name neither the field nor the record that clashed (security/oracles.test.ts).
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toEqual({ result: 'error', status: 409, message: 'These details cannot be used. Please check them, or ask an administrator' });
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const other = await tokenOf(t, 'clerk');
    const current = await tokenOf(t, 'clerk');
    const body = { name: '李文員', mobile: '62345678', password: 'fresh123-harbour' };
    const missing = await call(t.app, 'POST', '/adminModify', { token: current, body, lang: 'en' });
    expect(messageOf(missing, 'currentPassword')).toBe('Enter your current password');
    const wrong = await call(t.app, 'POST', '/adminModify', { token: current, body: { ...body, currentPassword: 'nope1' }, lang: 'en' });
    expectFieldErrors(wrong, ['currentPassword']);
    expect((await tryLogin(t.app, 'clerk', 'demo1234')).statusCode).toBe(200);

    const changed = await call(t.app, 'POST', '/adminModify', { token: current, body: { ...body, currentPassword: 'demo1234' }, lang: 'en' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toMatchObject({ message: 'Password changed; your other sessions have ended' });
    const ended = await call(t.app, 'GET', '/userInfo', { token: other });
    expect(ended.statusCode).toBe(401);
    expect(ended.body).toMatchObject({ status: 50003 });
    expect((await call(t.app, 'GET', '/userInfo', { token: current })).statusCode).toBe(200);
    expect((await tryLogin(t.app, 'clerk', 'demo1234')).statusCode).toBe(401);
    expect((await tryLogin(t.app, 'clerk', 'fresh123-harbour')).statusCode).toBe(200);
    const { rows } = await t.pool.query(`select after from audit_log where module = 'adminModify' order by id desc limit 1`);
    expect(rows[0].after.passwordChanged).toBe(true);
    expect(JSON.stringify(rows[0].after)).not.toContain('fresh123-harbour');
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/adminModify')).statusCode).toBe(401);
  });
});

describe('avatar', () => {
  it('stores a real image and serves it back', async () => {
    const token = await tokenOf(t, 'manager');
    const res = await upload(token, 'me.png', 'image/png', PNG);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.data.avatarUrl;
    expect(url).toMatch(new RegExp(`^${API_BASE}/avatars/[0-9a-f]{32}\\.png$`));
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    // A new avatar replaces the old file.
    const again = await upload(token, 'me.gif', 'image/gif', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
    expect(again.body.data.avatarUrl).toMatch(/\.gif$/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('rejects a .jpg that is really text, and files over 2 MB, changing nothing', async () => {
    const token = await tokenOf(t, 'accountant');
    const before = await auditCount(t);
    const fake = await upload(token, 'photo.jpg', 'image/jpeg', Buffer.from('just some text pretending to be a photo\n'.repeat(20)));
    expect(fake.statusCode).toBe(400);
    expect(fake.body.errors).toEqual([{ field: 'avatar', message: 'The avatar must be a JPG, PNG or GIF image' }]);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(token, 'big.png', 'image/png', big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body.errors).toEqual([{ field: 'avatar', message: 'The avatar must be at most 2 MB' }]);
    expect(await auditCount(t)).toBe(before);
    const { rows } = await t.pool.query(`select avatar from staff where username = 'accountant'`);
    expect(rows[0].avatar).toBeNull();
    const files = (await t.pool.query<{ key: string }>(`select key from stored_files where key like 'avatars/%'`)).rows.map((r) => r.key);
    expect(files.every((f) => !f.endsWith('.jpg'))).toBe(true);
  });

  it('does not serve names that are not avatars', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API_BASE}/avatars/..%2F..%2Fetc%2Fpasswd` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${API_BASE}/avatars/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
  });
});
