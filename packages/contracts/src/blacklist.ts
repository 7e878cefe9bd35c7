import { z } from 'zod';
import { normaliseIdNumber, normalisePhone } from '@harbour/domain';
import { listQueryBase } from './list.js';
import { defineResource } from './resource.js';
import { maskedAsKept } from './staff.js';
import { optionalText } from './stores.js';

/**
 * Blacklist (spec §2 BlackList, §3 Blacklist): people the company will not lend to, by ID number
 * and/or phone. Company-wide: a person blacklisted at one branch is blacklisted at all. Numbers are
 * stored normalised (`normaliseIdNumber`, `normalisePhone`) and compared exactly; answers carry them
 * masked to the "visible tel. no." digits, the whole value only through the audited reveal.
 */
export const BLACKLIST_PERMISSIONS = {
  list: 'blacklist.list',
  create: 'blacklist.create',
  update: 'blacklist.update',
  delete: 'blacklist.delete',
  reveal: 'blacklist.reveal',
  /** `POST /blacklist/check`: the hits of the numbers typed into a customer or application form. */
  check: 'blacklist.check',
} as const;

/** Fields whose whole value is shown only through the audited reveal. */
export const REVEALABLE_BLACKLIST_FIELDS = ['idNumber', 'phone'] as const;
export type RevealableBlacklistField = (typeof REVEALABLE_BLACKLIST_FIELDS)[number];

/** An ID number as stored: letters and digits only (HKID without brackets, passport numbers). */
export const ID_NUMBER_PATTERN = /^[A-Z0-9]{5,20}$/;
/** A phone as stored: 8 local digits or `+<country code and number>`. */
export const PHONE_PATTERN = /^(\d{8}|\+\d{7,15})$/;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** An ID number as typed, normalised; checked in its normal form. */
export const idNumberField = z
  .string()
  .max(32, { message: 'validation.tooLong' })
  .transform(normaliseIdNumber)
  .refine((v) => ID_NUMBER_PATTERN.test(v), { message: 'blacklisting.idNumberFormat' });
/** A phone as typed, normalised; checked in its normal form. */
export const phoneField = z
  .string()
  .max(32, { message: 'validation.tooLong' })
  .transform(normalisePhone)
  .refine((v) => PHONE_PATTERN.test(v), { message: 'blacklisting.phoneFormat' });

const nameField = z.string({ message: 'blacklisting.nameRequired' }).trim().min(1, { message: 'blacklisting.nameRequired' }).max(64, { message: 'validation.tooLong' });

const oneNumber = (v: { idNumber?: string | null; phone?: string | null }, ctx: z.RefinementCtx) => {
  if (!v.idNumber && !v.phone) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: 'blacklisting.numberRequired' });
};

export const blacklistCreateSchema = z
  .object({
    idNumber: z.preprocess(blankToNull, idNumberField.nullish()).transform((v) => v ?? null),
    phone: z.preprocess(blankToNull, phoneField.nullish()).transform((v) => v ?? null),
    name: nameField,
    remarks: optionalText(500),
  })
  .superRefine(oneNumber);
export type BlacklistCreate = z.infer<typeof blacklistCreateSchema>;

/**
 * Numbers reach every caller masked, so the edit form sends them back as they came: left out or
 * still masked, the stored value stays; sent empty, it is cleared (the row must keep one number).
 */
export const blacklistUpdateSchema = z.object({
  idNumber: z.preprocess(maskedAsKept, z.preprocess(blankToNull, idNumberField.nullable()).optional()),
  phone: z.preprocess(maskedAsKept, z.preprocess(blankToNull, phoneField.nullable()).optional()),
  name: nameField,
  remarks: optionalText(500),
});
export type BlacklistUpdate = z.infer<typeof blacklistUpdateSchema>;

/** A whole-number filter in its normal form: a partial match would spell out a masked number by its count. */
const exactFilter = (normalise: (s: string) => string) =>
  z
    .string()
    .max(32)
    .transform((v) => normalise(v))
    .optional();

export const blacklistFiltersSchema = listQueryBase.extend({
  name: z.string().trim().max(64).optional(),
  idNumber: exactFilter(normaliseIdNumber),
  phone: exactFilter(normalisePhone),
});
export type BlacklistFilters = z.infer<typeof blacklistFiltersSchema>;

