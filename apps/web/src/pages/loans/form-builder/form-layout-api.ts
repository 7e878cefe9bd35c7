import type { FormFieldSetting } from '@harbour/contracts';
import { call } from '../../../api/index.js';
import { endpoints } from '../../../api/endpoints.js';

export const formLayoutApi = {
  /** Every enabled loan type's layout (the builder). */
  list: (signal?: AbortSignal) => call(endpoints.tools.formLayouts, { signal }),
  /** One loan type's layout (the loan form, the printed form): any signed-in staff. */
  get: (loanType: string, signal?: AbortSignal) => call(endpoints.tools.formLayout, { params: { loanType }, signal }),
  save: (loanType: string, fields: FormFieldSetting[]) => call(endpoints.tools.saveFormLayout, { params: { loanType }, body: { fields } }),
};

export const formLayoutKeys = {
  all: ['formLayouts'] as const,
  one: (loanType: string) => ['formLayouts', loanType] as const,
};
