import { AUTHENTICATED, customerOptionResource, loanOptionResource, OPTION_CHOICES_PATH, optionChoicesSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route } from '../../http/route.js';
import { customerOptionService, listOptionChoices, loanOptionService } from './service.js';

/** Master data → customer related and loan related: the option lists, one declared resource per menu group. */
export function optionsModule(app: FastifyInstance) {
  registerResource(app, customerOptionResource, customerOptionService);
  registerResource(app, loanOptionResource, loanOptionService);
  route(app, {
    method: 'GET',
    url: OPTION_CHOICES_PATH,
    permission: AUTHENTICATED,
    summary: "Every category's enabled options in order, for the drop-downs of other screens",
    tags: ['masterdata'],
    response: optionChoicesSchema,
    handler: async (req) => listOptionChoices(req.server.db),
  });
}
