import { LANGUAGES } from '../errors.js';
import type { PermissionKey } from '../permissions/index.js';
import { defineResource } from '../resource.js';
import { STAFF_LEVEL_CHOICES_PATH } from '../levels.js';
import {
  STAFF_STATES,
  staffCreateSchema,
  staffFiltersSchema,
  staffItemSchema,
  staffRevealAnswerSchema,
  staffRevealSchema,
  staffStateSchema,
  staffUnlockAnswerSchema,
  staffUpdateSchema,
} from '../staff.js';

export const STAFF_PERMISSIONS = {
  list: 'admin.list',
  create: 'admin.create',
  update: 'admin.update',
  state: 'admin.state',
  reveal: 'staff.reveal',
  unlock: 'staff.unlock',
} as const satisfies Record<string, PermissionKey>;

const STORES_REF = '/stores?pageSize=100';
const ROLES_REF = '/roles?pageSize=100';

/**
 * Staff (spec §3 "Admin user", §5 rules, §6 levels, stores and maximum approved amount). The API
 * item carries `stores`/`roles` as `{id,name}`; the form edits `storeIds`/`roleIds`.
 * `roleId`/`storeId` exist only as list filters.
 *
 * Store-scoped through `staff_stores`: a caller without all-stores reach sees and manages only
 * staff who may log into the caller's current store. The example is a Mong Kok clerk of the demo
 * data (store 1, role 2 `clerk`), which the authorization × store matrix test creates.
 */
export const staffResource = defineResource({
  name: 'staff',
  path: '/staff',
  title: 'shell:menu.admin.list',
  permissions: { list: STAFF_PERMISSIONS.list, view: STAFF_PERMISSIONS.list, create: STAFF_PERMISSIONS.create, update: STAFF_PERMISSIONS.update },
  storeScoped: true,
  fields: [
    { name: 'username', kind: 'text', label: 'fields:username', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'password', kind: 'password', label: 'fields:password', form: true, required: true },
    { name: 'name', kind: 'text', label: 'fields:name', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'fullName', kind: 'text', label: 'fields:fullName', form: true },
    { name: 'staffNo', kind: 'text', label: 'fields:staffNo', form: true },
    { name: 'mobile', kind: 'phone', label: 'fields:mobile', list: true, filter: 'text', form: true, required: true, masked: true },
    { name: 'email', kind: 'email', label: 'fields:email', form: true },
    { name: 'hkid', kind: 'hkid', label: 'fields:hkid', form: true, masked: true },
    { name: 'address', kind: 'textarea', label: 'fields:address', form: true },
    { name: 'employmentDate', kind: 'date', label: 'fields:employmentDate', form: true },
    { name: 'defaultLanguage', kind: 'enum', label: 'fields:defaultLanguage', form: true, required: true, options: LANGUAGES, enumName: 'language' },
    { name: 'storeIds', kind: 'refs', label: 'fields:loginStores', form: true, required: true, refPath: STORES_REF },
    { name: 'defaultStoreId', kind: 'ref', label: 'fields:defaultStore', form: true, required: true, refPath: STORES_REF },
    { name: 'roleIds', kind: 'refs', label: 'fields:roles', form: true, required: true, refPath: ROLES_REF },
    { name: 'levelId', kind: 'ref', label: 'fields:staffLevel', list: true, form: true, refPath: STAFF_LEVEL_CHOICES_PATH },
    // From the level; shown, never edited here.
    { name: 'maxApprovedAmount', kind: 'money', label: 'fields:maxApprovedAmount', list: true },
    { name: 'roleId', kind: 'ref', label: 'fields:role', filter: 'ref', refPath: ROLES_REF },
    { name: 'storeId', kind: 'ref', label: 'fields:store', filter: 'ref', refPath: STORES_REF },
    { name: 'state', kind: 'enum', label: 'fields:state', list: true, sortable: true, filter: 'enum', options: STAFF_STATES, enumName: 'staffState' },
    { name: 'lastLoginAt', kind: 'datetime', label: 'fields:lastLoginAt', list: true, sortable: true },
  ],
  item: staffItemSchema,
  create: staffCreateSchema,
  update: staffUpdateSchema,
  filters: staffFiltersSchema,
  defaultSort: 'id:asc',
  example: {
    username: 'sample.clerk',
    name: 'Sample Clerk',
    password: 'Sample-clerk-2468',
    mobile: '6123 4567',
    storeIds: [1],
    defaultStoreId: 1,
    roleIds: [2],
  },
  messages: { update: 'success.modified' },
  actions: {
    /** Forbidding ends the member's sessions at once; restoring lets them log in again. */
    state: {
      permission: STAFF_PERMISSIONS.state,
      label: 'admin:staff.forbid',
      summary: 'Forbid (ends their sessions) or restore a staff member',
      body: staffStateSchema,
      message: 'success.statusChanged',
      confirm: true,
      example: { state: 'forbidden' },
    },
    /** The whole mobile or HKID; every reveal writes an audit row. */
    reveal: {
      permission: STAFF_PERMISSIONS.reveal,
      label: 'admin:staff.reveal',
      summary: 'The whole mobile or HKID of a staff member (audited)',
      body: staffRevealSchema,
      answer: staffRevealAnswerSchema,
      example: { field: 'mobile' },
    },
    unlock: {
      permission: STAFF_PERMISSIONS.unlock,
      label: 'admin:staff.unlock',
      summary: 'Unlock an account locked after failed logins',
      answer: staffUnlockAnswerSchema,
      message: 'success.unlocked',
      confirm: true,
    },
  },
});
