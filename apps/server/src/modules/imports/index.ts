import { API_BASE, IMPORT_BATCHES_PATH, IMPORT_PERMISSION, IMPORT_TEMPLATE_PATH, importBatchSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { listImportBatches } from './service.js';
import { importTemplateWorkbook } from './template-xlsx.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Tools → data import (docs/import.md): the template and the batches of a lender's book brought in. */
export function importsModule(app: FastifyInstance) {
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
}
