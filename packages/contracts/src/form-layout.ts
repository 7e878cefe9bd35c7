import { z } from 'zod';
import type { FieldError } from './envelope.js';

/**
 * Tools → application form builder (spec §2, §5 "Application-form fields are configurable as
 * displayed and required"): per loan type, which optional fields of the loan application form are
 * shown and which are required. The fields the law or the mathematics needs (the borrower, the
 * loan type, the amount, the rate, the tenor, the cycle, the dates) are always shown and required;
 * everything else is configurable. One layout per loan type code (the `loanType` options); a loan
 * type never configured uses the default: every field shown, none of the optional ones required.
 *
 * The server's application save obeys the layout (a required field left out answers 400 on the
 * field, a hidden field's value is dropped), the web's form shows and marks the fields by it, and
 * Tools → application form prints it.
 */
export const FORM_SECTIONS = ['A', 'B', 'C', 'E'] as const;
export type FormSection = (typeof FORM_SECTIONS)[number];

export interface ApplicationFormField {
  /** the application's field (its name in `applicationInputSchema`); `rate` stands for flatRate / effectiveRate */
  key: string;
  section: FormSection;
  /** an i18n key (`ns:key`) of the field's label */
  label: string;
  /** always shown and required (the law or the mathematics needs it) */
  fixed: boolean;
  /** `rows`: a section of rows (partakers, credit references, collateral): required means at least one */
  kind: 'value' | 'rows';
}

const fixed = <K extends string>(key: K, label: string) => ({ key, section: 'A' as FormSection, label, fixed: true as const, kind: 'value' as const });
const optional = <K extends string>(key: K, label: string, section: FormSection = 'A', kind: 'value' | 'rows' = 'value') => ({
  key,
  section,
  label,
  fixed: false as const,
  kind,
});

/** Every field of the application form, in the form's order: the one list the builder, the server and the printed form read. */
export const APPLICATION_FORM_FIELDS = [
  fixed('customerId', 'loans:fields.customer'),
  fixed('loanType', 'loans:fields.loanType'),
  fixed('loanAmount', 'loans:fields.loanAmount'),
  fixed('totalTenor', 'loans:fields.totalTenor'),
  fixed('rate', 'formLayout:fields.rate'),
  fixed('interestMethod', 'loans:fields.interestMethod'),
  fixed('repayCycle', 'loans:fields.repayCycle'),
  fixed('applyDate', 'loans:fields.applyDate'),
  fixed('loanDate', 'loans:fields.loanDate'),
  fixed('interestStartDate', 'loans:fields.interestStartDate'),
  optional('firstDueDate', 'loans:fields.firstDueDate'),
  optional('loanPurpose', 'loans:fields.loanPurpose'),
  optional('payoutMethod', 'loans:fields.payoutMethod'),
  optional('referralAgentId', 'loans:fields.referralAgent'),
  optional('remarks', 'loans:fields.remarks'),
  optional('autopayRefNo', 'loans:fields.autopayRefNo'),
  optional('autopayBankName', 'loans:fields.autopayBankName'),
  optional('autopayAccountName', 'loans:fields.autopayAccountName'),
  optional('autopayBankCode', 'loans:fields.autopayBankCode'),
  optional('autopayBranchCode', 'loans:fields.autopayBranchCode'),
  optional('autopayAccountNo', 'loans:fields.autopayAccountNo'),
  optional('partakers', 'loans:form.sectionB', 'B', 'rows'),
  optional('creditReferences', 'loans:form.sectionC', 'C', 'rows'),
  optional('collaterals', 'loans:form.sectionE', 'E', 'rows'),
] as const satisfies readonly ApplicationFormField[];

export type ApplicationFormFieldKey = (typeof APPLICATION_FORM_FIELDS)[number]['key'];
/** The keys a layout may configure (the fields that are not fixed). */
export const CONFIGURABLE_FORM_FIELDS = APPLICATION_FORM_FIELDS.filter((f) => !f.fixed).map((f) => f.key) as ConfigurableFormField[] as [
  ConfigurableFormField,
  ...ConfigurableFormField[],
];
export type ConfigurableFormField = Extract<(typeof APPLICATION_FORM_FIELDS)[number], { fixed: false }>['key'];

