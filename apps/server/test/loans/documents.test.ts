import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, type LoanDocument, type LoanItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';

let t: TestApp;
let dataDir: string;
let clerk: string;
let manager: string;
let collector: string;
let loan: LoanItem;

/** A 1×1 PNG and a minimal PDF (real bytes; the type is judged by content). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'harbour-loan-docs-'));
  t = await createTestApp({ config: { dataDir } });
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  collector = (await loginAs(t.app, 'collector')).access_token;
  const customerId = await insertCustomer(t.pool, { code: 'TD0001', name: '何文件', idNumber: 'A1234563', mobile1: '91234567' });
  loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: smallApplication(customerId) }));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function upload(token: string, kind: string, filename: string, bytes: Buffer, loanId = loan.id) {
  const boundary = `----harbour${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/loans/${loanId}/documents`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
    payload,
  });
  return { statusCode: res.statusCode, body: res.json() as { data: LoanDocument[]; errors?: { field: string; message: string }[] } };
}

const file = (token: string, docId: number, loanId = loan.id) =>
  t.app.inject({ method: 'GET', url: `${API_BASE}/loans/${loanId}/documents/${docId}/file`, headers: { authorization: `Bearer ${token}` } });

const storedFiles = async () => Number((await t.pool.query(`select count(*) as n from stored_files where key like 'loan-documents/%'`)).rows[0].n);

describe('section D: documents', () => {
  it('takes an ID card image and a PDF proof, judged by content, and lists them on the loan', async () => {
    const id = await upload(clerk, 'id-card', 'hkid.png', PNG);
    expect(id.statusCode).toBe(200);
    expect(id.body.data[0]).toMatchObject({ kind: 'id-card', fileName: 'hkid.png', mimeType: 'image/png', uploadedByName: '李文員' });
    const pdf = await upload(clerk, 'income-proof', 'payslip.pdf', PDF);
    expect(pdf.body.data.map((d) => d.kind)).toEqual(['id-card', 'income-proof']);
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: clerk })).documents).toHaveLength(2);
    const audit = await t.pool.query<{ action: string }>(`select action from audit_log where module = 'loans' and action = 'upload'`);
    expect(audit.rows).toHaveLength(2);
  });

  it('refuses another type, a PDF as an ID card, an unknown kind or no file, storing nothing', async () => {
    const before = await storedFiles();
    const script = await upload(clerk, 'other', 'evil.pdf', Buffer.from('<script>alert(1)</script>'));
    expect(script.statusCode).toBe(400);
    expect(script.body.errors?.[0]?.message).toMatch(/JPG, PNG or PDF/);
    expect((await upload(clerk, 'id-card', 'id.pdf', PDF)).body.errors?.[0]?.message).toMatch(/ID card copy/);
    expect((await upload(clerk, 'selfie', 'x.png', PNG)).statusCode).toBe(400);
    expect((await upload(clerk, 'other', 'empty.png', Buffer.alloc(0))).statusCode).toBe(400);
    expect(await storedFiles()).toBe(before);
  });

  it('shows an ID card only watermarked COPY, to staff of the store, and audits each look', async () => {
    const docs = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: clerk })).documents;
    const idCard = docs.find((d) => d.kind === 'id-card')!;
    const res = await file(clerk, idCard.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('>COPY<');
    expect(res.body).not.toContain('<script');
    const proof = await file(clerk, docs.find((d) => d.kind === 'income-proof')!.id);
    expect(proof.headers['content-type']).toMatch(/application\/pdf/);
    expect(proof.body.startsWith('%PDF')).toBe(true);
    const views = await t.pool.query(`select 1 from audit_log where module = 'loans' and action = 'view'`);
    expect(views.rowCount).toBe(2);
    // The collector of Mong Kok has no loan keys; another loan's id with this document answers 404.
    expect((await file(collector, idCard.id)).statusCode).toBe(403);
    expect((await file(clerk, idCard.id, loan.id + 999)).statusCode).toBe(404);
    expect((await file(manager, 999999)).statusCode).toBe(404);
  });

  it('keeps another store’s documents out of reach', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from stores where code = 'KT'`);
    await t.pool.query(`update loans set store_id = $1 where id = $2`, [rows[0]!.id, loan.id]);
    await t.pool.query(`update loan_documents set store_id = $1 where loan_id = $2`, [rows[0]!.id, loan.id]);
    const docs = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager })).documents;
    expect((await file(clerk, docs[0]!.id)).statusCode).toBe(404);
    expect((await upload(clerk, 'other', 'x.png', PNG)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/loans/${loan.id}/documents/${docs[0]!.id}`, { token: clerk })).statusCode).toBe(404);
    expect((await file(manager, docs[0]!.id)).statusCode).toBe(200);
    const { rows: mk } = await t.pool.query<{ id: number }>(`select id from stores where code = 'MK'`);
    await t.pool.query(`update loans set store_id = $1 where id = $2`, [mk[0]!.id, loan.id]);
    await t.pool.query(`update loan_documents set store_id = $1 where loan_id = $2`, [mk[0]!.id, loan.id]);
  });

  it('removes a document by marking it, only before the application is submitted', async () => {
    const docs = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: clerk })).documents;
    const left = dataOf(await call<LoanDocument[]>(t.app, 'DELETE', `/loans/${loan.id}/documents/${docs[1]!.id}`, { token: clerk }));
    expect(left.map((d) => d.id)).toEqual([docs[0]!.id]);
    const kept = await t.pool.query(`select removed_at from loan_documents where id = $1`, [docs[1]!.id]);
    expect(kept.rows[0].removed_at).not.toBeNull();
    expect((await file(clerk, docs[1]!.id)).statusCode).toBe(404);
    // submitted: the approver decides on what is there, so nothing leaves (adding stays open)
    await t.pool.query(`update loans set status = 'wait_approve' where id = $1`, [loan.id]);
    const refused = await call(t.app, 'DELETE', `/loans/${loan.id}/documents/${docs[0]!.id}`, { token: clerk, lang: 'en' });
    expect(refused.statusCode).toBe(422);
    expect((refused.body as { message: string }).message).toBe('The application has been submitted, so its documents cannot be removed: the approver decides on what was submitted. To correct one, send the application back first (status now: wait_approve)');
    expect((await t.pool.query(`select removed_at from loan_documents where id = $1`, [docs[0]!.id])).rows[0].removed_at).toBeNull();
    await t.pool.query(`update loans set status = 'repaying' where id = $1`, [loan.id]);
    expect((await upload(clerk, 'other', 'late.png', PNG)).statusCode).toBe(422);
    expect((await call(t.app, 'DELETE', `/loans/${loan.id}/documents/${docs[0]!.id}`, { token: clerk })).statusCode).toBe(422);
  });

  it('keeps a file under the extension of what it is, whatever name it was sent with', async () => {
    // a loan of its own: the other tests count this file's documents
    const customerId = (await t.pool.query<{ id: number }>(`select id from customers where customer_code = 'TD0001'`)).rows[0]!.id;
    const own = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: smallApplication(customerId) }));
    const sent = await upload(clerk, 'other', 'photo.html', PNG, own.id);
    expect(sent.statusCode).toBe(200);
    const doc = sent.body.data.at(-1)!;
    expect(doc).toMatchObject({ fileName: 'photo.png', mimeType: 'image/png' });
    expect((await file(clerk, doc.id, own.id)).headers['content-disposition']).toContain("filename*=UTF-8''photo.png");
    const noName = (await upload(clerk, 'other', '', PDF, own.id)).body.data.at(-1)!;
    expect(noName.fileName).toBe('document.pdf');
    const pdf = (await upload(clerk, 'other', 'statement.PDF', PDF, own.id)).body.data.at(-1)!;
    expect(pdf.fileName).toBe('statement.PDF');
  });
});