export const blacklistItemSchema = z.object({
  id: z.number().int(),
  /** Always masked ("*****567"); the whole value only through the audited reveal. */
  idNumber: z.string().nullable(),
  /** Always masked, like `idNumber`. */
  phone: z.string().nullable(),
  name: z.string(),
  remarks: z.string().nullable(),
  /** The customer whose black status made the row, if any. */
  customerId: z.number().int().nullable(),
  masked: z.boolean(),
  /** The caller holds `blacklist.reveal` and may ask `POST /blacklist/{id}/reveal`. */
  canReveal: z.boolean(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  /** The name of the staff member who listed the person. */
  createdByName: z.string().nullable(),
});
export type BlacklistItem = z.infer<typeof blacklistItemSchema>;

export const blacklistRevealSchema = z.object({ field: z.enum(REVEALABLE_BLACKLIST_FIELDS) });
export const blacklistRevealAnswerSchema = z.object({ field: z.enum(REVEALABLE_BLACKLIST_FIELDS), value: z.string().nullable() });

/** At most this many numbers of each kind in one check (the applicant and the partakers of one form). */
export const BLACKLIST_CHECK_MAX = 10;
export const blacklistCheckSchema = z.object({
  idNumbers: z.array(z.string().max(32, { message: 'validation.tooLong' })).max(BLACKLIST_CHECK_MAX).default([]),
  phones: z.array(z.string().max(32, { message: 'validation.tooLong' })).max(BLACKLIST_CHECK_MAX).default([]),
});
export type BlacklistCheck = z.infer<typeof blacklistCheckSchema>;

/** A blacklist row one of the checked numbers matches, masked like the list. */
export const blacklistHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Which of the row's numbers were among the checked ones. */
  matched: z.array(z.enum(REVEALABLE_BLACKLIST_FIELDS)),
  idNumber: z.string().nullable(),
  phone: z.string().nullable(),
});
export type BlacklistHit = z.infer<typeof blacklistHitSchema>;
export const blacklistCheckAnswerSchema = z.object({ hits: z.array(blacklistHitSchema) });

export const blacklistResource = defineResource({
  name: 'blacklist',
  path: '/blacklist',
  title: 'shell:menu.blacklist.list',
  permissions: {
    list: BLACKLIST_PERMISSIONS.list,
    view: BLACKLIST_PERMISSIONS.list,
    create: BLACKLIST_PERMISSIONS.create,
    update: BLACKLIST_PERMISSIONS.update,
    delete: BLACKLIST_PERMISSIONS.delete,
  },
  storeScoped: false,
  fields: [
    { name: 'name', kind: 'text', label: 'blacklisting:fields.name', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'idNumber', kind: 'text', label: 'blacklisting:fields.idNumber', list: true, filter: 'text', form: true, masked: true },
    { name: 'phone', kind: 'phone', label: 'blacklisting:fields.phone', list: true, filter: 'text', form: true, masked: true },
    { name: 'remarks', kind: 'textarea', label: 'fields:remarks', list: true, form: true },
    { name: 'createdAt', kind: 'datetime', label: 'fields:createdAt', list: true, sortable: true },
    { name: 'createdByName', kind: 'text', label: 'blacklisting:fields.createdBy', list: true },
  ],
  item: blacklistItemSchema,
  create: blacklistCreateSchema,
  update: blacklistUpdateSchema,
  filters: blacklistFiltersSchema,
  defaultSort: 'createdAt:desc',
  example: { idNumber: 'A123456(3)', name: 'Sample Person', remarks: 'example' },
  messages: { create: 'success.blacklisted', delete: 'success.removedFromBlacklist' },
  actions: {
    /** The whole ID number or phone; every reveal writes an audit row. */
    reveal: {
      permission: BLACKLIST_PERMISSIONS.reveal,
      label: 'admin:staff.reveal',
      summary: 'The whole ID number or phone of a blacklist entry (audited)',
      body: blacklistRevealSchema,
      answer: blacklistRevealAnswerSchema,
      example: { field: 'idNumber' },
    },
  },
});
