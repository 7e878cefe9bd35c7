import { Fragment, useState, type ReactNode } from 'react';
import { DatePicker, Select } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../generic/form-values';
import { LoanFinder } from '../loans/LoanFinder';
import { repaymentsApi } from './repayments-api';

/**
 * Controls the servicing lists share (tips list, process list): the server-side sort of a table,
 * the next-due-date range and the "overdue only" choice of the filter bar.
 */

/** `sort=<column>:asc|desc` kept for the server, the columns' sort arrows, and the table's change handler. */
export function useServerSort<K extends string>() {
  const [sort, setSort] = useState<string | undefined>(undefined);
  const sortOrder = (key: K): SortOrder => (sort?.startsWith(`${key}:`) ? (sort.endsWith(':desc') ? 'descend' : 'ascend') : null);
  const onSort = <R,>(sorter: SorterResult<R> | SorterResult<R>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.columnKey as K | undefined;
    setSort(key && s?.order ? `${key}:${s.order === 'descend' ? 'desc' : 'asc'}` : undefined);
  };
  return { sort, setSort, sortOrder, onSort };
}

/** The next due date from / to (either may be left open), as `YYYY-MM-DD` strings. */
export function DueRangePicker({
  from,
  to,
  label,
  placeholders,
  width,
  onChange,
}: {
  from?: string;
  to?: string;
  label: string;
  placeholders: [string, string];
  width: number;
  onChange: (from: string | undefined, to: string | undefined) => void;
}) {
  return (
    <DatePicker.RangePicker
      aria-label={label}
      placeholder={placeholders}
      format={DATE_FORMAT}
      allowEmpty={[true, true]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      style={{ width, maxWidth: '100%' }}
      onChange={(v) => {
        const [a, b] = v ?? [null, null];
        onChange(a?.format(DATE_FORMAT), b?.format(DATE_FORMAT));
      }}
    />
  );
}

/** Every loan, or the overdue ones only (`overdueOnly=yes`). */
export function OverdueOnlySelect({ value, all, only, width, onChange }: { value?: 'yes'; all: string; only: string; width: number; onChange: (v: 'yes' | undefined) => void }) {
  return (
    <Select
      aria-label={only}
      style={{ width }}
      value={value ?? 'no'}
      options={[
        { value: 'no', label: all },
        { value: 'yes', label: only },
      ]}
      onChange={(v: 'yes' | 'no') => onChange(v === 'yes' ? 'yes' : undefined)}
    />
  );
}

/**
 * A repayment page of one paid-out loan (`<path>?loanId=`): the loan finder among paid-out loans
 * until one is chosen, then `children(loanId)`, keyed by the loan so another loan starts afresh.
 */
export function ChosenLoan({ path, finderTitle, children }: { path: string; finderTitle: string; children: (loanId: number) => ReactNode }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const raw = search.get('loanId') ?? '';
  const loanId = /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (!loanId) return <LoanFinder search={repaymentsApi.findLoans} title={finderTitle} onOpen={(l) => navigate(`${path}?loanId=${l.id}`)} />;
  return <Fragment key={loanId}>{children(loanId)}</Fragment>;
}
