import {
  pageOf,
  permissionCreateSchema,
  permissionFiltersSchema,
  permissionItemSchema,
  permissionRefreshAnswerSchema,
  permissionTreeSchema,
  permissionUpdateSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route, succeed } from '../../http/route.js';
import { withTx } from '../../platform/tx.js';
import {
  createPermission,
  deletePermission,
  getPermission,
  listPermissions,
  permissionTree,
  refreshPermissions,
  updatePermission,
} from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The permission catalogue table (spec §3 "Permission", "Power list") and its refresh. */
export function permissionsModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/permissions',
    permission: 'power.list',
    summary: 'Permission catalogue list',
    tags: ['permissions'],
    querystring: permissionFiltersSchema,
    response: pageOf(permissionItemSchema),
    handler: async (req) => listPermissions(req.server.db, req.query),
  });
  route(app, {
    method: 'GET',
    url: '/permissions/tree',
    permission: 'role.list',
    summary: 'Enabled permissions grouped for the role editor',
    tags: ['permissions'],
    response: permissionTreeSchema,
    handler: async (req) => permissionTree(req.server.db),
  });
  route(app, {
    method: 'GET',
    url: '/permissions/:id',
    permission: 'power.list',
    summary: 'One permission',
    tags: ['permissions'],
    params: idParams,
    response: permissionItemSchema,
    handler: async (req) => getPermission(req.server.db, req.params.id),
  });
  route(app, {
    method: 'POST',
    url: '/permissions',
    permission: 'power.create',
    summary: 'Add a permission',
    tags: ['permissions'],
    body: permissionCreateSchema,
    response: permissionItemSchema,
    handler: async (req) => {
      const item = await withTx(req, (tx) => createPermission(tx, req, req.body));
      succeed(req, 'success.created');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: '/permissions/refresh',
    permission: 'power.refresh',
    summary: 'Refresh permissions: rebuild the catalogue from the code and the registered routes',
    tags: ['permissions'],
    response: permissionRefreshAnswerSchema,
    handler: async (req) => {
      const out = await withTx(req, (tx) => refreshPermissions(tx, req, req.server.apiRoutes));
      succeed(req, 'admin.permissionsRefreshed');
      return out;
    },
  });
  route(app, {
    method: 'PUT',
    url: '/permissions/:id',
    permission: 'power.update',
    summary: 'Edit a permission',
    tags: ['permissions'],
    params: idParams,
    body: permissionUpdateSchema,
    response: permissionItemSchema,
    handler: async (req) => {
      const item = await withTx(req, (tx) => updatePermission(tx, req, req.params.id, req.body));
      succeed(req, 'success.modified');
      return item;
    },
  });
  route(app, {
    method: 'DELETE',
    url: '/permissions/:id',
    permission: 'power.delete',
    summary: 'Delete an editor-made permission no role grants',
    tags: ['permissions'],
    params: idParams,
    response: z.object({ id: z.number().int() }),
    handler: async (req) => {
      const out = await withTx(req, (tx) => deletePermission(tx, req, req.params.id));
      succeed(req, 'success.deleted');
      return out;
    },
  });
}
