import { POWER_PERMISSIONS, permissionRefreshAnswerSchema, permissionsResource, permissionTreeSchema, ROLE_PERMISSIONS } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { permissionService, permissionTree, refreshPermissions } from './service.js';

/**
 * The permission catalogue table (spec §3 "Permission", "Power list") from its declaration, plus
 * two calls on the whole catalogue rather than one item: the role editor's tree and the refresh.
 */
export function permissionsModule(app: FastifyInstance) {
  const tags = [permissionsResource.name];
  // A static segment wins over the declared `/permissions/:id` whatever the order.
  route(app, {
    method: 'GET',
    url: `${permissionsResource.path}/tree`,
    permission: ROLE_PERMISSIONS.list,
    summary: 'Enabled permissions grouped for the role editor',
    tags,
    response: permissionTreeSchema,
    handler: (req) => permissionTree(contextOf(req)),
  });
  route(app, {
    method: 'POST',
    url: `${permissionsResource.path}/refresh`,
    permission: POWER_PERMISSIONS.refresh,
    summary: 'Refresh permissions: rebuild the catalogue from the code and the registered routes',
    tags,
    response: permissionRefreshAnswerSchema,
    handler: async (req) => {
      const out = await refreshPermissions(contextOf(req), req.server.apiRoutes);
      succeed(req, 'admin.permissionsRefreshed');
      return out;
    },
  });

  registerResource(app, permissionsResource, permissionService);
}
