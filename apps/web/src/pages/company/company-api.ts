import {
  COMPANY_INFO_PATH,
  COMPANY_LOGO_UPLOAD_PATH,
  type CompanyInfo,
  type CompanyInfoInput,
  PRESCRIBED_SUMMARIES_PATH,
  type PrescribedSummary,
  type PrescribedSummaryInput,
} from '@harbour/contracts';
import { request } from '../../api/index.js';

export const companyApi = {
  get: (signal?: AbortSignal) => request<CompanyInfo>(COMPANY_INFO_PATH, { signal }),
  /** Silent: field errors are shown under the inputs. */
  save: (body: CompanyInfoInput) => request<CompanyInfo>(COMPANY_INFO_PATH, { method: 'PUT', body, silent: true }),
  uploadLogo: (file: File) => {
    const body = new FormData();
    body.append('logo', file);
    return request<CompanyInfo>(COMPANY_LOGO_UPLOAD_PATH, { method: 'POST', body, silent: true });
  },
};

/** The logo's type and size, checked before sending (the server checks the bytes again). */
export function logoProblem(file: { type: string; size: number }, maxBytes: number, types: readonly string[]): 'logoType' | 'logoTooLarge' | undefined {
  if (!types.includes(file.type)) return 'logoType';
  if (file.size > maxBytes) return 'logoTooLarge';
  return undefined;
}

export const prescribedSummaryApi = {
  list: (signal?: AbortSignal) => request<PrescribedSummary[]>(PRESCRIBED_SUMMARIES_PATH, { signal }),
  /** Silent: field errors are shown under the inputs. */
  add: (body: PrescribedSummaryInput) => request<PrescribedSummary>(PRESCRIBED_SUMMARIES_PATH, { method: 'POST', body, silent: true }),
};
