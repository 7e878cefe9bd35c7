import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { API_BASE, LOAN_DOCUMENT_KINDS, LOAN_DOCUMENT_OPEN_STATUSES, LOAN_DOCUMENT_REMOVABLE_STATUSES, LOAN_DOCUMENT_MAX_BYTES, type LoanDocumentKind, loanDocumentSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import type { LoanStatus } from '@harbour/domain';
import { imageSize } from 'image-size';
import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { loanDocuments } from '../../db/schema/index.js';
import { badRequest, businessRule, notFound } from '../../platform/errors.js';
import { route, succeed } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { contextOf, type ServiceContext } from '../../platform/context.js';
import { withTx } from '../../platform/tx.js';
import { getLoan } from './read.js';
import { loanRow, type LoanRow } from '../loan-core/row.js';
import { loanDocumentStore } from '../loan-core/document-store.js';

/**
 * Section D: the documents of an application (ID card copies, income and address proofs, the
 * signed s.18 note, property papers). Files are checked by content (JPEG, PNG or PDF, at most
 * 10 MB), stored in the database (platform/image-store.ts) with random names in the same
 * transaction as their row — never served as static files — and read only through
 * `GET /loans/{id}/documents/{docId}/file`, which checks the caller's key and the loan's store
 * like every loan route and writes a `view` audit row.
 * ID card copies must be images and are only ever shown watermarked "COPY".
 */
function assertOpen(loan: LoanRow): void {
  if (!LOAN_DOCUMENT_OPEN_STATUSES.includes(loan.status as LoanStatus)) throw businessRule('loans.documents.closed', { status: loan.status });
}

/**
 * An ID card image inside an SVG page with "COPY" across it: the browser shows and prints it like
 * any image, and the bare scan never leaves the server. The SVG holds no script and is answered
 * with a policy that allows none.
 */
export function watermarked(bytes: Buffer, mime: string): Buffer {
  const { width, height } = imageSize(bytes);
  const font = Math.max(24, Math.round(Math.min(width, height) / 5));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<image href="data:${mime};base64,${bytes.toString('base64')}" width="${width}" height="${height}"/>` +
    `<defs><pattern id="copy" width="${font * 4}" height="${font * 2.5}" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)">` +
    `<text x="0" y="${font}" font-family="Arial, Helvetica, sans-serif" font-weight="bold" font-size="${font}" fill="#c00000" fill-opacity="0.45">COPY</text>` +
    `</pattern></defs><rect width="100%" height="100%" fill="url(#copy)"/></svg>`;
  return Buffer.from(svg);
}

async function addDocument(tx: Tx, ctx: ServiceContext, loan: LoanRow, doc: { kind: LoanDocumentKind; fileName: string; mimeType: string; bytes: Buffer; storageKey: string }) {
  assertOpen(loan);
  const [row] = await tx
    .insert(loanDocuments)
    .values({
      storeId: loan.storeId,
      loanId: loan.id,
      kind: doc.kind,
      fileName: doc.fileName,
      mimeType: doc.mimeType,
      size: doc.bytes.length,
      sha256: createHash('sha256').update(doc.bytes).digest('hex'),
      storageKey: doc.storageKey,
      createdBy: ctx.auth?.staffId ?? null,
    })
    .returning({ id: loanDocuments.id });
  await audit(tx, {
    action: 'upload',
    module: 'loans',
    reference: loan.id,
    after: { applyNo: loan.applyNo, documentId: row!.id, kind: doc.kind, fileName: doc.fileName, size: doc.bytes.length },
    recordStores: [loan.storeId],
  });
}

async function documentOf(tx: Tx, loan: LoanRow, docId: number) {
  const [doc] = await tx
    .select()
    .from(loanDocuments)
    .where(and(eq(loanDocuments.id, docId), eq(loanDocuments.loanId, loan.id), isNull(loanDocuments.removedAt)));
  if (!doc) throw notFound();
  return doc;
}

const params = z.object({ id: z.coerce.number().int().positive(), docId: z.coerce.number().int().positive() });
const FILE_NAME_MAX = 255;

/**
 * The name a document is kept and served under: the uploader's name with the extension of what it
 * was found to be by its content (a JPEG sent as `x.html` is kept as `x.jpg`, so "save as" never
 * writes a page); `.jpeg` stays for a JPEG.
 */
export function keptFileName(given: string | undefined, ext: string): string {
  const name = (given ?? '').trim();
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name) || 'document';
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const suffix = current === ext || (ext === 'jpg' && current === 'jpeg') ? name.slice(dot + 1) : ext;
  return `${stem.slice(0, FILE_NAME_MAX - suffix.length - 1)}.${suffix}`;
}

