import {
  SMS_PATHS,
  type Page,
  type SmsCandidate,
  type SmsCandidatesQuery,
  type SmsKind,
  type SmsLimits,
  type SmsMessage,
  type SmsGateway,
  type SmsGatewayInput,
  type SmsLanguage,
  type SmsScheduleRun,
  type SmsSendResult,
} from '@harbour/contracts';
import { request } from '../../api/index.js';

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
  limits: () => request<SmsLimits>(SMS_PATHS.limits),
  candidates: (q: SmsCandidatesQuery, signal?: AbortSignal) =>
    request<Page<SmsCandidate> & { reminderDays: number }>(SMS_PATHS.candidates, { query: queryOf(q), signal }),
  send: (kind: SmsKind, loanIds: number[]) => request<SmsSendResult>(SMS_PATHS.send, { method: 'POST', body: { kind, loanIds } }),
  messages: (q: SmsMessagesQuery, signal?: AbortSignal) => request<Page<SmsMessage>>(SMS_PATHS.messages, { query: queryOf(q), signal }),
  gateway: (signal?: AbortSignal) => request<SmsGateway>(SMS_PATHS.gateway, { signal }),
  saveGateway: (body: SmsGatewayInput) => request<SmsGateway>(SMS_PATHS.gateway, { method: 'PUT', body, silent: true }),
  runSchedule: () => request<SmsScheduleRun>(SMS_PATHS.runSchedule, { method: 'POST', body: {} }),
  setPreference: (body: { customerId: number; optedOut: boolean; language: SmsLanguage; reason?: string }) =>
    request<{ customerId: number; optedOut: boolean; language: SmsLanguage }>(SMS_PATHS.preference, { method: 'PUT', body, silent: true }),
};