export const FORM_LAYOUTS_PATH = '/formLayouts';
export const FORM_BUILDER_PERMISSION = 'tools.formBuilder' as const;
export const FORM_BUILDER_EDIT_PERMISSION = 'tools.formBuilder.edit' as const;

export const formFieldSettingSchema = z.object({
  key: z.enum(CONFIGURABLE_FORM_FIELDS, { message: 'validation.choice' }),
  shown: z.boolean({ message: 'validation.invalidType' }),
  required: z.boolean({ message: 'validation.invalidType' }),
});
export type FormFieldSetting = z.infer<typeof formFieldSettingSchema>;

/** `PUT /formLayouts/{loanType}`: the settings of the configurable fields (a field left out takes the default). */
export const formLayoutUpdateSchema = z
  .object({
    fields: z.array(formFieldSettingSchema).max(CONFIGURABLE_FORM_FIELDS.length, { message: 'validation.range' }),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.fields.forEach((f, i) => {
      if (seen.has(f.key)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'key'], message: 'formLayout.duplicateField' });
      seen.add(f.key);
      if (f.required && !f.shown) ctx.addIssue({ code: 'custom', path: ['fields', i, 'required'], message: 'formLayout.requiredHidden' });
    });
  });
export type FormLayoutUpdate = z.infer<typeof formLayoutUpdateSchema>;

export const formLayoutParamsSchema = z.object({
  loanType: z.string().trim().min(1, { message: 'validation.required' }).max(32, { message: 'validation.tooLong' }),
});

/** A loan type's layout, every configurable field in the form's order. */
export const formLayoutSchema = z.object({
  loanType: z.string(),
  fields: z.array(z.object({ key: z.enum(CONFIGURABLE_FORM_FIELDS), shown: z.boolean(), required: z.boolean() })),
  /** when it was last saved; null while the loan type uses the default */
  updatedAt: z.string().nullable(),
});
export type FormLayout = z.infer<typeof formLayoutSchema>;

/** The default setting of a configurable field: shown, optional. */
export const DEFAULT_FIELD_SETTING = { shown: true, required: false } as const;

/**
 * The full layout of a loan type from what is stored (any subset of the fields, in any order):
 * every configurable field in the form's order, the default for those not stored; a hidden field
 * is never required.
 */
export function resolveFormLayout(loanType: string, stored: readonly FormFieldSetting[], updatedAt: string | null = null): FormLayout {
  const byKey = new Map(stored.map((s) => [s.key, s]));
  return {
    loanType,
    fields: CONFIGURABLE_FORM_FIELDS.map((key) => {
      const s = byKey.get(key) ?? DEFAULT_FIELD_SETTING;
      return { key, shown: s.shown, required: s.shown && s.required };
    }),
    updatedAt,
  };
}

/** How a layout treats one field of the form (a fixed field is always shown and required). */
export function fieldRule(layout: Pick<FormLayout, 'fields'> | undefined, key: ApplicationFormFieldKey): { shown: boolean; required: boolean } {
  const def = APPLICATION_FORM_FIELDS.find((f) => f.key === key);
  if (!def || def.fixed) return { shown: true, required: true };
  const s = layout?.fields.find((f) => f.key === key);
  return s ? { shown: s.shown, required: s.shown && s.required } : { ...DEFAULT_FIELD_SETTING };
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * The application with the layout's hidden fields dropped: a value sent for a hidden field is not
 * kept (null; a hidden section has no rows).
 */
export function withoutHiddenFields<T extends Record<string, unknown>>(layout: Pick<FormLayout, 'fields'>, input: T): T {
  const out: Record<string, unknown> = { ...input };
  for (const f of layout.fields) {
    if (f.shown) continue;
    const def = APPLICATION_FORM_FIELDS.find((d) => d.key === f.key);
    out[f.key] = def?.kind === 'rows' ? [] : null;
  }
  return out as T;
}

/** The layout's required fields the application leaves blank, as field errors of the save. */
export function missingRequiredFields(layout: Pick<FormLayout, 'fields'>, input: Record<string, unknown>): FieldError[] {
  return layout.fields
    .filter((f) => f.shown && f.required && blank(input[f.key]))
    .map((f) => ({
      field: f.key,
      message: APPLICATION_FORM_FIELDS.find((d) => d.key === f.key)?.kind === 'rows' ? 'formLayout.requiredRows' : 'formLayout.required',
    }));
}
