import type { Dayjs } from 'dayjs';
import { idNumberOf, isMaskedValue, mobileOf, phoneOf } from '@harbour/contracts';
import { DATE_FORMAT } from '../../generic/form-values';
import type { CustomerCreateBody, CustomerUpdateBody } from '../../api/endpoints.js';

/** The customer form's fields (every input of spec §3 Customer). */
export const FORM_FIELDS = [
  'type', 'name', 'englishName', 'gender', 'dateOfBirth', 'idType', 'idNumber', 'marital', 'education',
  'mobile1', 'mobile2', 'mobile3', 'homeNo', 'email', 'source',
  'residentialAddress', 'residentialType', 'mailingAddress', 'livingFrom', 'occupyWith',
  'companyName', 'companyAddress', 'officeNo', 'directLine', 'fax', 'career', 'department', 'position', 'employmentType', 'workFrom', 'salary', 'incomeProof',
  'remarks',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export const DATE_FIELDS = ['dateOfBirth', 'livingFrom', 'workFrom'] as const satisfies readonly FormField[];
/** Numbers that load masked and are kept when sent back unchanged. */
const MASKED_FIELDS: readonly FormField[] = ['idNumber', 'mobile1', 'mobile2', 'mobile3', 'homeNo'];

export type FormValues = Partial<Record<FormField, string | Dayjs | null>>;

/** The message code of what is wrong with an ID number of `idType`, or null (the server's own rule). */
export function checkIdNumber(idType: string | undefined, v: string): string | null {
  if (!idType) return null;
  const r = idNumberOf(idType, v);
  return r.ok ? null : r.message;
}
export const checkMobile = (v: string): string | null => (mobileOf(v) ? null : 'customers.mobile');
export const checkPhone = (v: string): string | null => (phoneOf(v) ? null : 'customers.phone');
export const checkSalary = (v: string): string | null => (/^\d{1,14}(\.\d{1,2})?$/.test(v.replace(/,/g, '').trim()) ? null : 'validation.money');

/**
 * The create/update body from the form: dates as YYYY-MM-DD, amounts without separators, empty
 * inputs as null; on edit a number still masked is left out (the stored one stays).
 */
export function toCustomerPayload(values: FormValues, mode: 'create' | 'edit'): CustomerCreateBody & CustomerUpdateBody {
  const out: Record<string, unknown> = {};
  for (const f of FORM_FIELDS) {
    const v = values[f];
    if (v === undefined || v === null || v === '') {
      out[f] = null;
      continue;
    }
    if ((DATE_FIELDS as readonly string[]).includes(f)) out[f] = (v as Dayjs).format(DATE_FORMAT);
    else if (mode === 'edit' && MASKED_FIELDS.includes(f) && isMaskedValue(v)) continue;
    else if (f === 'salary') out[f] = String(v).replace(/,/g, '').trim();
    else out[f] = typeof v === 'string' ? v.trim() : v;
  }
  if (out.type === 'company') {
    out.gender = null;
    out.dateOfBirth = null;
  }
  // The form's fields in the contract's shape (one body serves create and edit); the server's schema checks each one.
  return out as CustomerCreateBody & CustomerUpdateBody;
}
