import { z } from 'zod';
import { listQueryBase } from './list.js';

/** Role (spec §3): name, description and permissions, all required (§5). */
export const roleItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Permission keys the role grants. */
  permissions: z.array(z.string()),
  /** Members see every store's records, not only their current store's. */
  allStores: z.boolean(),
  /** Staff currently holding the role (a role in use cannot be deleted). */
  staffCount: z.number().int(),
  createdAt: z.string(),
});
export type RoleItem = z.infer<typeof roleItemSchema>;

export const roleCreateSchema = z.object({
  name: z
    .string({ message: 'validation.roleNameRequired' })
    .trim()
    .min(1, { message: 'validation.roleNameRequired' })
    .max(64, { message: 'validation.tooLong' }),
  description: z
    .string({ message: 'validation.roleDescriptionRequired' })
    .trim()
    .min(1, { message: 'validation.roleDescriptionRequired' })
    .max(255, { message: 'validation.tooLong' }),
  permissions: z
    .array(z.string().min(1).max(128), { message: 'validation.rolePermissionsRequired' })
    .min(1, { message: 'validation.rolePermissionsRequired' }),
  allStores: z.boolean().default(false),
});
export type RoleCreate = z.infer<typeof roleCreateSchema>;
export const roleUpdateSchema = roleCreateSchema;
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

export const roleFiltersSchema = listQueryBase.extend({
  name: z.string().trim().max(64).optional(),
});
export type RoleFilters = z.infer<typeof roleFiltersSchema>;
export const ROLE_SORTS = ['id', 'name', 'createdAt'] as const;

/** A row of the permission catalogue table (spec §3 "Permission"). */
export const PERMISSION_STATES = ['normal', 'disabled'] as const;

export const permissionItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  /** `METHOD /path` entries this key opens. */
  api: z.array(z.string()),
  group: z.string(),
  sort: z.number().int(),
  icon: z.string().nullable(),
  url: z.string().nullable(),
  state: z.enum(PERMISSION_STATES),
  /** `catalogue` rows come from the code and are rebuilt by refresh; `custom` rows from the editor. */
  source: z.enum(['catalogue', 'custom']),
});
export type PermissionItem = z.infer<typeof permissionItemSchema>;

const apiEntry = z
  .string()
  .trim()
  .regex(/^(GET|POST|PUT|PATCH|DELETE) \/\S*$/, { message: 'validation.apiFormat' });

/** Spec §5: name required; API or group at least one; API cannot be empty. */
export const permissionCreateSchema = z
  .object({
    key: z
      .string({ message: 'validation.permissionKeyRequired' })
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/, { message: 'validation.permissionKeyFormat' }),
    name: z
      .string({ message: 'validation.permissionNameRequired' })
      .trim()
      .min(1, { message: 'validation.permissionNameRequired' })
      .max(128, { message: 'validation.tooLong' }),
    api: z.array(z.string()).default([]),
    group: z.string().trim().max(32, { message: 'validation.tooLong' }).default(''),
    sort: z.coerce.number().int().min(0).max(1_000_000).default(0),
    icon: z.string().trim().max(64).nullish().transform((v) => (v ? v : null)),
    url: z.string().trim().max(255).nullish().transform((v) => (v ? v : null)),
    state: z.enum(PERMISSION_STATES).default('normal'),
  })
  .superRefine((v, ctx) => {
    // "API cannot be empty": a listed API entry may not be blank or malformed.
    v.api.forEach((entry, i) => {
      if (entry.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['api', i], message: 'validation.apiEmpty' });
      } else if (!apiEntry.safeParse(entry).success) {
        ctx.addIssue({ code: 'custom', path: ['api', i], message: 'validation.apiFormat' });
      }
    });
    if (v.api.length === 0 && v.group === '') {
      ctx.addIssue({ code: 'custom', path: ['api'], message: 'validation.apiOrGroupRequired' });
    }
  })
  .transform((v) => ({ ...v, api: v.api.map((a) => a.trim()) }));
export type PermissionCreate = z.infer<typeof permissionCreateSchema>;
export const permissionUpdateSchema = permissionCreateSchema;
export type PermissionUpdate = z.infer<typeof permissionUpdateSchema>;

export const permissionFiltersSchema = listQueryBase.extend({
  name: z.string().trim().max(128).optional(),
  key: z.string().trim().max(128).optional(),
  group: z.string().trim().max(32).optional(),
  state: z.enum(PERMISSION_STATES).optional(),
});
export type PermissionFilters = z.infer<typeof permissionFiltersSchema>;
export const PERMISSION_SORTS = ['id', 'key', 'name', 'group', 'sort'] as const;

/** `GET /permissions/tree`: the catalogue grouped for the role editor. */
export const permissionTreeSchema = z.array(
  z.object({
    group: z.string(),
    permissions: z.array(z.object({ key: z.string(), name: z.string(), sort: z.number().int() })),
  }),
);
export type PermissionTree = z.infer<typeof permissionTreeSchema>;

export const permissionRefreshAnswerSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  total: z.number().int(),
});

/**
 * Roles the product ships with, by their stored name (the demo data's four and the super
 * administrator's `admin`): the screens show each in the reader's language
 * (`admin:roles.builtIn.<name>`), with its description likewise. Roles an administrator adds
 * show as typed.
 */
export const BUILT_IN_ROLES = ['admin', 'manager', 'clerk', 'collector', 'accountant'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];
