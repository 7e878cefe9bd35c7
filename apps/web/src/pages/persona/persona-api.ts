import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OptionCategory, OptionChoice, RevealableCustomerField } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints, type CustomerCreateBody, type CustomerUpdateBody } from '../../api/endpoints.js';

const api = endpoints.customers;

/** The customer calls beyond the declared CRUD (`/customers`): reveal, black/white list, and the option lists. */
export const personaApi = {
  get: (id: number, signal?: AbortSignal) => call(api.get, { params: { id }, signal }),
  create: (body: CustomerCreateBody) => call(api.create, { body, silent: true }),
  update: (id: number, body: CustomerUpdateBody) => call(api.update, { params: { id }, body, silent: true }),
  reveal: (id: number, field: RevealableCustomerField) =>
    call(api.reveal, { params: { id }, body: { field } }),
  setListStatus: (id: number, status: 'black' | 'white', reason: string) =>
    call(status === 'black' ? api.blacklist : api.whitelist, { params: { id }, body: { reason }, silent: true }),
  optionChoices: (signal?: AbortSignal) => call(endpoints.optionChoices, { signal }),
};

export const customerKey = (id: number) => ['customers', 'item', id] as const;

/** Label of an option in the interface language. */
export function optionLabel(option: OptionChoice, lang: string): string {
  return lang === 'en' ? option.labelEn : lang === 'zh-CN' ? option.labelZhCn : option.labelZhTw;
}

/** The customer option lists (`GET /optionChoices`) and a code → label lookup in the interface language. */
export function useOptionChoices() {
  const { i18n } = useTranslation();
  const choices = useQuery({ queryKey: ['optionChoices'], queryFn: ({ signal }) => personaApi.optionChoices(signal), staleTime: 60_000 });
  const lang = i18n.language;
  const options = (category: OptionCategory) => (choices.data?.[category] ?? []).map((o) => ({ value: o.code, label: optionLabel(o, lang) }));
  const label = (category: OptionCategory, code: unknown): string => {
    if (typeof code !== 'string' || code === '') return '';
    const o = choices.data?.[category]?.find((c) => c.code === code);
    return o ? optionLabel(o, lang) : code;
  };
  return { options, label, isLoading: choices.isLoading };
}

/** A server message code (`customers.mobileUsed`) as an i18next key (`customers:mobileUsed`). */
export const messageKey = (code: string) => code.replace('.', ':');
