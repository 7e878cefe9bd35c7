import { z } from 'zod';
import { listQueryBase } from './list.js';
import { defineResource } from './resource.js';
import { V } from './calculator.js';
import { optionalText, moneyString } from './stores.js';
import { COUNTERPARTY_STATES } from './counterparties.js';
import { fourEyesReason } from './approvals.js';

/**
 * Master data → staff level and privilege (spec §2, §6 "Staff have levels and privileges, a
 * maximum approved amount"). A level names a grade of staff and the largest loan amount a
 * member of that grade may approve; each staff member has at most one level (`staff.level_id`).
 * "No upper limit" is its own flag (`unlimited`), never an empty amount, so a level saved
 * without an amount cannot silently approve anything. A level in use cannot be deleted, only
 * disabled; a disabled level is offered for no new assignment and approves nothing, for the staff
 * who still hold it too. The approval flow reads the limit through the server's `approvalLimitOf`.
 */
export const STAFF_LEVEL_STATES = COUNTERPARTY_STATES;

const name = (max: number) => z.string({ message: V.nameRequired }).trim().min(1, { message: V.nameRequired }).max(max, { message: 'validation.tooLong' });
/** Empty strings from a form count as "not given". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const staffLevelItemSchema = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  rank: z.number().int(),
  /** The largest amount (HKD) a holder may approve; null exactly when `unlimited`. */
  maxApprovedAmount: z.string().nullable(),
  unlimited: z.boolean(),
  state: z.enum(STAFF_LEVEL_STATES),
  remarks: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffLevelItem = z.infer<typeof staffLevelItemSchema>;

const staffLevelFields = {
    nameZh: name(64),
    nameEn: name(64),
    rank: z.number({ message: V.integer }).int({ message: V.integer }).min(0, { message: V.range }).max(999, { message: V.range }),
    unlimited: z.boolean({ message: V.choice }).default(false),
    maxApprovedAmount: z.preprocess(blankToNull, moneyString.nullish()).transform((v) => v ?? null),
    state: z.enum(STAFF_LEVEL_STATES, { message: V.choice }).default('normal'),
    remarks: optionalText(500),
};

interface LimitShape {
  unlimited: boolean;
  maxApprovedAmount: string | null;
}
/** A limited level names its amount. */
const amountGiven = (v: LimitShape, ctx: z.RefinementCtx) => {
  if (!v.unlimited && v.maxApprovedAmount === null) {
    ctx.addIssue({ code: 'custom', path: ['maxApprovedAmount'], message: 'levels.amountRequired' });
  }
};
/** With no upper limit, an amount typed before the switch was turned on means nothing. */
const noAmountWhenUnlimited = <T extends LimitShape>(v: T): T => (v.unlimited ? { ...v, maxApprovedAmount: null } : v);

export const staffLevelCreateSchema = z.object(staffLevelFields).superRefine(amountGiven).transform(noAmountWhenUnlimited);
export type StaffLevelCreate = z.infer<typeof staffLevelCreateSchema>;

/**
 * An edit. Changing a level's approval limit or state is under four eyes when the company
 * controls `staffLevels.limits`: the edit is recorded as a request with the maker's `reason`
 * (required then) and a second person approves it.
 */
export const staffLevelUpdateSchema = z
  .object({ ...staffLevelFields, reason: fourEyesReason })
  .superRefine(amountGiven)
  .transform(noAmountWhenUnlimited);
export type StaffLevelUpdate = z.infer<typeof staffLevelUpdateSchema>;

export const staffLevelFiltersSchema = listQueryBase.extend({
  nameZh: z.string().trim().max(64).optional(),
  nameEn: z.string().trim().max(64).optional(),
  state: z.enum(STAFF_LEVEL_STATES).optional(),
});

/** `GET /staffLevels/choices`: the enabled levels as `{id, name}` in the caller's language, for the staff form. */
export const staffLevelChoicesSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), maxApprovedAmount: z.string().nullable(), unlimited: z.boolean() })),
});
export const STAFF_LEVEL_CHOICES_PATH = '/staffLevels/choices';

export const staffLevelResource = defineResource({
  name: 'staffLevels',
  path: '/staffLevels',
  title: 'shell:menu.masterdata.staffLevel.list',
  permissions: {
    list: 'masterdata.staffLevel.list',
    view: 'masterdata.staffLevel.list',
    create: 'masterdata.staffLevel.create',
    update: 'masterdata.staffLevel.update',
    delete: 'masterdata.staffLevel.delete',
  },
  storeScoped: false,
  fields: [
    { name: 'rank', kind: 'integer', label: 'levels:fields.rank', list: true, sortable: true, form: true, required: true },
    { name: 'nameZh', kind: 'text', label: 'parties:fields.nameZh', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'nameEn', kind: 'text', label: 'parties:fields.nameEn', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'maxApprovedAmount', kind: 'money', label: 'levels:fields.maxApprovedAmount', list: true, sortable: true, form: true },
    { name: 'unlimited', kind: 'boolean', label: 'levels:fields.unlimited', form: true },
    { name: 'state', kind: 'enum', label: 'fields:state', list: true, sortable: true, filter: 'enum', form: true, options: STAFF_LEVEL_STATES, enumName: 'counterpartyState' },
    { name: 'remarks', kind: 'textarea', label: 'fields:remarks', list: true, form: true },
  ],
  item: staffLevelItemSchema,
  create: staffLevelCreateSchema,
  update: staffLevelUpdateSchema,
  filters: staffLevelFiltersSchema,
  defaultSort: 'rank:asc',
});
