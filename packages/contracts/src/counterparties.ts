import { z } from 'zod';
import { listQueryBase } from './list.js';
import { defineResource, type ResourceField } from './resource.js';
import { V } from './calculator.js';
import { optionalText } from './stores.js';

/**
 * Master data → bank / creditor, solicitor and OCA agent: the outside parties a loan refers to
 * (an autopay or funding bank, the solicitor of a mortgage or a recovery, the collection agency a
 * loan is handed to). Each is its own table so loans and OCA records refer to them by foreign
 * key: one that is referred to cannot be deleted (409), only disabled.
 */
export const COUNTERPARTY_STATES = ['normal', 'disabled'] as const;
export type CounterpartyState = (typeof COUNTERPARTY_STATES)[number];

const name = (max: number) => z.string({ message: V.nameRequired }).trim().min(1, { message: V.nameRequired }).max(max, { message: 'validation.tooLong' });
const optionalEmail = z
  .string()
  .trim()
  .max(128, { message: 'validation.tooLong' })
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email({ message: 'validation.email' }).nullable());
/** An optional value of a given form: trimmed, an empty answer stored as null, anything else checked by `rule`. */
const optionalMatching = (rule: z.ZodString | z.ZodISODate) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(rule.nullable());
/** A charge percentage: 0 to 100 with at most two decimals, as a decimal string. */
export const percentString = z
  .string({ message: V.decimal })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: V.decimal })
  .refine((v) => Number(v) <= 100, { message: V.range });

/** What every outside party has. */
const partyItem = {
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  remarks: z.string().nullable(),
  state: z.enum(COUNTERPARTY_STATES),
  createdAt: z.string(),
};
const partyInput = {
  nameZh: name(128),
  nameEn: name(128),
  contactName: optionalText(64),
  phone: optionalText(32),
  email: optionalEmail,
  address: optionalText(255),
  remarks: optionalText(500),
  state: z.enum(COUNTERPARTY_STATES, { message: V.choice }).default('normal'),
};
const partyFilters = {
  nameZh: z.string().trim().max(128).optional(),
  nameEn: z.string().trim().max(128).optional(),
  state: z.enum(COUNTERPARTY_STATES).optional(),
};
const partyFields: ResourceField[] = [
  { name: 'nameZh', kind: 'text', label: 'parties:fields.nameZh', list: true, sortable: true, filter: 'text', form: true, required: true },
  { name: 'nameEn', kind: 'text', label: 'parties:fields.nameEn', list: true, sortable: true, filter: 'text', form: true, required: true },
  { name: 'contactName', kind: 'text', label: 'fields:contactName', list: true, form: true },
  { name: 'phone', kind: 'text', label: 'parties:fields.phone', list: true, form: true },
  { name: 'email', kind: 'email', label: 'fields:email', form: true },
  { name: 'address', kind: 'textarea', label: 'fields:address', form: true },
  { name: 'remarks', kind: 'textarea', label: 'fields:remarks', form: true },
  // Not required in the form: a new party starts normal (the schema's default); an edit shows its state.
  { name: 'state', kind: 'enum', label: 'fields:state', list: true, sortable: true, filter: 'enum', form: true, options: COUNTERPARTY_STATES, enumName: 'counterpartyState' },
];
const permissionsOf = <P extends string>(prefix: P) =>
  ({ list: `${prefix}.list`, view: `${prefix}.list`, create: `${prefix}.create`, update: `${prefix}.update`, delete: `${prefix}.delete` }) as const;

// Bank / creditor: a Hong Kong bank code (3 digits) where it is a bank.
export const bankItemSchema = z.object({ ...partyItem, bankCode: z.string().nullable() });
export type BankItem = z.infer<typeof bankItemSchema>;
export const bankCreateSchema = z.object({
  ...partyInput,
  bankCode: optionalMatching(z.string().regex(/^\d{3}$/, { message: 'parties.bankCode' })),
});
export const bankResource = defineResource({
  name: 'banks',
  path: '/banks',
  title: 'shell:menu.masterdata.bank.list',
  permissions: permissionsOf('masterdata.bank'),
  storeScoped: false,
  fields: [
    ...partyFields,
    { name: 'bankCode', kind: 'text', label: 'parties:fields.bankCode', list: true, sortable: true, form: true },
  ],
  item: bankItemSchema,
  create: bankCreateSchema,
  update: bankCreateSchema,
  filters: listQueryBase.extend(partyFilters),
  defaultSort: 'nameEn:asc',
});

// Solicitor: the firm as well as the solicitor.
export const solicitorItemSchema = z.object({ ...partyItem, firm: z.string().nullable() });
export type SolicitorItem = z.infer<typeof solicitorItemSchema>;
export const solicitorCreateSchema = z.object({ ...partyInput, firm: optionalText(128) });
export const solicitorResource = defineResource({
  name: 'solicitors',
  path: '/solicitors',
  title: 'shell:menu.masterdata.solicitor.list',
  permissions: permissionsOf('masterdata.solicitor'),
  storeScoped: false,
  fields: [
    ...partyFields,
    { name: 'firm', kind: 'text', label: 'parties:fields.firm', list: true, sortable: true, form: true },
  ],
  item: solicitorItemSchema,
  create: solicitorCreateSchema,
  update: solicitorCreateSchema,
  filters: listQueryBase.extend(partyFilters),
  defaultSort: 'nameEn:asc',
});

