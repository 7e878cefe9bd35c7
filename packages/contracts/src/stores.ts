import { STORE_CODE_PATTERN } from '@harbour/domain';
import { z } from 'zod';
import { listQueryBase } from './list.js';
import { defineResource } from './resource.js';

/**
 * A money amount as it crosses the API: a plain decimal string with at most two decimals that
 * fits `NUMERIC(16,2)`. Never a JS number (architecture §3).
 */
export const moneyString = z
  .string()
  .trim()
  .regex(/^\d{1,14}(\.\d{1,2})?$/, { message: 'validation.money' });

/** Store (spec §3 "Store"): Chinese and English names are required (§5). */
export const storeItemSchema = z.object({
  id: z.number().int(),
  storeName: z.string(),
  englishName: z.string(),
  /** Short code that document numbers may include (System → code format). */
  code: z.string(),
  address: z.string().nullable(),
  saleTel: z.string().nullable(),
  contactName: z.string().nullable(),
  mobile: z.string().nullable(),
  lendMoney: z.string(),
  gainMoney: z.string(),
  createdAt: z.string(),
});
export type StoreItem = z.infer<typeof storeItemSchema>;

/** Optional free text: trimmed, at most `max` characters, and an empty answer stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'validation.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null));

export const storeCreateSchema = z.object({
  storeName: z.string().trim().min(1, { message: 'validation.storeNameRequired' }).max(64, { message: 'validation.tooLong' }),
  englishName: z.string().trim().min(1, { message: 'validation.englishNameRequired' }).max(128, { message: 'validation.tooLong' }),
  code: z
    .string({ message: 'validation.storeCode' })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => STORE_CODE_PATTERN.test(v), { message: 'validation.storeCode' }),
  address: optionalText(255),
  saleTel: optionalText(32),
  contactName: optionalText(64),
  mobile: optionalText(32),
  lendMoney: moneyString.default('0'),
  gainMoney: moneyString.default('0'),
});
export type StoreCreate = z.infer<typeof storeCreateSchema>;
export const storeUpdateSchema = storeCreateSchema;
export type StoreUpdate = z.infer<typeof storeUpdateSchema>;

export const storeFiltersSchema = listQueryBase.extend({
  storeName: z.string().trim().max(64).optional(),
  englishName: z.string().trim().max(128).optional(),
  createdAtFrom: z.iso.date().optional(),
  createdAtTo: z.iso.date().optional(),
});
export type StoreFilters = z.infer<typeof storeFiltersSchema>;

export const STORE_PERMISSIONS = {
  list: 'stores.list',
  view: 'stores.list',
  create: 'stores.create',
  update: 'stores.update',
  delete: 'stores.delete',
} as const;

export const storesResource = defineResource({
  name: 'stores',
  path: '/stores',
  title: 'admin:stores.title',
  permissions: STORE_PERMISSIONS,
  // Stores are the scope themselves, not rows owned by one.
  storeScoped: false,
  fields: [
    { name: 'id', kind: 'integer', label: 'fields:id', list: true, sortable: true },
    { name: 'storeName', kind: 'text', label: 'fields:storeName', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'englishName', kind: 'text', label: 'fields:englishName', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'code', kind: 'text', label: 'fields:storeCode', list: true, sortable: true, form: true, required: true },
    { name: 'address', kind: 'textarea', label: 'fields:address', list: true, form: true },
    { name: 'saleTel', kind: 'text', label: 'fields:saleTel', list: true, form: true },
    { name: 'contactName', kind: 'text', label: 'fields:contactName', list: true, form: true },
    { name: 'mobile', kind: 'text', label: 'fields:mobile', list: true, form: true },
    { name: 'lendMoney', kind: 'money', label: 'fields:lendMoney', list: true, sortable: true, form: true },
    { name: 'gainMoney', kind: 'money', label: 'fields:gainMoney', list: true, sortable: true, form: true },
    { name: 'createdAt', kind: 'datetime', label: 'fields:createdAt', list: true, sortable: true, filter: 'dateRange' },
  ],
  item: storeItemSchema,
  create: storeCreateSchema,
  update: storeUpdateSchema,
  filters: storeFiltersSchema,
  defaultSort: 'id:asc',
});
