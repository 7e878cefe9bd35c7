import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, Grid, Input, Select, Space } from 'antd';
import { FilterOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ResourceField } from '@harbour/contracts';
import { DATE_FORMAT } from './form-values';
import { enumKey, nsKey } from './i18n-key';
import { useRefOptions } from './use-resource';

/**
 * The filter row of a resource list, one control per field with a `filter` kind. It edits a copy
 * and applies on Search (or Enter), so typing does not reload the list on every key. On a phone
 * only the first filter shows, with a "More filters" button (counting those applied), so the list
 * itself is on the first screen.
 */
export interface FilterBarProps {
  /** Form name: prefixes the control ids so they never clash with the edit form's. */
  name: string;
  fields: readonly ResourceField[];
  /** Applied filters, as query parameters. */
  value: Record<string, string>;
  onApply: (filters: Record<string, string>) => void;
  /** Replaces the control of a filter (a choice list the declaration cannot name); it gets `value`/`onChange`. */
  controls?: Partial<Record<string, ReactNode>>;
}

type FormValues = Record<string, string | [Dayjs | null, Dayjs | null] | null | undefined>;

export function FilterBar({ name, fields, value, onApply, controls }: FilterBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const filtered = useMemo(() => fields.filter((f) => f.filter), [fields]);
  // Compared by content: the caller derives `value` from the URL on every render.
  const applied = JSON.stringify(value);
  const phone = Grid.useBreakpoint().md === false;
  const [more, setMore] = useState(false);
  const folded = phone && !more && filtered.length > 2;
  const foldedApplied = folded ? filtered.slice(1).filter((f) => Object.keys(value).some((k) => k === f.name || k === `${f.name}From` || k === `${f.name}To`)).length : 0;

  // Follow the URL: back/forward or a reopened tab shows the filters that are applied.
  useEffect(() => {
    form.setFieldsValue(toFormValues(filtered, JSON.parse(applied) as Record<string, string>));
  }, [form, filtered, applied]);

  if (filtered.length === 0) return null;
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      role="search"
      aria-label={t('admin:resource.filters')}
      onFinish={(v) => onApply(toFilters(filtered, v))}
      style={{ rowGap: 8, marginBottom: 16 }}
    >
      {filtered.map((f, i) => (
        <Form.Item key={f.name} name={f.name} label={t(nsKey(f.label))} style={{ maxWidth: '100%' }} hidden={folded && i > 0}>
          {controls?.[f.name] ?? <FilterControl field={f} />}
        </Form.Item>
      ))}
      <Form.Item style={{ maxWidth: '100%' }}>
        {/* on a phone the third button goes to a second line rather than past the screen's edge */}
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('admin:resource.search')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('admin:resource.reset')}
          </Button>
          {phone && filtered.length > 2 && (
            <Button icon={<FilterOutlined />} aria-expanded={!folded} onClick={() => setMore(folded)}>
              {folded ? (foldedApplied ? t('admin:resource.moreFiltersApplied', { count: foldedApplied }) : t('admin:resource.moreFilters')) : t('admin:resource.fewerFilters')}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}

function FilterControl({ field, ...rest }: { field: ResourceField } & Record<string, unknown>) {
  const { t } = useTranslation();
  const refs = useRefOptions(field.filter === 'ref' ? field.refPath : undefined);
  const width = { width: 180 };
  switch (field.filter) {
    case 'enum':
      return (
        <Select
          allowClear
          style={width}
          options={(field.options ?? []).map((v) => ({ value: v, label: t(enumKey(field.enumName ?? field.name, v)) }))}
          {...rest}
        />
      );
    case 'boolean':
      return (
        <Select
          allowClear
          style={width}
          options={[
            { value: 'true', label: t('admin:resource.yes') },
            { value: 'false', label: t('admin:resource.no') },
          ]}
          {...rest}
        />
      );
    case 'ref':
      return (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={width}
          loading={refs.isLoading}
          options={(refs.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          {...rest}
        />
      );
    case 'dateRange':
      return <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} style={{ width: 260, maxWidth: '100%' }} {...rest} />;
    default:
      return <Input allowClear style={width} autoComplete="off" {...rest} />;
  }
}

function toFormValues(fields: readonly ResourceField[], value: Record<string, string>): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    if (f.filter === 'dateRange') {
      const from = value[`${f.name}From`];
      const to = value[`${f.name}To`];
      out[f.name] = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined;
    } else {
      out[f.name] = value[f.name];
    }
  }
  return out;
}

/** Form values → query parameters; empty controls give no parameter. */
export function toFilters(fields: readonly ResourceField[], v: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const x = v[f.name];
    if (f.filter === 'dateRange') {
      const [from, to] = Array.isArray(x) ? x : [null, null];
      if (from) out[`${f.name}From`] = from.format(DATE_FORMAT);
      if (to) out[`${f.name}To`] = to.format(DATE_FORMAT);
    } else if (typeof x === 'string' && x.trim() !== '') {
      out[f.name] = x.trim();
    }
  }
  return out;
}
