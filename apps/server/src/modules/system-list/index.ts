import {
  AUTHENTICATED,
  SYSTEM_LIST_PATHS as P,
  createSystemDevelopSchema,
  createSystemSchema,
  systemConfigListSchema,
  systemDevelopListSchema,
  systemDevelopQuerySchema,
  systemDevelopSchema,
  systemGroupParamsSchema,
  systemGroupsSchema,
  systemKeyParamsSchema,
  systemParamSchema,
  systemParamsSchema,
  systemSettingsValuesSchema,
  type CreateSystemInput,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import type { SystemSettings } from '@harbour/contracts';
import { deferSettingsSave } from '../settings/four-eyes.js';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import {
  developList,
  developOne,
  setDevelop,
  setSystemParam,
  systemConfigList,
  systemGroupParams,
  systemGroups,
  systemParam,
  systemValues,
} from './service.js';

/** System → system list (`system.list`) and develop list (`system.developList`), spec §7 paths. */
export function systemListModule(app: FastifyInstance) {
  const tags = ['system list'];
  route(app, {
    method: 'GET',
    url: P.groups,
    permission: 'system.list',
    summary: 'System parameter groups with the number of parameters the system list shows in each',
    tags,
    response: systemGroupsSchema,
    handler: (req) => systemGroups(contextOf(req)),
  });
  route(app, {
    method: 'GET',
    url: P.group,
    permission: 'system.list',
    summary: 'The parameters of one group: value, type, allowed range, default, last change',
    tags,
    params: systemGroupParamsSchema,
    response: systemParamsSchema,
    handler: (req) => systemGroupParams(contextOf(req), req.params.id),
  });
  route(app, {
    method: 'GET',
    url: P.info,
    permission: 'system.list',
    summary: 'One system parameter (404 when the develop list keeps it off the system list)',
    tags,
    params: systemKeyParamsSchema,
    response: systemParamSchema,
    handler: (req) => systemParam(contextOf(req), req.params.id),
  });
  route(app, {
    method: 'GET',
    url: P.values,
    permission: 'system.list',
    summary: 'Every system parameter’s current value as one object (the default settings’ values)',
    tags,
    response: systemSettingsValuesSchema,
    handler: (req) => systemValues(contextOf(req)),
  });
  route(app, {
    method: 'POST',
    url: P.set,
    permission: 'system.list.edit',
    summary: 'Set one system parameter, checked against its type and range; audited before and after',
    tags,
    body: createSystemSchema,
    response: systemParamSchema,
    handler: async (req) => {
      const input = req.body as CreateSystemInput;
      // a rate, fee or period (or the four-eyes list) waits for a second person, as on the settings page
      const deferred = await deferSettingsSave(req, req.server.db, { [input.key]: input.value } as Partial<SystemSettings>);
      if (deferred) return deferred;
      const saved = await setSystemParam(contextOf(req), input);
      succeed(req, 'success.saved');
      return saved;
    },
  });
  route(app, {
    method: 'GET',
    url: P.config,
    permission: AUTHENTICATED,
    summary: 'The option lists the web loads at start (sys_list.loan_type)',
    tags,
    response: systemConfigListSchema,
    handler: async (req) => systemConfigList(contextOf(req)),
  });
  route(app, {
    method: 'GET',
    url: P.developList,
    permission: 'system.developList',
    summary: 'Every system parameter definition: type, range, default, texts in three languages, presentation',
    tags,
    response: systemDevelopListSchema,
    handler: (req) => developList(contextOf(req)),
  });
  route(app, {
    method: 'GET',
    url: P.develop,
    permission: 'system.developList',
    summary: 'One system parameter definition',
    tags,
    querystring: systemDevelopQuerySchema,
    response: systemDevelopSchema,
    handler: (req) => developOne(contextOf(req), req.query.key),
  });
  route(app, {
    method: 'POST',
    url: P.setDevelop,
    permission: 'system.developList',
    summary: 'Change how the system list presents a parameter (group, order, shown, editable); super administrator only',
    tags,
    body: createSystemDevelopSchema,
    response: systemDevelopSchema,
    handler: async (req) => {
      const saved = await setDevelop(contextOf(req), req.body);
      succeed(req, 'success.saved');
      return saved;
    },
  });
}
