import { z } from 'zod';
import { listQueryBase } from './list.js';

/** Audit log list (spec "Admin log list" / "System log"): user, action, module, reference, date. */
export const auditLogFiltersSchema = listQueryBase.extend({
  staffId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(32).optional(),
  module: z.string().trim().max(64).optional(),
  reference: z.string().trim().max(128).optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
});
export type AuditLogFilters = z.infer<typeof auditLogFiltersSchema>;
export const AUDIT_SORTS = ['id', 'createdAt', 'action', 'module'] as const;

export const auditLogItemSchema = z.object({
  id: z.number().int(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  action: z.string(),
  module: z.string(),
  reference: z.string().nullable(),
  storeId: z.number().int().nullable(),
  ip: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;
