import { AUDIT_ACTIONS } from '../audit.js';
import { auditLogFiltersSchema, auditLogItemSchema } from '../audit-list.js';
import type { PermissionKey } from '../permissions/index.js';
import { type ResourceField, defineResource } from '../resource.js';

/**
 * The audit log (`GET /auditLogs`) as a read-only generic list. `date` is a filter only: its
 * range gives the API's `dateFrom`/`dateTo`; the time of each row is the `createdAt` column.
 */
const auditFields = (actions: readonly string[], withModule: boolean): ResourceField[] => [
  { name: 'createdAt', kind: 'datetime', label: 'fields:time', list: true, sortable: true },
  { name: 'date', kind: 'date', label: 'fields:date', filter: 'dateRange' },
  { name: 'staffId', kind: 'ref', label: 'fields:staff', list: true, filter: 'ref', refPath: '/admin/allAdmins' },
  { name: 'action', kind: 'enum', label: 'fields:action', list: true, sortable: true, filter: 'enum', options: actions, enumName: 'auditAction' },
  { name: 'module', kind: 'text', label: 'fields:module', list: true, sortable: true, ...(withModule ? { filter: 'text' as const } : {}) },
  { name: 'reference', kind: 'text', label: 'fields:reference', list: true, filter: 'text' },
  { name: 'ip', kind: 'text', label: 'fields:ipAddress', list: true },
];

export const auditLogsResource = defineResource({
  name: 'auditLogs',
  path: '/auditLogs',
  title: 'shell:menu.admin.log',
  permissions: { list: 'admin.log' satisfies PermissionKey },
  storeScoped: false,
  fields: auditFields(AUDIT_ACTIONS, true),
  item: auditLogItemSchema,
  filters: auditLogFiltersSchema,
  defaultSort: 'createdAt:desc',
});

/** System log (spec §2): the sign-in events — login, tried to login, logout — of module `auth`. */
export const SYSTEM_LOG_ACTIONS = ['login', 'tried_to_login', 'logout'] as const;
export const SYSTEM_LOG_MODULE = 'auth';

export const systemLogsResource = defineResource({
  ...auditLogsResource,
  name: 'systemLogs',
  path: '/systemLogs',
  title: 'shell:menu.system.log',
  permissions: { list: 'system.log' satisfies PermissionKey },
  fields: auditFields(SYSTEM_LOG_ACTIONS, false),
});
