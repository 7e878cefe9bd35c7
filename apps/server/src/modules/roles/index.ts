import { pageOf, roleCreateSchema, roleFiltersSchema, roleItemSchema, roleUpdateSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route, succeed } from '../../http/route.js';
import { withTx } from '../../platform/tx.js';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Roles (spec §3 "Role"): name, description and granted permission keys. */
export function rolesModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/roles',
    permission: 'role.list',
    summary: 'Role list',
    tags: ['roles'],
    querystring: roleFiltersSchema,
    response: pageOf(roleItemSchema),
    handler: async (req) => listRoles(req.server.db, req.query),
  });
  route(app, {
    method: 'GET',
    url: '/roles/:id',
    permission: 'role.list',
    summary: 'One role with its permission keys',
    tags: ['roles'],
    params: idParams,
    response: roleItemSchema,
    handler: async (req) => getRole(req.server.db, req.params.id),
  });
  route(app, {
    method: 'POST',
    url: '/roles',
    permission: 'role.create',
    summary: 'Create a role',
    tags: ['roles'],
    body: roleCreateSchema,
    response: roleItemSchema,
    handler: async (req) => {
      const item = await withTx(req, (tx) => createRole(tx, req, req.body));
      succeed(req, 'success.created');
      return item;
    },
  });
  route(app, {
    method: 'PUT',
    url: '/roles/:id',
    permission: 'role.update',
    summary: 'Edit a role',
    tags: ['roles'],
    params: idParams,
    body: roleUpdateSchema,
    response: roleItemSchema,
    handler: async (req) => {
      const item = await withTx(req, (tx) => updateRole(tx, req, req.params.id, req.body));
      succeed(req, 'success.modified');
      return item;
    },
  });
  route(app, {
    method: 'DELETE',
    url: '/roles/:id',
    permission: 'role.delete',
    summary: 'Delete a role nobody holds',
    tags: ['roles'],
    params: idParams,
    response: z.object({ id: z.number().int() }),
    handler: async (req) => {
      const out = await withTx(req, (tx) => deleteRole(tx, req, req.params.id));
      succeed(req, 'success.deleted');
      return out;
    },
  });
}
