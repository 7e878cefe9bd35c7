import {
  AUTHENTICATED,
  FORM_BUILDER_EDIT_PERMISSION,
  FORM_BUILDER_PERMISSION,
  FORM_LAYOUTS_PATH,
  formLayoutParamsSchema,
  formLayoutSchema,
  formLayoutUpdateSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { formLayoutOf, listFormLayouts, saveFormLayout } from './service.js';

export { applyFormLayout, readFormLayout } from './service.js';

/** Tools → application form builder (spec §2, §5): per loan type, the application form's shown and required fields. */
export function formLayoutsModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: FORM_LAYOUTS_PATH,
    permission: FORM_BUILDER_PERMISSION,
    summary: 'The application form layout of every enabled loan type',
    tags: ['tools'],
    response: z.array(formLayoutSchema),
    handler: (req) => listFormLayouts(contextOf(req)),
  });

  // The loan form and the printed form of any staff member follow it: any signed-in staff reads it.
  route(app, {
    method: 'GET',
    url: `${FORM_LAYOUTS_PATH}/:loanType`,
    permission: AUTHENTICATED,
    summary: "One loan type's application form layout (the default when never configured)",
    tags: ['tools'],
    params: formLayoutParamsSchema,
    response: formLayoutSchema,
    handler: (req) => formLayoutOf(contextOf(req), req.params.loanType),
  });

  route(app, {
    method: 'PUT',
    url: `${FORM_LAYOUTS_PATH}/:loanType`,
    permission: FORM_BUILDER_EDIT_PERMISSION,
    summary: "Save one loan type's application form layout (shown / required per optional field); audited",
    tags: ['tools'],
    params: formLayoutParamsSchema,
    body: formLayoutUpdateSchema,
    response: formLayoutSchema,
    handler: async (req) => {
      const layout = await saveFormLayout(contextOf(req), req.params.loanType, req.body);
      succeed(req, 'success.saved');
      return layout;
    },
  });
}
