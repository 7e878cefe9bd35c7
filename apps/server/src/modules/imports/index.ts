import multipart from '@fastify/multipart';
import {
  API_BASE,
  IMPORT_BATCHES_PATH,
  IMPORT_DRY_RUN_PATH,
  importBatchParamsSchema,
  importDryRunSchema,
  IMPORT_PERMISSION,
  IMPORT_TEMPLATE_PATH,
  importBatchSchema,
  importReconciliationQuerySchema,
  importReconciliationSchema,
  importTargetQuerySchema,
} from '@harbour/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { badRequest, fieldError } from '../../platform/errors.js';
import { dryRunImport, getImportBatch, listImportBatches, rollbackImport, startImport } from './service.js';
import { batchReconciliation } from './reconciliation.js';
import { reconciliationWorkbook } from './reconciliation-xlsx.js';
import { rejectedRowsWorkbook } from './rejected-xlsx.js';
import { uploadedWorkbook } from './dry-run.js';
import { importTemplateWorkbook } from './template-xlsx.js';

/** An upload's limit: a whole book of 50,000 loans as a workbook is well under it (the workbook is read streaming, see dry-run.ts). */
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The uploaded workbook of a multipart request (400 when there is none). */
async function uploaded(req: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  const part = req.isMultipart() ? await req.file() : undefined;
  if (!part) throw badRequest('tools.import.problems.notWorkbook');
  return { name: part.filename || 'import.xlsx', bytes: await part.toBuffer() };
}

/** Tools → data import (docs/import.md): the template and the batches of a lender's book brought in. */
export async function importsModule(app: FastifyInstance) {
  // Answers the file itself, not an envelope; errors still answer the error envelope.
  app.route({
    method: 'GET',
    url: `${API_BASE}${IMPORT_TEMPLATE_PATH}`,
    config: { permission: IMPORT_PERMISSION },
    schema: { summary: 'The import template: one sheet per kind of record and a read-me sheet', tags: ['tools'] },
    handler: async (req, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', 'attachment; filename="harbour-import-template.xlsx"')
        .send(await importTemplateWorkbook(req.lang)),
  });

  route(app, {
    method: 'GET',
    url: IMPORT_BATCHES_PATH,
    permission: IMPORT_PERMISSION,
    summary: 'Import batches of the stores the caller reaches, newest first, with their progress figures',
    tags: ['tools'],
    response: z.array(importBatchSchema),
    handler: async (req) => listImportBatches(contextOf(req)),
  });

  route(app, {
    method: 'GET',
    url: `${IMPORT_BATCHES_PATH}/:id`,
    permission: IMPORT_PERMISSION,
    summary: 'One import batch with its progress figures (the page polls it while it commits)',
    tags: ['tools'],
    params: importBatchParamsSchema,
    response: importBatchSchema,
    handler: async (req) => getImportBatch(contextOf(req), req.params.id),
  });

  route(app, {
    method: 'POST',
    url: `${IMPORT_BATCHES_PATH}/:id/rollback`,
    permission: IMPORT_PERMISSION,
    summary: 'Start rolling a committed batch back while none of its loans has had an event since (409 otherwise): a server job, the batch `rollingBack` with its progress until `rolledBack` (or `committed` again with its failure)',
    tags: ['tools'],
    params: importBatchParamsSchema,
    response: importBatchSchema,
    handler: async (req) => rollbackImport(contextOf(req), req.params.id, req.log),
  });

  route(app, {
    method: 'GET',
    url: `${IMPORT_BATCHES_PATH}/:id/reconciliation`,
    permission: IMPORT_PERMISSION,
    summary: 'A batch’s reconciliation: per imported loan the previous system’s figures beside Harbour’s on the cut-over date, the differences, and the store’s totals',
    tags: ['tools'],
    params: importBatchParamsSchema,
    querystring: importReconciliationQuerySchema,
    response: importReconciliationSchema,
    handler: async (req) => batchReconciliation(contextOf(req), req.params.id, req.query),
  });
  // Answers the file itself: every loan of the reconciliation (the same filter), then the totals.
  app.route({
    method: 'GET',
    url: `${API_BASE}${IMPORT_BATCHES_PATH}/:id/reconciliation/export`,
    config: { permission: IMPORT_PERMISSION },
    schema: { summary: 'A batch’s reconciliation as an xlsx workbook', tags: ['tools'], params: importBatchParamsSchema, querystring: importReconciliationQuerySchema },
    handler: async (req, reply) => {
      const { id } = req.params as { id: number };
      const q = req.query as { differing: boolean };
      const r = await batchReconciliation(contextOf(req), id, { page: 1, pageSize: Number.MAX_SAFE_INTEGER, differing: q.differing });
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="harbour-import-${id}-reconciliation.xlsx"`)
        .send(await reconciliationWorkbook(req.lang, r));
    },
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, parts: 4 } });
    route(scope, {
      method: 'POST',
      url: IMPORT_DRY_RUN_PATH,
      permission: IMPORT_PERMISSION,
      audit: false, // checks the file, writes nothing
      summary: 'Dry run of an import workbook (multipart `file`) for a store: rows per sheet and every problem by sheet, row and column',
      tags: ['tools'],
      querystring: importTargetQuerySchema,
      response: importDryRunSchema,
      handler: async (req) => dryRunImport(contextOf(req), await uploaded(req), req.lang, req.query),
    });
    route(scope, {
      method: 'POST',
      url: IMPORT_BATCHES_PATH,
      permission: IMPORT_PERMISSION,
      summary: 'Commit an import workbook (multipart `file`) into a store: checked again, then written as one batch by a server job (422 when the file has problems)',
      tags: ['tools'],
      querystring: importTargetQuerySchema,
      response: importBatchSchema,
      handler: async (req) => startImport(contextOf(req), await uploaded(req), req.query, req.log),
    });
    // Answers the file itself (the rejected rows with a problem column), not an envelope.
    scope.route({
      method: 'POST',
      url: `${API_BASE}/tools/import/rejectedRows`,
      config: { permission: IMPORT_PERMISSION, audit: false }, // reads the file, writes nothing
      schema: { summary: 'The rejected rows of an import workbook (multipart `file`) as uploaded, with a problem column in the caller’s language', tags: ['tools'] },
      handler: async (req, reply) => {
        const target = importTargetQuerySchema.safeParse(req.query);
        if (!target.success) throw fieldError('cutOverDate', 'validation.date');
        const { bytes } = await uploaded(req);
        const { problems } = await dryRunImport(contextOf(req), { bytes }, req.lang, target.data);
        return reply
          .type(XLSX)
          .header('content-disposition', 'attachment; filename="harbour-import-rejected-rows.xlsx"')
          .send(await rejectedRowsWorkbook(await uploadedWorkbook(bytes), problems, req.lang));
      },
    });
  });
}
