import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceField } from '@harbour/contracts';
import { DecimalInput } from '../components/DecimalInput.js';
import { DATE_FORMAT, DATETIME_FORMAT } from './form-values';
import { enumKey } from './i18n-key';
import { useRefOptions } from './use-resource';

/**
 * The form control for one declared field kind. antd's Form.Item injects `value`/`onChange`
 * (and `id`, which ties the control to its label for screen readers) through `rest`.
 */
export function FieldInput({ field, ...rest }: { field: ResourceField } & Record<string, unknown>) {
  const { t } = useTranslation();
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} {...rest} />;
    case 'integer':
      return <InputNumber precision={0} style={{ width: '100%' }} {...rest} />;
    case 'money':
      return <DecimalInput grouped precision={2} className="harbour-money-input" {...rest} />;
    case 'rate':
      return <InputNumber<string> stringMode min="0" step="0.01" style={{ width: '100%' }} {...rest} />;
    case 'date':
      return <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} {...rest} />;
    case 'datetime':
      return <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} {...rest} />;
    case 'enum':
      return (
        <Select
          allowClear={!field.required}
          options={(field.options ?? []).map((v) => ({ value: v, label: t(enumKey(field.enumName ?? field.name, v)) }))}
          {...rest}
        />
      );
    case 'boolean':
      return <Switch {...rest} />;
    case 'password':
      return <Input.Password autoComplete="new-password" {...rest} />;
    case 'email':
      return <Input type="email" autoComplete="off" {...rest} />;
    case 'phone':
      return <Input inputMode="tel" autoComplete="off" {...rest} />;
    case 'hkid':
      return <Input autoComplete="off" style={{ textTransform: 'uppercase' }} {...rest} />;
    case 'ref':
    case 'refs':
      return <RefSelect field={field} {...rest} />;
    default:
      return <Input autoComplete="off" {...rest} />;
  }
}

/** Choices of a `ref`/`refs` field, listed from its `refPath`. */
function RefSelect({ field, ...rest }: { field: ResourceField } & Record<string, unknown>) {
  const { data, isLoading } = useRefOptions(field.refPath);
  return (
    <Select
      mode={field.kind === 'refs' ? 'multiple' : undefined}
      allowClear={!field.required}
      loading={isLoading}
      optionFilterProp="label"
      showSearch
      options={(data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      {...rest}
    />
  );
}
