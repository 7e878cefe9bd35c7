import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerItem, OptionCategory, OptionChoice, OptionChoices, RevealableCustomerField } from '@harbour/contracts';
import { request } from '../../api/index.js';

/** The customer calls beyond the declared CRUD (`/customers`): reveal, black/white list, and the option lists. */
export const personaApi = {
  get: (id: number, signal?: AbortSignal) => request<CustomerItem>(`/customers/${id}`, { signal }),
  create: (body: Record<string, unknown>) => request<CustomerItem>('/customers', { method: 'POST', body, silent: true }),
  update: (id: number, body: Record<string, unknown>) => request<CustomerItem>(`/customers/${id}`, { method: 'PUT', body, silent: true }),
  reveal: (id: number, field: RevealableCustomerField) =>
    request<{ field: RevealableCustomerField; value: string | null }>(`/customers/${id}/reveal`, { method: 'POST', body: { field } }),
  setListStatus: (id: number, status: 'black' | 'white', reason: string) =>
    request<CustomerItem>(`/customers/${id}/${status === 'black' ? 'blacklist' : 'whitelist'}`, { method: 'POST', body: { reason }, silent: true }),
  optionChoices: (signal?: AbortSignal) => request<OptionChoices>('/optionChoices', { signal }),
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
