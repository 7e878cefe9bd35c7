import type { LoanBlacklistCheck, LoanItem, LoanDocumentKind, OptionCategory, OptionChoices, RefereeConsentBody } from '@harbour/contracts';
import { call, callFile } from '../../api/index.js';
import type { Endpoint } from '../../api/endpoint.js';
import { endpoints, type LoanActionBody, type LoanApplicationBody } from '../../api/endpoints.js';

/** A customer as the picker lists them (ID number and phone come masked). */
export interface CustomerChoice {
  id: number;
  customerCode: string;
  name: string;
  englishName: string | null;
  idNumber: string;
  mobile1: string;
}

export type LoanActionName = keyof typeof endpoints.loans.actions;

const api = endpoints.loans;

/** Any one of the declared actions: its path, and the bodies of them all (the caller's `N` picks one). */
type AnyLoanAction = Endpoint<'POST', (typeof api.actions)[LoanActionName]['path'], LoanActionBody<LoanActionName>, LoanItem>;

export const loansApi = {
  get: (id: number | string, signal?: AbortSignal) => call(api.get, { params: { id }, signal }),
  /** Silent: the form puts field errors under their inputs itself. */
  create: (body: LoanApplicationBody) => call(api.create, { body, silent: true }),
  update: (id: number, body: LoanApplicationBody) => call(api.update, { params: { id }, body, silent: true }),
  /** Silent: the dialog shows the answer (and, for some, asks for more). */
  act: <N extends LoanActionName>(id: number, action: N, body: LoanActionBody<N>) =>
    call(api.actions[action] as AnyLoanAction, { params: { id }, body: body as LoanActionBody<LoanActionName>, silent: true }),
  /** Silent: the consent dialog shows field errors under its inputs. */
  refereeConsent: (id: number, body: RefereeConsentBody) => call(api.refereeConsent, { params: { id }, body, silent: true }),
  /** The effective annual rate the approval's deductions give, and why it would be refused (the approve dialog, live). */
  approvalQuote: (id: number, deductions: { upfrontInterest?: string; handlingFee?: string }, signal?: AbortSignal) =>
    call(api.approvalQuote, { params: { id }, query: deductions, signal, silent: true }),
  payoutQuote: (id: number, payoutDate: string, signal?: AbortSignal) =>
    call(api.payoutQuote, { params: { id }, query: { payoutDate }, signal }),
  optionChoices: (signal?: AbortSignal) => call(endpoints.optionChoices, { signal }),
  /** The loan finder: the list's one search box (`q`: numbers, name, ID number or phone). */
  find: (q: string, signal?: AbortSignal) =>
    call(api.list, { query: { q, pageSize: 20, sort: 'applyDate:desc' }, signal }),
  /** A borrower's repaying loans (a reloan names one); the filter also finds loans they are a partaker of, which the caller drops. */
  repayingOf: (customerId: number, signal?: AbortSignal) =>
    call(api.list, { query: { customerId, status: 'repaying', pageSize: 50, sort: 'applyDate:desc' }, signal }),
  /** The form's choices a clerk may read (referral agents). */
  choices: (signal?: AbortSignal) => call(api.choices, { signal }),
  /** Silent: the form shows the hits as a warning, not an error. */
  blacklistCheck: (body: LoanBlacklistCheck, signal?: AbortSignal) =>
    call(api.blacklistCheck, { body, signal, silent: true }),
  /** Silent: the documents card shows the server's message (wrong type, too large) itself. */
  uploadDocument: (id: number, kind: LoanDocumentKind, file: File) => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file);
    return call(api.uploadDocument, { params: { id }, body, silent: true });
  },
  removeDocument: (id: number, docId: number) => call(api.removeDocument, { params: { id, docId } }),
  documentFile: (id: number, docId: number) => callFile(api.documentFile, { params: { id, docId } }),
  customers: (q: string, signal?: AbortSignal) =>
    call(endpoints.customers.list, { query: { q, pageSize: 10 }, signal, silent: true }),
};

/** The label of an option code in the staff member's language (the code itself when unknown). */
export function optionLabel(choices: OptionChoices | undefined, category: OptionCategory, code: string | null | undefined, lang: string): string {
  if (!code) return '';
  const hit = choices?.[category]?.find((o) => o.code === code);
  if (!hit) return code;
  return lang === 'en' ? hit.labelEn : lang === 'zh-CN' ? hit.labelZhCn : hit.labelZhTw;
}
