import { z } from 'zod';
import { listQueryBase } from './list.js';
import { defineResource } from './resource.js';
import { V } from './calculator.js';

/**
 * Master data → customer related / loan related (spec §2, §9): the choice lists a customer's and
 * a loan's fields take their values from — ID types, marital status, education, residential
 * types and sources; loan types, purposes, payout methods and repayment cycles. One table of
 * option items, served as two declared resources (one per menu group, each with its own
 * permission keys and limited to its group's categories).
 *
 * Each option has a stable `code` (unique in its category) and a label in each language. Later
 * tables (customers, loans) refer to an option by id; business rules refer to the options of
 * `OPTION_SEED` by code, so those cannot be deleted nor have their code changed.
 */
export const OPTION_GROUPS = {
  customer: ['idType', 'marital', 'education', 'residentialType', 'source'],
  loan: ['loanType', 'purpose', 'payoutMethod', 'repayCycle'],
} as const;
export type OptionGroup = keyof typeof OPTION_GROUPS;
export type OptionCategory = (typeof OPTION_GROUPS)[OptionGroup][number];
export const OPTION_CATEGORIES: readonly OptionCategory[] = [...OPTION_GROUPS.customer, ...OPTION_GROUPS.loan];

export const OPTION_STATES = ['normal', 'disabled'] as const;
export type OptionState = (typeof OPTION_STATES)[number];

/** A code: lower-case letters, digits and underscores, starting with a letter. */
export const OPTION_CODE_PATTERN = /^[a-z][a-z0-9_]*$/;
export const OPTION_CODE_MAX = 32;
export const OPTION_LABEL_MAX = { labelZhTw: 64, labelEn: 128, labelZhCn: 64 } as const;

type Seed = { code: string; labelZhTw: string; labelEn: string; labelZhCn: string };

/**
 * The options every database starts with (spec §9), written by the migration `option_items`.
 * Rules refer to them by code (`repayCycle` `twice_monthly` is the domain's `twice-monthly`).
 */
