import { LOANS_PATH, OPTION_CHOICES_PATH, type LoanItem, type OptionCategory, type OptionChoices, type PayoutQuote } from '@harbour/contracts';
import { request } from '../../api/index.js';

/** A customer as the picker lists them (ID number and phone come masked). */
export interface CustomerChoice {
  id: number;
  customerCode: string;
  name: string;
  englishName: string | null;
  idNumber: string;
  mobile1: string;
}

export type LoanActionName = 'submit' | 'approve' | 'reject' | 'return' | 'undoApproval' | 'signedNote' | 'payout' | 'cancel';

const itemPath = (id: number | string) => `${LOANS_PATH}/${encodeURIComponent(String(id))}`;

export const loansApi = {
  get: (id: number | string, signal?: AbortSignal) => request<LoanItem>(itemPath(id), { signal }),
  /** Silent: the form puts field errors under their inputs itself. */
  create: (body: Record<string, unknown>) => request<LoanItem>(LOANS_PATH, { method: 'POST', body, silent: true }),
  update: (id: number, body: Record<string, unknown>) => request<LoanItem>(itemPath(id), { method: 'PUT', body, silent: true }),
  /** Silent: the dialog shows the answer (and, for some, asks for more). */
  act: (id: number, action: LoanActionName, body: Record<string, unknown>) =>
    request<LoanItem>(`${itemPath(id)}/${action}`, { method: 'POST', body, silent: true }),
  payoutQuote: (id: number, payoutDate: string, signal?: AbortSignal) =>
    request<PayoutQuote>(`${itemPath(id)}/payoutQuote`, { query: { payoutDate }, signal }),
  optionChoices: (signal?: AbortSignal) => request<OptionChoices>(OPTION_CHOICES_PATH, { signal }),
  customers: (q: string, signal?: AbortSignal) =>
    request<{ items: CustomerChoice[] }>('/customers', { query: { q, pageSize: 10 }, signal, silent: true }),
};

/** The label of an option code in the staff member's language (the code itself when unknown). */
export function optionLabel(choices: OptionChoices | undefined, category: OptionCategory, code: string | null | undefined, lang: string): string {
  if (!code) return '';
  const hit = choices?.[category]?.find((o) => o.code === code);
  if (!hit) return code;
  return lang === 'en' ? hit.labelEn : lang === 'zh-CN' ? hit.labelZhCn : hit.labelZhTw;
}
