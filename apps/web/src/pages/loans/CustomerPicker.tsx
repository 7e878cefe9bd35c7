import { useState } from 'react';
import { Select, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../components/use-debounced';
import { loansApi, type CustomerChoice } from './loans-api';

interface Props {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** Customers already on the loan, so a saved choice shows its name before any search. */
  known?: readonly CustomerChoice[];
  id?: string;
  'aria-invalid'?: boolean;
}

const labelOf = (c: CustomerChoice) => `${c.name}${c.englishName ? ` (${c.englishName})` : ''} · ${c.idNumber} · ${c.customerCode}`;

/**
 * Chooses a borrower or partaker from the customer register: `GET /customers?q=&pageSize=10`
 * as the staff member types (name, ID number or phone); ID numbers and phones come masked.
 */
export function CustomerPicker({ value, onChange, known = [], ...rest }: Props) {
  const { t } = useTranslation('loans');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const found = useQuery({
    queryKey: ['customers', 'picker', q],
    queryFn: ({ signal }) => loansApi.customers(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const items = [...known.filter((k) => !found.data?.items.some((f) => f.id === k.id)), ...(q ? (found.data?.items ?? []) : [])];
  return (
    <Select<number>
      {...rest}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('picker.placeholder')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : q ? t('picker.notFound') : null}
      options={items.map((c) => ({ value: c.id, label: labelOf(c) }))}
      style={{ width: '100%' }}
    />
  );
}