export const OPTION_SEED = {
  idType: [
    { code: 'hkid', labelZhTw: '香港身份證', labelEn: 'Hong Kong identity card', labelZhCn: '香港身份证' },
    { code: 'mainland_id', labelZhTw: '內地居民身份證', labelEn: 'Mainland ID card', labelZhCn: '内地居民身份证' },
    { code: 'foreign_passport', labelZhTw: '外國護照', labelEn: 'Foreign passport', labelZhCn: '外国护照' },
    { code: 'business_registration', labelZhTw: '商業登記證', labelEn: 'Business registration', labelZhCn: '商业登记证' },
  ],
  marital: [
    { code: 'single', labelZhTw: '單身', labelEn: 'Single', labelZhCn: '单身' },
    { code: 'married', labelZhTw: '已婚', labelEn: 'Married', labelZhCn: '已婚' },
    { code: 'separated', labelZhTw: '分居', labelEn: 'Separated', labelZhCn: '分居' },
    { code: 'divorced', labelZhTw: '離婚', labelEn: 'Divorced', labelZhCn: '离婚' },
    { code: 'widowed', labelZhTw: '喪偶', labelEn: 'Widowed', labelZhCn: '丧偶' },
  ],
  education: [
    { code: 'primary', labelZhTw: '小學', labelEn: 'Primary', labelZhCn: '小学' },
    { code: 'secondary', labelZhTw: '中學', labelEn: 'Secondary', labelZhCn: '中学' },
    { code: 'tertiary', labelZhTw: '大專或以上', labelEn: 'College or above', labelZhCn: '大专或以上' },
    { code: 'other', labelZhTw: '其他', labelEn: 'Other', labelZhCn: '其他' },
  ],
  residentialType: [
    { code: 'private', labelZhTw: '私人樓宇', labelEn: 'Private housing', labelZhCn: '私人楼宇' },
    { code: 'psps', labelZhTw: '私人參建居屋', labelEn: 'Private Sector Participation Scheme (PSPS)', labelZhCn: '私人参建居屋' },
    { code: 'public_housing', labelZhTw: '公共屋邨', labelEn: 'Public housing', labelZhCn: '公共屋邨' },
    { code: 'ding_wu', labelZhTw: '丁屋', labelEn: 'Village house (Ding Wu)', labelZhCn: '丁屋' },
    { code: 'rent', labelZhTw: '租住', labelEn: 'Rented', labelZhCn: '租住' },
  ],
  source: [
    { code: 'television', labelZhTw: '電視', labelEn: 'Television', labelZhCn: '电视' },
    { code: 'newspaper', labelZhTw: '報紙', labelEn: 'Newspapers', labelZhCn: '报纸' },
    { code: 'magazine', labelZhTw: '雜誌', labelEn: 'Magazines', labelZhCn: '杂志' },
  ],
  loanType: [
    { code: 'private_loan', labelZhTw: '私人貸款', labelEn: 'Private loan', labelZhCn: '私人贷款' },
    { code: 'first_mortgage', labelZhTw: '一按', labelEn: 'First mortgage', labelZhCn: '一按' },
    { code: 'second_mortgage', labelZhTw: '二按', labelEn: 'Second mortgage', labelZhCn: '二按' },
    { code: 'revolving', labelZhTw: '循環貸款', labelEn: 'Revolving loan', labelZhCn: '循环贷款' },
  ],
  purpose: [
    { code: 'cash_flow', labelZhTw: '資金周轉', labelEn: 'Cash flow', labelZhCn: '资金周转' },
    { code: 'business_turnover', labelZhTw: '生意周轉', labelEn: 'Business turnover', labelZhCn: '生意周转' },
    { code: 'living_expenses', labelZhTw: '生活開支', labelEn: 'Living expenses', labelZhCn: '生活开支' },
    { code: 'debt_repayment', labelZhTw: '清還債務', labelEn: 'Pay off debts', labelZhCn: '清还债务' },
    { code: 'property_purchase', labelZhTw: '購買物業', labelEn: 'Purchase of property', labelZhCn: '购买物业' },
    { code: 'other', labelZhTw: '其他', labelEn: 'Other', labelZhCn: '其他' },
  ],
  payoutMethod: [
    { code: 'cash', labelZhTw: '現金', labelEn: 'Cash', labelZhCn: '现金' },
    { code: 'cheque', labelZhTw: '支票', labelEn: 'Cheque', labelZhCn: '支票' },
  ],
  repayCycle: [
    { code: 'monthly', labelZhTw: '每月', labelEn: 'Monthly', labelZhCn: '每月' },
    { code: 'twice_monthly', labelZhTw: '每月兩次', labelEn: 'Twice a month', labelZhCn: '每月两次' },
    { code: 'biweekly', labelZhTw: '每兩星期', labelEn: 'Every two weeks', labelZhCn: '每两星期' },
    { code: 'every_n_days', labelZhTw: '每 N 日', labelEn: 'Every N days', labelZhCn: '每 N 日' },
  ],
} as const satisfies Record<OptionCategory, readonly Seed[]>;

/** The code of a seeded option of a category (`OptionCode<'marital'>` = `'single' | 'married' | …`). */
export type OptionCode<C extends OptionCategory> = (typeof OPTION_SEED)[C][number]['code'];

/** Whether `code` is a seeded (protected) option of `category`. */
export const isSeededOption = (category: string, code: string): boolean =>
  Object.hasOwn(OPTION_SEED, category) && OPTION_SEED[category as OptionCategory].some((o) => o.code === code);

/** The group a category belongs to. */
export const optionGroupOf = (category: string): OptionGroup | undefined =>
  (Object.keys(OPTION_GROUPS) as OptionGroup[]).find((g) => (OPTION_GROUPS[g] as readonly string[]).includes(category));

