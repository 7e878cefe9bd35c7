import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, type LoanDocument, type LoanItem } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { loanDocumentStore } from '../../src/modules/loan-core/document-store.js';
import { FILE_CHUNK_BYTES } from '../../src/platform/image-store.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';

/**
 * Uploaded files live in the database, not on an instance's disk: a second instance on the same
 * database with another data folder serves them, and files left in the old uploads folder are
 * moved in at start-up.
 */
let t: TestApp;
const folders: string[] = [];
const others: { app: FastifyInstance; database: Database }[] = [];
let clerk: string;
let loan: LoanItem;

const PDF_HEAD = Buffer.from('%PDF-1.4\n');
/** A PDF of exactly `size` bytes (its type is judged by the leading `%PDF`). */
const pdfOf = (size: number) => Buffer.concat([PDF_HEAD, randomBytes(size - PDF_HEAD.length)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'harbour-files-'));
  folders.push(dir);
  return dir;
};

/** Another instance of the server on the same database, with a data folder of its own. */
async function anotherInstance(dataDir: string): Promise<FastifyInstance> {
  const database = openDatabase(t.appUrl, { max: 2 });
  const app = await buildApp({ db: database.db, config: { ...t.config, dataDir } });
  others.push({ app, database });
  return app;
}

async function upload(app: FastifyInstance, token: string, kind: string, filename: string, bytes: Buffer, loanId = loan.id) {
  const boundary = `----harbour${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/loans/${loanId}/documents`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
    payload,
  });
  return { statusCode: res.statusCode, body: res.json() as { data: LoanDocument[]; message?: string } };
}

const fileOf = (app: FastifyInstance, docId: number, loanId = loan.id) =>
  app.inject({ method: 'GET', url: `${API_BASE}/loans/${loanId}/documents/${docId}/file`, headers: { authorization: `Bearer ${clerk}` } });

const counts = async () => {
  const { rows } = await t.pool.query<{ files: string; chunks: string }>(
    `select (select count(*) from stored_files) as files, (select count(*) from stored_file_chunks) as chunks`,
  );
  return { files: Number(rows[0]!.files), chunks: Number(rows[0]!.chunks) };
};

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: await tempDir() } });
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  const customerId = await insertCustomer(t.pool, { code: 'TF0001', name: '陳存檔', idNumber: 'A1234563', mobile1: '91234568' });
  loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: smallApplication(customerId) }));
});
afterAll(async () => {
  for (const o of others) {
    await o.app.close();
    await o.database.close();
  }
  await t?.close();
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

describe('uploaded files in the database', () => {
  it('stores a 5 MB document in 256 KiB chunks and a second instance with another data folder serves it byte for byte', async () => {
    const bytes = pdfOf(5 * 1024 * 1024);
    const up = await upload(t.app, clerk, 'income-proof', 'payslip.pdf', bytes);
    expect(up.statusCode).toBe(200);
    const doc = up.body.data.find((d) => d.fileName === 'payslip.pdf')!;
    const { rows } = await t.pool.query(
      `select f.content_type, f.size, f.sha256, count(c.seq)::int as chunks, max(length(c.data)) as largest
         from stored_files f join loan_documents d on 'loan-documents/' || d.storage_key = f.key join stored_file_chunks c on c.key = f.key
        where d.id = $1 group by f.key`,
      [doc.id],
    );
    expect(FILE_CHUNK_BYTES).toBe(262144);
    expect(rows).toEqual([{ content_type: 'application/pdf', size: 5242880, sha256: sha(bytes), chunks: 20, largest: 262144 }]);

    const second = await anotherInstance(await tempDir());
    const res = await fileOf(second, doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe('5242880');
    expect(sha(res.rawPayload)).toBe(sha(bytes));
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('serves the company logo uploaded through one instance from another (the public image route)', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const admin = (await loginAs(t.app, 'admin')).access_token;
    const boundary = `----harbour${randomBytes(8).toString('hex')}`;
    const up = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/companyInfo/logo`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(up.statusCode).toBe(200);
    const url = (up.json() as { data: { logoUrl: string } }).data.logoUrl;
    const img = await (await anotherInstance(await tempDir())).inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
  });

  it('leaves no file rows when the upload fails after its bytes were written (the loan is no longer open)', async () => {
    const before = await counts();
    await t.pool.query(`update loans set status = 'cancel' where id = $1`, [loan.id]);
    try {
      const refused = await upload(t.app, clerk, 'income-proof', 'late.pdf', pdfOf(600 * 1024));
      expect(refused.statusCode).toBe(422);
    } finally {
      await t.pool.query(`update loans set status = 'pending' where id = $1`, [loan.id]);
    }
    expect(await counts()).toEqual(before);
  });

  it('removes a file with its chunks', async () => {
    const name = await loanDocumentStore.save(t.db, pdfOf(300 * 1024), 'pdf');
    const before = await counts();
    expect(await loanDocumentStore.exists(t.db, name)).toBe(true);
    await loanDocumentStore.remove(t.db, name);
    expect(await loanDocumentStore.exists(t.db, name)).toBe(false);
    expect(await counts()).toEqual({ files: before.files - 1, chunks: before.chunks - 2 });
    expect(await loanDocumentStore.read(t.db, name)).toBeNull();
  });

  it('moves a document left in the old uploads folder into the database at start-up, once', async () => {
    const dataDir = await tempDir();
    const folder = path.join(dataDir, 'uploads', 'loan-documents');
    await fs.mkdir(folder, { recursive: true });
    const bytes = pdfOf(300 * 1024);
    const name = `${'7e'.repeat(16)}.pdf`;
    const stray = `${'5a'.repeat(16)}.pdf`;
    await fs.writeFile(path.join(folder, name), bytes);
    await fs.writeFile(path.join(folder, stray), pdfOf(1000));
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into loan_documents (store_id, loan_id, kind, file_name, mime_type, size, sha256, storage_key)
       values ($1, $2, 'address-proof', 'old.pdf', 'application/pdf', $3, $4, $5) returning id`,
      [loan.storeId, loan.id, bytes.length, sha(bytes), name],
    );
    const before = await counts();

    const started = await anotherInstance(dataDir);
    const res = await fileOf(started, rows[0]!.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    // the referenced file is gone from the disk; the one no record names is left alone, not stored
    expect((await fs.readdir(folder)).sort()).toEqual([stray]);
    expect(await counts()).toEqual({ files: before.files + 1, chunks: before.chunks + 2 });
    const [stored] = (await t.pool.query(`select sha256, size from stored_files where key = $1`, [`loan-documents/${name}`])).rows;
    expect(stored).toEqual({ sha256: sha(bytes), size: 307200 });

    // a second start changes nothing
    await anotherInstance(dataDir);
    expect(await counts()).toEqual({ files: before.files + 1, chunks: before.chunks + 2 });
    expect(await fs.readdir(folder)).toEqual([stray]);
  });
});
