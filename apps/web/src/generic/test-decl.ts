import { z } from 'zod';
import { defineResource } from '@harbour/contracts';

/**
 * A small declaration for the generic pages' tests: one field of each kind the pages treat
 * differently, and every filter kind. Not used by any screen.
 */
export const branchesDecl = defineResource({
  name: 'branches',
  path: '/branches',
  title: 'fields:storeName',
  permissions: { list: 'stores.list', create: 'stores.create', update: 'stores.update', delete: 'stores.delete' },
  storeScoped: false,
  fields: [
    { name: 'id', kind: 'integer', label: 'fields:id', list: true, sortable: true },
    { name: 'storeName', kind: 'text', label: 'fields:storeName', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'remarks', kind: 'textarea', label: 'fields:remarks', form: true },
    { name: 'lendMoney', kind: 'money', label: 'fields:lendMoney', list: true, sortable: true, form: true },
    { name: 'state', kind: 'enum', label: 'fields:contactName', list: true, filter: 'enum', form: true, options: ['true', 'false'], enumName: 'yesNo' },
    { name: 'openedOn', kind: 'date', label: 'fields:createdAt', list: true, filter: 'dateRange', form: true },
    { name: 'staffId', kind: 'ref', label: 'fields:staff', list: true, filter: 'ref', form: true, refPath: '/admin/allAdmins' },
    { name: 'password', kind: 'password', label: 'fields:mobile', form: 'create', required: true },
  ],
  item: z.object({ id: z.number() }),
  create: z.object({ storeName: z.string() }),
  update: z.object({ storeName: z.string(), remarks: z.string().nullish() }),
  filters: z.object({}),
  defaultSort: 'id:asc',
});