export const optionItemSchema = z.object({
  id: z.number().int(),
  category: z.enum(OPTION_CATEGORIES as [OptionCategory, ...OptionCategory[]]),
  code: z.string(),
  labelZhTw: z.string(),
  labelEn: z.string(),
  labelZhCn: z.string(),
  sortOrder: z.number().int(),
  state: z.enum(OPTION_STATES),
  /** Seeded: rules refer to it by code, so its code is fixed and it cannot be deleted. */
  builtin: z.boolean(),
  updatedAt: z.string(),
});
export type OptionItem = z.infer<typeof optionItemSchema>;

const label = (max: number) => z.string({ message: V.required }).trim().min(1, { message: V.required }).max(max);
const code = z
  .string({ message: V.required })
  .trim()
  .min(1, { message: V.required })
  .max(OPTION_CODE_MAX)
  .regex(OPTION_CODE_PATTERN, { message: 'options.codeFormat' });
const sortOrder = z.coerce.number({ message: V.integer }).int({ message: V.integer }).min(0, { message: V.range }).max(9999, { message: V.range });

function schemasOf<G extends OptionGroup>(group: G) {
  const categories = OPTION_GROUPS[group] as unknown as [OptionCategory, ...OptionCategory[]];
  const category = z.enum(categories, { message: V.choice });
  const fields = {
    code,
    labelZhTw: label(OPTION_LABEL_MAX.labelZhTw),
    labelEn: label(OPTION_LABEL_MAX.labelEn),
    labelZhCn: label(OPTION_LABEL_MAX.labelZhCn),
    sortOrder: sortOrder.default(0),
  };
  return {
    create: z.object({ category, ...fields }),
    /** Any subset; the category of an option never changes (references would change meaning). */
    update: z.object({ ...fields, sortOrder }).partial(),
    filters: listQueryBase.extend({
      category: category.optional(),
      /** Text in any of the three labels or the code. */
      label: z.string().trim().max(128).optional(),
      state: z.enum(OPTION_STATES).optional(),
    }),
  };
}

export const customerOptionSchemas = schemasOf('customer');
export const loanOptionSchemas = schemasOf('loan');
export type OptionCreate = z.input<typeof customerOptionSchemas.create> | z.input<typeof loanOptionSchemas.create>;
export type OptionUpdate = z.input<typeof customerOptionSchemas.update>;

export const CUSTOMER_OPTION_PERMISSIONS = {
  list: 'masterdata.customer',
  create: 'masterdata.customer.create',
  update: 'masterdata.customer.update',
  delete: 'masterdata.customer.delete',
  state: 'masterdata.customer.state',
} as const;

export const LOAN_OPTION_PERMISSIONS = {
  list: 'masterdata.loan',
  create: 'masterdata.loan.create',
  update: 'masterdata.loan.update',
  delete: 'masterdata.loan.delete',
  state: 'masterdata.loan.state',
} as const;

const fieldsOf = (group: OptionGroup) =>
  [
    { name: 'category', kind: 'enum', label: 'options:fields.category', list: true, filter: 'enum', form: 'create', required: true, options: OPTION_GROUPS[group], enumName: 'optionCategory' },
    /** The label in the reader's language (list only); the filter looks in all three and the code. */
    { name: 'label', kind: 'text', label: 'options:fields.label', list: true, filter: 'text' },
    { name: 'code', kind: 'text', label: 'options:fields.code', list: true, sortable: true, form: true, required: true },
    { name: 'labelZhTw', kind: 'text', label: 'options:fields.labelZhTw', form: true, required: true },
    { name: 'labelEn', kind: 'text', label: 'options:fields.labelEn', form: true, required: true },
    { name: 'labelZhCn', kind: 'text', label: 'options:fields.labelZhCn', form: true, required: true },
    { name: 'sortOrder', kind: 'integer', label: 'options:fields.sortOrder', list: true, sortable: true, form: true },
    { name: 'state', kind: 'enum', label: 'options:fields.state', list: true, sortable: true, filter: 'enum', options: OPTION_STATES, enumName: 'optionState' },
  ] as const;

