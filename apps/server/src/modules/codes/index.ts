import {
  CODE_FORMAT_EDIT_PERMISSION,
  CODE_FORMAT_PERMISSION,
  CODE_FORMATS_PATH,
  codeFormatItemSchema,
  codeFormatSchema,
  codeFormatsAnswerSchema,
  codeKindParamsSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { readCodeFormatsPage, saveCodeFormat } from './service.js';

/** System → code format (spec §2): the formats of application, loan, repayment numbers and customer codes. */
export function codesModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: CODE_FORMATS_PATH,
    permission: CODE_FORMAT_PERMISSION,
    summary: 'The number formats, with the current store, today and the counters for showing the next numbers',
    tags: ['settings'],
    response: codeFormatsAnswerSchema,
    handler: async (req) => readCodeFormatsPage(contextOf(req)),
  });

  route(app, {
    method: 'PUT',
    url: `${CODE_FORMATS_PATH}/:kind`,
    permission: CODE_FORMAT_EDIT_PERMISSION,
    summary: 'Save the format of one kind of number; audited with the format before and after',
    tags: ['settings'],
    params: codeKindParamsSchema,
    body: codeFormatSchema,
    response: codeFormatItemSchema,
    handler: async (req) => {
      const item = await saveCodeFormat(contextOf(req), req.params.kind, req.body);
      succeed(req, 'success.saved');
      return item;
    },
  });
}
