import type { SmsCandidatesQuery, SmsGatewayInput, SmsKind, SmsLanguage } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.sms;

/** A query without its empty values (the server's defaults apply). */
const queryOf = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export interface SmsMessagesQuery {
  page?: number;
  pageSize?: number;
  kind?: SmsKind;
  status?: string;
  loanNo?: string;
  dateFrom?: string;
  dateTo?: string;
}

export const smsApi = {
  limits: () => call(api.limits),
  candidates: (q: SmsCandidatesQuery, signal?: AbortSignal) =>
    call(api.candidates, { query: queryOf(q), signal }),
  send: (kind: SmsKind, loanIds: number[]) => call(api.send, { body: { kind, loanIds } }),
  messages: (q: SmsMessagesQuery, signal?: AbortSignal) => call(api.messages, { query: queryOf(q), signal }),
  gateway: (signal?: AbortSignal) => call(api.gateway, { signal }),
  saveGateway: (body: SmsGatewayInput) => call(api.saveGateway, { body, silent: true }),
  runSchedule: () => call(api.runSchedule, { body: {} }),
  setPreference: (body: { customerId: number; optedOut: boolean; language: SmsLanguage; reason?: string }) =>
    call(api.setPreference, { body, silent: true }),
};
