import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoanItem } from '@harbour/contracts';
import { moneyDisplay } from '../../components/format.js';
import { loansApi } from './loans-api';

interface Props {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** the borrower chosen in section A: their repaying loans are offered */
  customerId?: number | null;
  /** the saved choice, so it shows its number before the list arrives */
  saved?: LoanItem['reloanOf'];
  id?: string;
  'aria-invalid'?: boolean;
}

/**
 * "Reloan of" (spec §3 reloan number): none, or one of the borrower's repaying loans, which the
 * payout will settle. The server checks the choice again (same borrower and store, still
 * repaying, named by no other live application).
 */
export function ReloanPicker({ value, onChange, customerId, saved, ...rest }: Props) {
  const { t } = useTranslation('loans');
  const loans = useQuery({
    queryKey: ['loans', 'repayingOf', customerId],
    queryFn: ({ signal }) => loansApi.repayingOf(customerId!, signal),
    enabled: !!customerId,
    staleTime: 30_000,
  });
  const own = (loans.data?.items ?? []).filter((l) => l.customer.id === customerId);
  const options = own.map((l) => ({ value: l.id, label: `${l.loanNo ?? l.applyNo} · HK$${moneyDisplay(l.loanAmount)} · ${l.payoutDate ?? ''}` }));
  if (saved && value === saved.id && !own.some((l) => l.id === saved.id)) options.unshift({ value: saved.id, label: saved.loanNo ?? saved.applyNo });
  return (
    <Select<number>
      {...rest}
      allowClear
      loading={loans.isFetching}
      disabled={!customerId}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('form.reloanNone')}
      options={options}
      style={{ width: '100%' }}
    />
  );
}
