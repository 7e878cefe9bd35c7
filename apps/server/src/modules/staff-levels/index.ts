import { AUTHENTICATED, STAFF_LEVEL_CHOICES_PATH, staffLevelChoicesSchema, staffLevelResource } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { registerStaffLevelsUnderFourEyes, staffLevelEditKind } from './four-eyes.js';
import { staffLevelChoices, staffLevelService } from './service.js';

export { approvalLimitOf, withinApprovalLimit, type ApprovalLimit } from './service.js';

/** Master data → staff level and privilege from its declaration, and the levels the staff form offers. */
export function staffLevelsModule(app: FastifyInstance) {
  registerStaffLevelsUnderFourEyes();
  registerResource(app, staffLevelResource, { ...staffLevelService, updateKind: staffLevelEditKind });
  route(app, {
    method: 'GET',
    url: STAFF_LEVEL_CHOICES_PATH,
    // The staff form's level picker, for whoever edits staff (names and limits are not secret).
    permission: AUTHENTICATED,
    summary: 'Enabled staff levels as {id, name} in the caller’s language, with their approval limit',
    tags: ['masterdata'],
    response: staffLevelChoicesSchema,
    handler: async (req) => staffLevelChoices(contextOf(req)),
  });
}
