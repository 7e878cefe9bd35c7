import { describe, expect, it } from 'vitest';
import {
  APPLICATION_FORM_FIELDS,
  CONFIGURABLE_FORM_FIELDS,
  fieldRule,
  formLayoutUpdateSchema,
  missingRequiredFields,
  resolveFormLayout,
  withoutHiddenFields,
} from './form-layout.js';
import { applicationInputSchema } from './loans.js';

describe('the application form fields', () => {
  it('name real fields of the application, once each, and keep what the law and the maths need fixed', () => {
    const keys = APPLICATION_FORM_FIELDS.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    const input = Object.keys(applicationInputSchema.shape);
    for (const k of keys) if (k !== 'rate') expect(input, k).toContain(k);
    const fixed = APPLICATION_FORM_FIELDS.filter((f) => f.fixed).map((f) => f.key);
    expect(fixed).toEqual(['customerId', 'loanType', 'loanAmount', 'totalTenor', 'rate', 'interestMethod', 'repayCycle', 'applyDate', 'loanDate', 'interestStartDate']);
    expect(CONFIGURABLE_FORM_FIELDS).not.toContain('loanAmount');
  });
});

describe('resolveFormLayout', () => {
  it('is the default without stored rows: every field shown, none required', () => {
    const l = resolveFormLayout('private_loan', []);
    expect(l.fields.map((f) => f.key)).toEqual(CONFIGURABLE_FORM_FIELDS);
    expect(l.fields.every((f) => f.shown && !f.required)).toBe(true);
    expect(l.updatedAt).toBeNull();
  });

  it('keeps the form order whatever the stored order, and never requires a hidden field', () => {
    const l = resolveFormLayout('x', [
      { key: 'collaterals', shown: true, required: true },
      { key: 'remarks', shown: false, required: true },
    ]);
    expect(l.fields.at(-1)).toEqual({ key: 'collaterals', shown: true, required: true });
    expect(l.fields.find((f) => f.key === 'remarks')).toEqual({ key: 'remarks', shown: false, required: false });
  });
});

describe('fieldRule', () => {
  const layout = resolveFormLayout('x', [{ key: 'loanPurpose', shown: true, required: true }, { key: 'remarks', shown: false, required: false }]);
  it('answers fixed fields as shown and required, even without a layout', () => {
    expect(fieldRule(undefined, 'loanAmount')).toEqual({ shown: true, required: true });
    expect(fieldRule(layout, 'rate')).toEqual({ shown: true, required: true });
  });
  it('answers configured and default fields', () => {
    expect(fieldRule(layout, 'loanPurpose')).toEqual({ shown: true, required: true });
    expect(fieldRule(layout, 'remarks')).toEqual({ shown: false, required: false });
    expect(fieldRule(layout, 'firstDueDate')).toEqual({ shown: true, required: false });
    expect(fieldRule(undefined, 'partakers')).toEqual({ shown: true, required: false });
  });
});

describe('applying a layout to an application', () => {
  const layout = resolveFormLayout('x', [
    { key: 'loanPurpose', shown: true, required: true },
    { key: 'partakers', shown: true, required: true },
    { key: 'remarks', shown: false, required: false },
    { key: 'collaterals', shown: false, required: false },
  ]);

  it('drops hidden values (a hidden section has no rows) and keeps the rest', () => {
    const out = withoutHiddenFields(layout, { loanType: 'x', remarks: 'r', loanPurpose: 'p', collaterals: [{ address: 'a' }], autopayRefNo: '1' });
    expect(out).toEqual({ loanType: 'x', remarks: null, loanPurpose: 'p', collaterals: [], autopayRefNo: '1' });
  });

  it('names each required field left blank, with its message', () => {
    expect(missingRequiredFields(layout, { loanPurpose: '  ', partakers: [] })).toEqual([
      { field: 'loanPurpose', message: 'formLayout.required' },
      { field: 'partakers', message: 'formLayout.requiredRows' },
    ]);
    expect(missingRequiredFields(layout, { loanPurpose: 'cash_flow', partakers: [{ customerId: 1 }] })).toEqual([]);
    expect(missingRequiredFields(resolveFormLayout('y', []), {})).toEqual([]);
  });
});

describe('formLayoutUpdateSchema', () => {
  it('accepts configurable fields only, once each, never required while hidden', () => {
    expect(formLayoutUpdateSchema.safeParse({ fields: [{ key: 'remarks', shown: false, required: false }] }).success).toBe(true);
    expect(formLayoutUpdateSchema.safeParse({ fields: [{ key: 'loanAmount', shown: false, required: false }] }).success).toBe(false);
    const hidden = formLayoutUpdateSchema.safeParse({ fields: [{ key: 'remarks', shown: false, required: true }] });
    expect(hidden.error?.issues[0]).toMatchObject({ path: ['fields', 0, 'required'], message: 'formLayout.requiredHidden' });
    const twice = formLayoutUpdateSchema.safeParse({ fields: [{ key: 'remarks', shown: true, required: false }, { key: 'remarks', shown: true, required: false }] });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['fields', 1, 'key'], message: 'formLayout.duplicateField' });
    expect(formLayoutUpdateSchema.safeParse({ fields: [], more: 1 }).success).toBe(false);
  });
});
