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
  bankCode: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.string().regex(/^\d{3}$/, { message: 'parties.bankCode' }).nullable()),
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
