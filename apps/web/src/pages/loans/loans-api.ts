import { LOAN_CHOICES_PATH, LOANS_PATH, OPTION_CHOICES_PATH, type LoanBlacklistCheck, type LoanBlacklistHit, type LoanChoices, type LoanDocument, type LoanDocumentKind, type LoanItem, type LoanListItem, type Page, type OptionCategory, type OptionChoices, type PayoutQuote, type RefereeConsentBody } from '@harbour/contracts';
import { fetchFile, request } from '../../api/index.js';

/** A customer as the picker lists them (ID number and phone come masked). */
export interface CustomerChoice {
  id: number;
  customerCode: string;
  name: string;
  englishName: string | null;
  idNumber: string;
  mobile1: string;
}

export type LoanActionName = 'submit' | 'approve' | 'reject' | 'return' | 'undoApproval' | 'signedNote' | 'suretyPack' | 'payout' | 'cancel';

const itemPath = (id: number | string) => `${LOANS_PATH}/${encodeURIComponent(String(id))}`;

export const loansApi = {
  get: (id: number | string, signal?: AbortSignal) => request<LoanItem>(itemPath(id), { signal }),
  /** Silent: the form puts field errors under their inputs itself. */
  create: (body: Record<string, unknown>) => request<LoanItem>(LOANS_PATH, { method: 'POST', body, silent: true }),
  update: (id: number, body: Record<string, unknown>) => request<LoanItem>(itemPath(id), { method: 'PUT', body, silent: true }),
  /** Silent: the dialog shows the answer (and, for some, asks for more). */
  act: (id: number, action: LoanActionName, body: Record<string, unknown>) =>
    request<LoanItem>(`${itemPath(id)}/${action}`, { method: 'POST', body, silent: true }),
  /** Silent: the consent dialog shows field errors under its inputs. */
  refereeConsent: (id: number, body: RefereeConsentBody) => request<LoanItem>(`${itemPath(id)}/refereeConsent`, { method: 'POST', body, silent: true }),
  payoutQuote: (id: number, payoutDate: string, signal?: AbortSignal) =>
    request<PayoutQuote>(`${itemPath(id)}/payoutQuote`, { query: { payoutDate }, signal }),
  optionChoices: (signal?: AbortSignal) => request<OptionChoices>(OPTION_CHOICES_PATH, { signal }),
  /** The loan finder: the list's one search box (`q`: numbers, name, ID number or phone). */
  find: (q: string, signal?: AbortSignal) =>
    request<Page<LoanListItem>>(LOANS_PATH, { query: { q, pageSize: 20, sort: 'applyDate:desc' }, signal }),
  /** A borrower's repaying loans (a reloan names one); the filter also finds loans they are a partaker of, which the caller drops. */
  repayingOf: (customerId: number, signal?: AbortSignal) =>
    request<Page<LoanListItem>>(LOANS_PATH, { query: { customerId, status: 'repaying', pageSize: 50, sort: 'applyDate:desc' }, signal }),
  /** The form's choices a clerk may read (referral agents). */
  choices: (signal?: AbortSignal) => request<LoanChoices>(LOAN_CHOICES_PATH, { signal }),
  /** Silent: the form shows the hits as a warning, not an error. */
  blacklistCheck: (body: LoanBlacklistCheck, signal?: AbortSignal) =>
    request<{ hits: LoanBlacklistHit[] }>(`${LOANS_PATH}/blacklistCheck`, { method: 'POST', body, signal, silent: true }),
  /** Silent: the documents card shows the server's message (wrong type, too large) itself. */
  uploadDocument: (id: number, kind: LoanDocumentKind, file: File) => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file);
    return request<LoanDocument[]>(`${itemPath(id)}/documents`, { method: 'POST', body, silent: true });
  },
  removeDocument: (id: number, docId: number) => request<LoanDocument[]>(`${itemPath(id)}/documents/${docId}`, { method: 'DELETE' }),
  documentFile: (id: number, docId: number) => fetchFile(`${itemPath(id)}/documents/${docId}/file`),
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
