import {
  pageOf,
  staffCreateSchema,
  staffFiltersSchema,
  staffItemSchema,
  staffRevealAnswerSchema,
  staffRevealSchema,
  staffStateSchema,
  staffUpdateSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route, succeed } from '../../http/route.js';
import { withTx } from '../../platform/tx.js';
import { findStaff, listStaff, REVEAL_PERMISSION, staffItem } from './read.js';
import { createStaff, revealStaffField, setStaffState, updateStaff } from './write.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Staff administration (spec "Admin list"): list, view, create, edit, forbid/restore, reveal. */
export function staffRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/staff',
    permission: 'admin.list',
    summary: 'Staff list with filters, sort and paging',
    tags: ['staff'],
    querystring: staffFiltersSchema,
    response: pageOf(staffItemSchema),
    handler: async (req) => listStaff(req.server.db, req.auth!, req.query),
  });

  route(app, {
    method: 'GET',
    url: '/staff/:id',
    permission: 'admin.list',
    summary: 'One staff member',
    tags: ['staff'],
    params: idParams,
    response: staffItemSchema,
    handler: async (req) => {
      const db = req.server.db;
      return staffItem(db, req.auth!, await findStaff(db, req.auth!, req.params.id));
    },
  });

  route(app, {
    method: 'POST',
    url: '/staff',
    permission: 'admin.create',
    summary: 'Create a staff member',
    tags: ['staff'],
    body: staffCreateSchema,
    response: staffItemSchema,
    handler: async (req) => {
      const item = await withTx(req, (tx) => createStaff(tx, req, req.body));
      succeed(req, 'success.created');
      return item;
    },
  });

  route(app, {
    method: 'PUT',
    url: '/staff/:id',
    permission: 'admin.update',
    summary: 'Edit a staff member (password only when changing it)',
    tags: ['staff'],
    params: idParams,
    body: staffUpdateSchema,
    response: staffItemSchema,
    handler: async (req) => {
      const item = await withTx(req, (tx) => updateStaff(tx, req, req.params.id, req.body));
      succeed(req, 'success.modified');
      return item;
    },
  });

  route(app, {
    method: 'POST',
    url: '/staff/:id/state',
    permission: 'admin.state',
    summary: 'Forbid (ends their sessions) or restore a staff member',
    tags: ['staff'],
    params: idParams,
    body: staffStateSchema,
    response: staffItemSchema,
    handler: async (req) => {
      const item = await withTx(req, (tx) => setStaffState(tx, req, req.params.id, req.body.state));
      succeed(req, 'success.statusChanged');
      return item;
    },
  });

  route(app, {
    method: 'POST',
    url: '/staff/:id/reveal',
    permission: REVEAL_PERMISSION,
    summary: 'The whole mobile or HKID of a staff member (audited)',
    tags: ['staff'],
    params: idParams,
    body: staffRevealSchema,
    response: staffRevealAnswerSchema,
    handler: async (req) => withTx(req, (tx) => revealStaffField(tx, req, req.params.id, req.body.field)),
  });
}
