import { FORM_LAYOUTS_PATH, type FormFieldSetting, type FormLayout } from '@harbour/contracts';
import { request } from '../../../api/index.js';

const itemPath = (loanType: string) => `${FORM_LAYOUTS_PATH}/${encodeURIComponent(loanType)}`;

export const formLayoutApi = {
  /** Every enabled loan type's layout (the builder). */
  list: (signal?: AbortSignal) => request<FormLayout[]>(FORM_LAYOUTS_PATH, { signal }),
  /** One loan type's layout (the loan form, the printed form): any signed-in staff. */
  get: (loanType: string, signal?: AbortSignal) => request<FormLayout>(itemPath(loanType), { signal }),
  save: (loanType: string, fields: FormFieldSetting[]) => request<FormLayout>(itemPath(loanType), { method: 'PUT', body: { fields } }),
};

export const formLayoutKeys = {
  all: ['formLayouts'] as const,
  one: (loanType: string) => ['formLayouts', loanType] as const,
};
