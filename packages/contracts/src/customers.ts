import { z } from 'zod';
import { normaliseIdNumber, normalisePhone, validateHkid, validatePassportNumber } from '@harbour/domain';
import { listQueryBase } from './list.js';
import { mobileOf, phoneOf } from './phones.js';
import { defineResource } from './resource.js';
import { moneyString, optionalText } from './stores.js';
import { emailField, isMaskedValue } from './staff.js';
import { SMS_LANGUAGES } from './sms.js';
import type { PermissionKey } from './permissions/index.js';

/**
 * Customers (spec §3 Customer; the menu's Persona list): every person or company Harbour holds
 * data on, in any role — borrower, guarantor, joint applicant. Company-wide: one identity (ID type
 * + number) is one record whichever branch registered it. ID numbers and phones reach every
 * caller masked to the "visible tel. no." digits; a holder of `persona.reveal` sees a whole one
 * through the audited `POST /customers/{id}/reveal`.
 */
export const CUSTOMER_TYPES = ['personal', 'company'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const GENDERS = ['M', 'F'] as const;
export const LIST_STATUSES = ['white', 'black'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];
/** The `idType` option whose numbers carry the HKID check digit; any other type takes passport characters. */
export const HKID_ID_TYPE = 'hkid';

/** Fields whose whole value is only shown through the audited reveal call. */
export const REVEALABLE_CUSTOMER_FIELDS = ['idNumber', 'mobile1', 'mobile2', 'mobile3', 'homeNo'] as const;
export type RevealableCustomerField = (typeof REVEALABLE_CUSTOMER_FIELDS)[number];

export const CUSTOMER_PERMISSIONS = {
  list: 'persona.list',
  create: 'persona.create',
  update: 'persona.edit',
  reveal: 'persona.reveal',
  listStatus: 'persona.listStatus',
} as const satisfies Record<string, PermissionKey>;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalDate = z.preprocess(blankToNull, z.iso.date({ message: 'validation.date' }).nullish()).transform((v) => v ?? null);
/** An option code of a customer option list (checked against the list by the server). */
const optionCode = z.preprocess(blankToNull, z.string().trim().max(32, { message: 'validation.tooLong' }).nullish()).transform((v) => v ?? null);

const mobileField = z.string({ message: 'validation.mobileRequired' }).transform((v, ctx) => {
  if (v.trim() === '') {
    ctx.addIssue({ code: 'custom', message: 'validation.mobileRequired' });
    return z.NEVER;
  }
  const m = mobileOf(v);
  if (m) return m;
  ctx.addIssue({ code: 'custom', message: 'customers.mobile' });
  return z.NEVER;
});
const optionalMobile = z.preprocess(blankToNull, mobileField.nullish()).transform((v) => v ?? null);
const optionalPhone = z
  .preprocess(
    blankToNull,
    z
      .string()
      .transform((v, ctx) => {
        const p = phoneOf(v);
        if (p) return p;
        ctx.addIssue({ code: 'custom', message: 'customers.phone' });
        return z.NEVER;
      })
      .nullish(),
  )
  .transform((v) => v ?? null);
const optionalEmail = z.preprocess(blankToNull, emailField.nullish()).transform((v) => v ?? null);

/**
 * The ID number as stored (`normaliseIdNumber`), or the message code of what is wrong with it:
 * an HKID must carry its check digit, any other ID type passport characters (spec §5).
 */
export function idNumberOf(idType: string, input: string): { ok: true; value: string } | { ok: false; message: string } {
  if (input.trim() === '') return { ok: false, message: 'customers.idNumberRequired' };
  if (idType === HKID_ID_TYPE) {
    const r = validateHkid(input);
    return r.ok ? { ok: true, value: normaliseIdNumber(r.value) } : { ok: false, message: 'validation.hkid' };
  }
  // Spaces are typing, not part of the number (normaliseIdNumber drops them too); full-width
  // letters and digits are folded to plain ones.
  const r = validatePassportNumber(input.normalize('NFKC').replace(/\s+/g, ''));
  if (!r.ok) return { ok: false, message: 'customers.passportChars' };
  const value = normaliseIdNumber(r.value);
  return value.length <= 32 ? { ok: true, value } : { ok: false, message: 'validation.invalid' };
}

const customerBody = {
  type: z.enum(CUSTOMER_TYPES, { message: 'validation.choice' }),
  name: z.string({ message: 'validation.nameRequired' }).trim().min(1, { message: 'validation.nameRequired' }).max(128, { message: 'validation.tooLong' }),
  englishName: optionalText(128),
  gender: z.preprocess(blankToNull, z.enum(GENDERS, { message: 'validation.choice' }).nullish()).transform((v) => v ?? null),
  dateOfBirth: optionalDate,
  idType: z.string({ message: 'customers.idTypeRequired' }).trim().min(1, { message: 'customers.idTypeRequired' }).max(32),
  idNumber: z.string({ message: 'customers.idNumberRequired' }).max(40, { message: 'validation.tooLong' }),
  mobile1: mobileField,
  mobile2: optionalMobile,
  mobile3: optionalMobile,
  homeNo: optionalPhone,
  email: optionalEmail,
  marital: optionCode,
  education: optionCode,
  residentialType: optionCode,
  source: optionCode,
  residentialAddress: optionalText(500),
  mailingAddress: optionalText(500),
  livingFrom: optionalDate,
  occupyWith: optionalText(200),
  companyName: optionalText(128),
  companyAddress: optionalText(500),
  officeNo: optionalPhone,
  directLine: optionalPhone,
  fax: optionalPhone,
  career: optionalText(64),
  department: optionalText(64),
  position: optionalText(64),
  employmentType: optionalText(64),
  workFrom: optionalDate,
  salary: z.preprocess(blankToNull, moneyString.nullish()).transform((v) => v ?? null),
  incomeProof: optionalText(500),
  remarks: optionalText(1000),
};

/** The ID number checked against its type and normalised; a masked one (an edit's "keep") passes as undefined. */
function checkIdNumber<T extends { idType: string; idNumber?: string | undefined }>(v: T, ctx: z.RefinementCtx): T {
  if (v.idNumber === undefined) return v;
  const r = idNumberOf(v.idType, v.idNumber);
  if (r.ok) return { ...v, idNumber: r.value };
  ctx.addIssue({ code: 'custom', path: ['idNumber'], message: r.message });
  return z.NEVER;
}

/** A company has no gender nor date of birth. */
const personalOnly = <T extends { type: CustomerType; gender: string | null; dateOfBirth: string | null }>(v: T): T =>
  v.type === 'company' ? { ...v, gender: null, dateOfBirth: null } : v;

export const customerCreateSchema = z.object(customerBody).transform((v, ctx) => personalOnly(checkIdNumber(v, ctx)));
export type CustomerCreate = z.infer<typeof customerCreateSchema>;

/** A masked value sent back unchanged means "keep the stored one", like leaving the field out. */
const maskedAsKept = (v: unknown) => (isMaskedValue(v) ? undefined : v);

/**
 * ID number and phones reach every caller masked, so the edit form sends them back as they came:
 * left out or still masked, the stored value stays (an optional phone sent empty is cleared).
 */
export const customerUpdateSchema = z
  .object({
    ...customerBody,
    idNumber: z.preprocess(maskedAsKept, customerBody.idNumber.optional()),
    mobile1: z.preprocess(maskedAsKept, mobileField.optional()),
    mobile2: z.preprocess(maskedAsKept, optionalMobile.optional()),
    mobile3: z.preprocess(maskedAsKept, optionalMobile.optional()),
    homeNo: z.preprocess(maskedAsKept, optionalPhone.optional()),
  })
  .transform((v, ctx) => personalOnly(checkIdNumber(v, ctx)));
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

/** Another customer already has one of the new customer's mobiles: said, not refused. */
export const customerWarningSchema = z.object({
  field: z.string(),
  /** Message code, `customers.mobileUsed` with `name` and `code`. */
  message: z.string(),
  customerCode: z.string(),
  name: z.string(),
});
export type CustomerWarning = z.infer<typeof customerWarningSchema>;

export const customerItemSchema = z.object({
  id: z.number().int(),
  customerCode: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  name: z.string(),
  englishName: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  dateOfBirth: z.string().nullable(),
  idType: z.string(),
  /** Always masked ("*****567"); the whole value only through the audited reveal call. */
  idNumber: z.string(),
  mobile1: z.string(),
  mobile2: z.string().nullable(),
  mobile3: z.string().nullable(),
  homeNo: z.string().nullable(),
  /** ID number and phones are masked (always true in list and get answers). */
  masked: z.boolean(),
  /** The caller holds `persona.reveal` and may ask `POST /customers/{id}/reveal` for a whole value. */
  canReveal: z.boolean(),
  email: z.string().nullable(),
  marital: z.string().nullable(),
  education: z.string().nullable(),
  residentialType: z.string().nullable(),
  source: z.string().nullable(),
  residentialAddress: z.string().nullable(),
  mailingAddress: z.string().nullable(),
  livingFrom: z.string().nullable(),
  occupyWith: z.string().nullable(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
  officeNo: z.string().nullable(),
  directLine: z.string().nullable(),
  fax: z.string().nullable(),
  career: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  employmentType: z.string().nullable(),
  workFrom: z.string().nullable(),
  salary: z.string().nullable(),
  incomeProof: z.string().nullable(),
  listStatus: z.enum(LIST_STATUSES),
  listStatusReason: z.string().nullable(),
  /** opted out of SMS reminders (`PUT /sms/preference`, key `sms.optOut`) */
  smsOptedOut: z.boolean(),
  /** the language of the customer's SMS: the saved preference, else by the name */
  smsLanguage: z.enum(SMS_LANGUAGES),
  remarks: z.string().nullable(),
  registeredStoreId: z.number().int().nullable(),
  registeredStoreName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** On create and update only: other customers that have one of these mobiles. */
  warnings: z.array(customerWarningSchema).optional(),
});
export type CustomerItem = z.infer<typeof customerItemSchema>;

export const customerFiltersSchema = listQueryBase.extend({
  /** One search box: a whole ID number or phone (exact, normalised), or part of a name or customer code. */
  q: z.string().trim().max(64).optional(),
  /** Part of the name or English name. */
  name: z.string().trim().max(128).optional(),
  customerCode: z.string().trim().max(32).optional(),
  // A masked field filters by the whole number only: a partial match would let `total` spell out
  // a number character by character without any audited reveal.
  idNumber: z
    .string()
    .max(40)
    .transform((v) => normaliseIdNumber(v))
    .optional(),
  phone: z
    .string()
    .max(32)
    .transform((v) => normalisePhone(v))
    .optional(),
  type: z.enum(CUSTOMER_TYPES).optional(),
  listStatus: z.enum(LIST_STATUSES).optional(),
  registeredStoreId: z.coerce.number().int().positive().optional(),
});
export type CustomerFilters = z.infer<typeof customerFiltersSchema>;

export const customerRevealSchema = z.object({ field: z.enum(REVEALABLE_CUSTOMER_FIELDS) });
export const customerRevealAnswerSchema = z.object({ field: z.enum(REVEALABLE_CUSTOMER_FIELDS), value: z.string().nullable() });
/** Black or white (spec §4 "Customer list"): always with the reason. */
export const customerListStatusSchema = z.object({
  reason: z.string({ message: 'customers.reasonRequired' }).trim().min(1, { message: 'customers.reasonRequired' }).max(500, { message: 'validation.tooLong' }),
});

const STORES_REF = '/stores?pageSize=100';

export const customerResource = defineResource({
  name: 'customers',
  path: '/customers',
  title: 'shell:menu.persona.list',
  permissions: { list: CUSTOMER_PERMISSIONS.list, view: CUSTOMER_PERMISSIONS.list, create: CUSTOMER_PERMISSIONS.create, update: CUSTOMER_PERMISSIONS.update },
  storeScoped: false,
  fields: [
    { name: 'customerCode', kind: 'text', label: 'customers:fields.customerCode', list: true, sortable: true, filter: 'text' },
    { name: 'type', kind: 'enum', label: 'customers:fields.type', list: true, sortable: true, filter: 'enum', form: true, required: true, options: CUSTOMER_TYPES, enumName: 'customerType' },
    { name: 'name', kind: 'text', label: 'customers:fields.name', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'listStatus', kind: 'enum', label: 'customers:fields.listStatus', list: true, sortable: true, filter: 'enum', options: LIST_STATUSES, enumName: 'listStatus' },
    { name: 'gender', kind: 'enum', label: 'customers:fields.gender', form: true, options: GENDERS, enumName: 'gender' },
    { name: 'dateOfBirth', kind: 'date', label: 'customers:fields.dateOfBirth', form: true },
    { name: 'idType', kind: 'text', label: 'customers:fields.idType', list: true, form: true, required: true },
    { name: 'idNumber', kind: 'text', label: 'customers:fields.idNumber', list: true, filter: 'text', form: true, required: true, masked: true },
    { name: 'mobile1', kind: 'phone', label: 'customers:fields.mobile1', list: true, form: true, required: true, masked: true },
    { name: 'englishName', kind: 'text', label: 'customers:fields.englishName', list: true, sortable: true, form: true },
    { name: 'mobile2', kind: 'phone', label: 'customers:fields.mobile2', form: true, masked: true },
    { name: 'mobile3', kind: 'phone', label: 'customers:fields.mobile3', form: true, masked: true },
    { name: 'phone', kind: 'phone', label: 'customers:fields.phone', filter: 'text' },
    { name: 'homeNo', kind: 'phone', label: 'customers:fields.homeNo', form: true, masked: true },
    { name: 'email', kind: 'email', label: 'customers:fields.email', form: true },
    { name: 'registeredStoreId', kind: 'ref', label: 'customers:fields.registeredStore', list: true, filter: 'ref', refPath: STORES_REF },
    { name: 'createdAt', kind: 'datetime', label: 'fields:createdAt', list: true, sortable: true },
  ],
  item: customerItemSchema,
  create: customerCreateSchema,
  update: customerUpdateSchema,
  filters: customerFiltersSchema,
  defaultSort: 'createdAt:desc',
  example: { type: 'personal', name: '陳大文', idType: HKID_ID_TYPE, idNumber: 'A123456(3)', mobile1: '6123 4567' },
  actions: {
    /** The whole ID number or phone; every reveal writes an audit row. */
    reveal: {
      permission: CUSTOMER_PERMISSIONS.reveal,
      label: 'customers:reveal',
      summary: "The whole ID number or phone of a customer (audited)",
      body: customerRevealSchema,
      answer: customerRevealAnswerSchema,
      example: { field: 'idNumber' },
    },
    blacklist: {
      permission: CUSTOMER_PERMISSIONS.listStatus,
      label: 'customers:blacklist',
      summary: 'Put a customer on the black list, with the reason',
      body: customerListStatusSchema,
      message: 'success.blacklisted',
      confirm: true,
      example: { reason: 'Fraudulent documents' },
    },
    whitelist: {
      permission: CUSTOMER_PERMISSIONS.listStatus,
      label: 'customers:whitelist',
      summary: 'Take a customer off the black list, with the reason',
      body: customerListStatusSchema,
      message: 'success.removedFromBlacklist',
      confirm: true,
      example: { reason: 'Cleared after review' },
    },
  },
});