export async function registerLoanDocumentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOAN_DOCUMENT_MAX_BYTES + 1, files: 1, parts: 5 }, throwFileSizeLimit: false });
    route(scope, {
      method: 'POST',
      url: '/loans/:id/documents',
      permission: 'loan.documents',
      summary: 'Upload a document of a loan (multipart: `kind`, then `file`; JPEG, PNG or PDF by content, 10 MB at most)',
      tags: ['loans'],
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: loanDocumentSchema.array(),
      handler: async (req) => {
        if (!req.isMultipart()) throw loanDocumentStore.refuse(loanDocumentStore.messages.missing);
        const part = await req.file();
        if (!part) throw loanDocumentStore.refuse(loanDocumentStore.messages.missing);
        const kindField = part.fields.kind;
        const kindValue = kindField && !Array.isArray(kindField) && kindField.type === 'field' ? String(kindField.value) : '';
        const kind = z.enum(LOAN_DOCUMENT_KINDS).safeParse(kindValue);
        if (!kind.success) throw badRequest('errors.validation', [{ field: 'kind', message: 'validation.choice' }]);
        const bytes = await part.toBuffer();
        const ext = await loanDocumentStore.check(part.file.truncated ? Buffer.alloc(LOAN_DOCUMENT_MAX_BYTES + 1) : bytes);
        const mimeType = loanDocumentStore.mimeOf(`x.${ext}`);
        if (kind.data === 'id-card') {
          if (ext === 'pdf') throw loanDocumentStore.refuse('loans.documents.idCardImage');
          try {
            imageSize(bytes);
          } catch {
            throw loanDocumentStore.refuse(loanDocumentStore.messages.type);
          }
        }
        const ctx = contextOf(req);
        const fileName = keptFileName(part.filename, ext);
        // The bytes and the row commit together: a refused or failed upload leaves neither.
        const item = await withTx(ctx, async (tx) => {
          const loan = await loanRow(tx, ctx, req.params.id, { lock: true });
          const storageKey = await loanDocumentStore.save(tx, bytes, ext);
          await addDocument(tx, ctx, loan, { kind: kind.data, fileName, mimeType, bytes, storageKey });
          return (await getLoan(tx, ctx, req.params.id)).documents;
        });
        succeed(req, 'loans.documents.uploaded');
        return item;
      },
    });
  });

  route(app, {
    method: 'DELETE',
    url: '/loans/:id/documents/:docId',
    permission: 'loan.documents',
    summary: 'Remove a document of an application not yet submitted, or sent back (the row is marked removed; the file is kept for the record)',
    tags: ['loans'],
    params,
    response: loanDocumentSchema.array(),
    handler: async (req) => {
      const ctx = contextOf(req);
      const items = await withTx(ctx, async (tx) => {
        const loan = await loanRow(tx, ctx, req.params.id, { lock: true });
        const doc = await documentOf(tx, loan, req.params.docId);
        assertOpen(loan);
        if (!LOAN_DOCUMENT_REMOVABLE_STATUSES.includes(loan.status as LoanStatus)) throw businessRule('loans.documents.submitted', { status: loan.status });
        await tx.update(loanDocuments).set({ removedAt: new Date(), removedBy: ctx.auth?.staffId ?? null, updatedAt: new Date() }).where(eq(loanDocuments.id, doc.id));
        await audit(tx, { action: 'delete', module: 'loans', reference: loan.id, before: { applyNo: loan.applyNo, documentId: doc.id, kind: doc.kind, fileName: doc.fileName }, recordStores: [loan.storeId] });
        return (await getLoan(tx, ctx, loan.id)).documents;
      });
      succeed(req, 'success.deleted');
      return items;
    },
  });

  // The file itself: not an envelope, so app.route with the permission in its config.
  app.route({
    method: 'GET',
    url: `${API_BASE}/loans/:id/documents/:docId/file`,
    config: { permission: 'loan.list' },
    schema: { summary: 'A document’s file (ID card copies as a watermarked image)', tags: ['loans'] },
    handler: async (req, reply) => {
      const p = params.safeParse(req.params);
      if (!p.success) throw notFound();
      const ctx = contextOf(req);
      const doc = await withTx(ctx, async (tx) => {
        const loan = await loanRow(tx, ctx, p.data.id);
        const d = await documentOf(tx, loan, p.data.docId);
        await audit(tx, { action: 'view', module: 'loans', reference: loan.id, after: { applyNo: loan.applyNo, documentId: d.id, kind: d.kind }, recordStores: [loan.storeId] });
        return d;
      });
      if (!loanDocumentStore.isName(doc.storageKey)) throw notFound();
      const isIdCard = doc.kind === 'id-card';
      // An ID card is reworked whole (watermarked); any other document streams chunk by chunk.
      let body: Buffer | Readable;
      if (isIdCard) {
        const bytes = await loanDocumentStore.readAll(req.server.db, doc.storageKey);
        if (!bytes) throw notFound();
        body = watermarked(bytes, doc.mimeType);
      } else {
        const file = await loanDocumentStore.read(req.server.db, doc.storageKey);
        if (!file) throw notFound();
        body = file.stream;
        void reply.header('content-length', file.size);
      }
      return reply
        .type(isIdCard ? 'image/svg+xml' : doc.mimeType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(isIdCard ? `${doc.fileName}.svg` : doc.fileName)}`)
        .send(body);
    },
  });
}
