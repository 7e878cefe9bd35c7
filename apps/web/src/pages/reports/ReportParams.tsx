import { useState } from 'react';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ReportDecl, ReportParamDecl } from '@harbour/contracts';
import { DATE_FORMAT } from '../../generic/form-values';
import { useSession } from '../../stores/session.js';
import type { StoreRef } from '../../api/types.js';
import { storeLabel } from '../../shell/StoreSwitcher';
import { recordChoices } from './report-api';
import type { ParamValues } from './report-model';

const FORMATS: Partial<Record<ReportParamDecl['kind'], string>> = { date: DATE_FORMAT, month: 'YYYY-MM', year: 'YYYY' };

/** A parameter's label: the report's own (`reports:<name>.params.<p>`) or the shared one (`reports:params.<p>`). */
export function useParamLabel(decl: ReportDecl) {
  const { t } = useTranslation('reports');
  return (p: ReportParamDecl) => t([`${decl.name}.params.${p.name}`, `params.${p.name}`]);
}

/** An enum option's label: `enums:<enumNs>.<v>` or `reports:params.<p>Options.<v>`. */
export function useOptionLabel() {
  const { t } = useTranslation(['reports', 'enums']);
  return (p: ReportParamDecl, v: string) => (p.enumNs ? t(`enums:${p.enumNs}.${v}`) : t(`reports:params.${p.name}Options.${v}`));
}

const NO_STORES: readonly StoreRef[] = [];

/** The session's stores, as the store parameter offers them. */
export function useStoreOptions() {
  const { i18n } = useTranslation();
  // the selector answers the session's own array (a new [] each time would re-render forever)
  const stores = useSession((s) => s.user?.stores) ?? NO_STORES;
  return stores.map((s) => ({ value: s.store_id, label: storeLabel(s, i18n.language) }));
}

/** A staff / agent / OCA agent / customer, searched by name in the list the product already has. */
function RecordSelect({ p, value, onChange, label }: { p: ReportParamDecl; value: number | null; onChange: (v: number | null) => void; label: string }) {
  const { t } = useTranslation('reports');
  const [q, setQ] = useState('');
  const fetcher = recordChoices[p.kind];
  const choices = useQuery({ queryKey: ['report-choices', p.kind, q], queryFn: ({ signal }) => fetcher!(q, signal), enabled: !!fetcher, staleTime: 60_000 });
  return (
    <Select
      aria-label={label}
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear
      placeholder={t('page.any')}
      style={{ minWidth: 180 }}
      popupMatchSelectWidth={false}
      value={value ?? undefined}
      options={choices.data ?? []}
      loading={choices.isFetching}
      onChange={(v: number | undefined) => onChange(v ?? null)}
    />
  );
}

/** One parameter's input by its kind; `value` as the query string carries it. */
export function ParamInput({ decl, p, value, onChange }: { decl: ReportDecl; p: ReportParamDecl; value: string | number | null; onChange: (v: string | number | null) => void }) {
  const { t } = useTranslation('reports');
  const label = useParamLabel(decl)(p);
  const optionLabel = useOptionLabel();
  const stores = useStoreOptions();
  switch (p.kind) {
    case 'date':
    case 'month':
    case 'year': {
      const format = FORMATS[p.kind]!;
      return (
        <DatePicker
          aria-label={label}
          picker={p.kind === 'date' ? 'date' : p.kind}
          format={format}
          allowClear={!p.required}
          style={{ width: p.kind === 'date' ? 140 : 120 }}
          value={value === null || value === '' ? null : dayjs(String(value), format)}
          onChange={(d) => onChange(d ? (p.kind === 'year' ? d.year() : d.format(format)) : null)}
        />
      );
    }
    case 'store':
      return (
        <Select
          aria-label={label}
          allowClear
          placeholder={t('page.allStores')}
          style={{ minWidth: 150 }}
          popupMatchSelectWidth={false}
          value={value === null ? undefined : Number(value)}
          options={stores}
          onChange={(v: number | undefined) => onChange(v ?? null)}
        />
      );
    case 'enum':
      return (
        <Select
          aria-label={label}
          allowClear={!p.required}
          placeholder={t('page.any')}
          style={{ minWidth: 150 }}
          popupMatchSelectWidth={false}
          value={value === null ? undefined : String(value)}
          options={(p.options ?? []).map((o) => ({ value: o, label: optionLabel(p, o) }))}
          onChange={(v: string | undefined) => onChange(v ?? null)}
        />
      );
    case 'integer':
      return <InputNumber aria-label={label} min={0} precision={0} style={{ width: 120 }} value={value === null ? null : Number(value)} onChange={(v) => onChange(v ?? null)} />;
    case 'text':
      return <Input aria-label={label} allowClear maxLength={100} style={{ width: 200 }} value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value || null)} />;
    default:
      return <RecordSelect p={p} label={label} value={value === null ? null : Number(value)} onChange={onChange} />;
  }
}

/** The applied parameters in words, for the report's heading and its print view. */
export function useParamSummary(decl: ReportDecl) {
  const { t } = useTranslation('reports');
  const paramLabel = useParamLabel(decl);
  const optionLabel = useOptionLabel();
  const stores = useStoreOptions();
  return (params: ParamValues): [string, string][] =>
    decl.params.map((p) => {
      const v = params[p.name] ?? null;
      let text: string;
      if (v === null || v === '') text = p.kind === 'store' ? t('page.allStores') : t('page.any');
      else if (p.kind === 'store') text = stores.find((s) => s.value === Number(v))?.label ?? String(v);
      else if (p.kind === 'enum') text = optionLabel(p, String(v));
      else text = String(v);
      return [paramLabel(p), text];
    });
}