const actionsOf = <P extends string>(permission: P) => ({
  /** A disabled option stays on the records that have it but is no longer offered. */
  disable: {
    permission,
    label: 'options:disable',
    summary: 'Disable an option (no longer offered for new records)',
    message: 'success.statusChanged',
    confirm: true,
  },
  enable: {
    permission,
    label: 'options:enable',
    summary: 'Enable a disabled option again',
    message: 'success.statusChanged',
    confirm: true,
  },
});

export const customerOptionResource = defineResource({
  name: 'customerOptions',
  path: '/customerOptions',
  title: 'shell:menu.masterdata.customer',
  permissions: {
    list: CUSTOMER_OPTION_PERMISSIONS.list,
    view: CUSTOMER_OPTION_PERMISSIONS.list,
    create: CUSTOMER_OPTION_PERMISSIONS.create,
    update: CUSTOMER_OPTION_PERMISSIONS.update,
    delete: CUSTOMER_OPTION_PERMISSIONS.delete,
  },
  storeScoped: false,
  fields: fieldsOf('customer'),
  item: optionItemSchema,
  create: customerOptionSchemas.create,
  update: customerOptionSchemas.update,
  filters: customerOptionSchemas.filters,
  defaultSort: 'sortOrder:asc',
  example: { category: 'source', code: 'internet', labelZhTw: '互聯網', labelEn: 'Internet', labelZhCn: '互联网', sortOrder: 10 },
  actions: {
    disable: actionsOf(CUSTOMER_OPTION_PERMISSIONS.state).disable,
    enable: actionsOf(CUSTOMER_OPTION_PERMISSIONS.state).enable,
  },
});

export const loanOptionResource = defineResource({
  name: 'loanOptions',
  path: '/loanOptions',
  title: 'shell:menu.masterdata.loan',
  permissions: {
    list: LOAN_OPTION_PERMISSIONS.list,
    view: LOAN_OPTION_PERMISSIONS.list,
    create: LOAN_OPTION_PERMISSIONS.create,
    update: LOAN_OPTION_PERMISSIONS.update,
    delete: LOAN_OPTION_PERMISSIONS.delete,
  },
  storeScoped: false,
  fields: fieldsOf('loan'),
  item: optionItemSchema,
  create: loanOptionSchemas.create,
  update: loanOptionSchemas.update,
  filters: loanOptionSchemas.filters,
  defaultSort: 'sortOrder:asc',
  example: { category: 'payoutMethod', code: 'bank_transfer', labelZhTw: '銀行轉賬', labelEn: 'Bank transfer', labelZhCn: '银行转账', sortOrder: 10 },
  actions: {
    disable: actionsOf(LOAN_OPTION_PERMISSIONS.state).disable,
    enable: actionsOf(LOAN_OPTION_PERMISSIONS.state).enable,
  },
});

/** The declaration of each group's option list. */
export const OPTION_RESOURCES = { customer: customerOptionResource, loan: loanOptionResource } as const;

/**
 * `GET /optionChoices`: the normal (enabled) options of every category, in their order, for the
 * drop-downs of other screens (customer and loan forms). Any signed-in staff member reads it; the
 * master-data keys are only needed to change the lists.
 */
export const OPTION_CHOICES_PATH = '/optionChoices';
export const optionChoiceSchema = optionItemSchema.pick({ code: true, labelZhTw: true, labelEn: true, labelZhCn: true });
export type OptionChoice = z.infer<typeof optionChoiceSchema>;
export const optionChoicesSchema = z.record(z.enum(OPTION_CATEGORIES as [OptionCategory, ...OptionCategory[]]), z.array(optionChoiceSchema));
export type OptionChoices = Record<OptionCategory, OptionChoice[]>;
