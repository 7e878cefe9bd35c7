import type { CompanyInfoInput, PrescribedSummaryInput } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.company;

export const companyApi = {
  get: (signal?: AbortSignal) => call(api.get, { signal }),
  /** Silent: field errors are shown under the inputs. */
  save: (body: CompanyInfoInput) => call(api.save, { body, silent: true }),
  uploadLogo: (file: File) => {
    const body = new FormData();
    body.append('logo', file);
    return call(api.uploadLogo, { body, silent: true });
  },
};

/** The logo's type and size, checked before sending (the server checks the bytes again). */
export function logoProblem(file: { type: string; size: number }, maxBytes: number, types: readonly string[]): 'logoType' | 'logoTooLarge' | undefined {
  if (!types.includes(file.type)) return 'logoType';
  if (file.size > maxBytes) return 'logoTooLarge';
  return undefined;
}

export const prescribedSummaryApi = {
  list: (signal?: AbortSignal) => call(api.prescribedSummaries, { signal }),
  /** Silent: field errors are shown under the inputs. */
  add: (body: PrescribedSummaryInput) => call(api.addPrescribedSummary, { body, silent: true }),
};