// OCA agent: the collection agency's charge, a percentage of what it recovers.
export const ocaAgentItemSchema = z.object({ ...partyItem, chargePercent: z.string() });
export type OcaAgentItem = z.infer<typeof ocaAgentItemSchema>;
export const ocaAgentCreateSchema = z.object({ ...partyInput, chargePercent: percentString });
export const ocaAgentResource = defineResource({
  name: 'ocaAgents',
  path: '/ocaAgents',
  title: 'shell:menu.masterdata.ocaAgent.list',
  permissions: permissionsOf('masterdata.ocaAgent'),
  storeScoped: false,
  fields: [
    ...partyFields,
    { name: 'chargePercent', kind: 'rate', label: 'parties:fields.chargePercent', list: true, sortable: true, form: true, required: true },
  ],
  item: ocaAgentItemSchema,
  create: ocaAgentCreateSchema,
  update: ocaAgentCreateSchema,
  filters: listQueryBase.extend(partyFilters),
  defaultSort: 'nameEn:asc',
});

/**
 * Referral agent (spec §2, §9 "Referral agent list"): an intermediary that introduces borrowers.
 * The Registrar's licensing conditions on intermediaries (2016) ask a lender to keep its referral
 * agents' particulars and to take no referral from one that charges the borrower, so an agent
 * carries its business registration and any money lender's licence or registration number, the
 * commission the lender pays it (a percentage of the loan or a fixed sum per loan, exact
 * decimals), the dates of the agreement and the agent's written undertaking that it charges
 * borrowers nothing. Loans will refer to it by foreign key, so one in use is only disabled.
 */
export const COMMISSION_KINDS = ['percent', 'fixed'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

const optionalDate = optionalMatching(z.iso.date({ message: V.date }));

export const referralAgentItemSchema = z.object({
  ...partyItem,
  brNo: z.string().nullable(),
  licenceNo: z.string().nullable(),
  commissionKind: z.enum(COMMISSION_KINDS),
  /** A percentage of the loan amount (`percent`, 0–100) or HKD per loan (`fixed`), 2 decimals. */
  commission: z.string(),
  agreementStart: z.string().nullable(),
  agreementEnd: z.string().nullable(),
  /** The agent has undertaken in writing to charge borrowers nothing (licensing condition). */
  noBorrowerFee: z.boolean(),
});
export type ReferralAgentItem = z.infer<typeof referralAgentItemSchema>;
export const referralAgentCreateSchema = z
  .object({
    ...partyInput,
    brNo: optionalMatching(z.string().regex(/^\d{8}$/, { message: 'parties.brNo' })),
    licenceNo: optionalText(32),
    commissionKind: z.enum(COMMISSION_KINDS, { message: V.choice }),
    commission: z
      .string({ message: V.decimal })
      .trim()
      .regex(/^\d{1,14}(\.\d{1,2})?$/, { message: V.decimal }),
    agreementStart: optionalDate,
    agreementEnd: optionalDate,
    noBorrowerFee: z.boolean({ message: V.choice }).default(false),
  })
  .superRefine((v, ctx) => {
    // Only a well-formed amount is also held to a percentage's 0–100 (one message per field).
    if (v.commissionKind === 'percent' && /^\d{1,14}(\.\d{1,2})?$/.test(v.commission) && !percentString.safeParse(v.commission).success) {
      ctx.addIssue({ code: 'custom', path: ['commission'], message: 'parties.commissionPercent' });
    }
    if (v.agreementStart && v.agreementEnd && v.agreementEnd < v.agreementStart) {
      ctx.addIssue({ code: 'custom', path: ['agreementEnd'], message: 'parties.agreementEnd' });
    }
  });
export const referralAgentResource = defineResource({
  name: 'referralAgents',
  path: '/referralAgents',
  title: 'shell:menu.masterdata.referralAgent.list',
  permissions: permissionsOf('masterdata.referralAgent'),
  storeScoped: false,
  fields: [
    // The list keeps to what a lender checks before taking a referral; the rest is in the form.
    ...partyFields.filter((f) => f.name !== 'state' && f.name !== 'remarks').map((f) => (f.name === 'contactName' ? { ...f, list: false } : f)),
    { name: 'brNo', kind: 'text', label: 'parties:fields.brNo', form: true },
    { name: 'licenceNo', kind: 'text', label: 'parties:fields.licenceNo', form: true },
    { name: 'commissionKind', kind: 'enum', label: 'parties:fields.commissionKind', form: true, required: true, options: COMMISSION_KINDS, enumName: 'commissionKind' },
    { name: 'commission', kind: 'money', label: 'parties:fields.commission', list: true, sortable: true, form: true, required: true },
    { name: 'agreementStart', kind: 'date', label: 'parties:fields.agreementStart', form: true },
    { name: 'agreementEnd', kind: 'date', label: 'parties:fields.agreementEnd', form: true },
    { name: 'noBorrowerFee', kind: 'boolean', label: 'parties:fields.noBorrowerFee', list: true, form: true },
    ...partyFields.filter((f) => f.name === 'state' || f.name === 'remarks'),
  ],
  item: referralAgentItemSchema,
  create: referralAgentCreateSchema,
  update: referralAgentCreateSchema,
  filters: listQueryBase.extend(partyFilters),
  defaultSort: 'nameEn:asc',
});
