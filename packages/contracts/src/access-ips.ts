import { z } from 'zod';
import { listQueryBase } from './list.js';
import { defineResource } from './resource.js';

/**
 * Access IP allowlist (spec §6 "restrict login by IP"). An entry is global (no staff) or for one
 * staff member, and is a single address or a CIDR block, IPv4 or IPv6.
 */
const ipOrCidr = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

export const accessIpItemSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  staffId: z.number().int().nullable(),
  remarks: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessIpItem = z.infer<typeof accessIpItemSchema>;

export const accessIpCreateSchema = z.object({
  address: z
    .string({ message: 'validation.ipAddress' })
    .trim()
    .refine((v) => ipOrCidr.safeParse(v).success, { message: 'validation.ipAddress' }),
  staffId: z
    .preprocess((v) => (v === '' ? null : v), z.coerce.number().int().positive().nullish())
    .transform((v) => v ?? null),
  remarks: z
    .string()
    .trim()
    .max(255, { message: 'validation.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AccessIpCreate = z.infer<typeof accessIpCreateSchema>;
export const accessIpUpdateSchema = accessIpCreateSchema;
export type AccessIpUpdate = z.infer<typeof accessIpUpdateSchema>;

export const accessIpFiltersSchema = listQueryBase.extend({
  address: z.string().trim().max(64).optional(),
  staffId: z.coerce.number().int().positive().optional(),
});
export type AccessIpFilters = z.infer<typeof accessIpFiltersSchema>;

export const ACCESS_IP_PERMISSIONS = {
  list: 'system.accessIps.list',
  view: 'system.accessIps.list',
  create: 'system.accessIps.create',
  update: 'system.accessIps.update',
  delete: 'system.accessIps.delete',
} as const;

export const accessIpsResource = defineResource({
  name: 'accessIps',
  path: '/accessIps',
  title: 'admin:accessIps.title',
  permissions: ACCESS_IP_PERMISSIONS,
  storeScoped: false,
  fields: [
    { name: 'id', kind: 'integer', label: 'fields:id', list: true, sortable: true },
    { name: 'address', kind: 'text', label: 'fields:ipAddress', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'staffId', kind: 'ref', label: 'fields:staff', list: true, filter: 'ref', form: true, refPath: '/admin/allAdmins' },
    { name: 'remarks', kind: 'textarea', label: 'fields:remarks', list: true, form: true },
    { name: 'createdAt', kind: 'datetime', label: 'fields:createdAt', list: true, sortable: true },
  ],
  item: accessIpItemSchema,
  create: accessIpCreateSchema,
  update: accessIpUpdateSchema,
  filters: accessIpFiltersSchema,
  defaultSort: 'id:asc',
});

/**
 * The setting that switches the allowlist on (`GET/POST /accessIps/setting`), kept in the
 * settings table under this key. On by default, so entries apply as soon as they exist; switching
 * it off suspends the list without deleting it.
 */
export const ACCESS_IP_SWITCH_KEY = 'accessIpsEnabled';
export const accessIpSettingSchema = z.object({ enabled: z.boolean() });
export type AccessIpSetting = z.infer<typeof accessIpSettingSchema>;
