import { useEffect, useMemo } from 'react';
import { Form, type FormInstance, type FormItemProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isMaskedValue, type ResourceField } from '@harbour/contracts';
import { validateEmail, validateHkid, validateHkMobile } from '@harbour/domain';
import { FieldInput } from './FieldInput';
import { formFields, toFormValues, type FormMode } from './form-values';
import { nsKey } from './i18n-key';

/**
 * The create/edit form of a declared resource: one Form.Item per field with `form` set, the
 * control chosen by the field kind. Submitting is the caller's business (drawer or page), so the
 * same form serves both; `extra` adds hand-written items below the declared ones.
 */
/** A per-field setting, or a function of the item being edited when it depends on it. */
type PerItem<T> = T | ((item: Record<string, unknown> | undefined) => T);
const forItem = <T,>(value: PerItem<T> | undefined, item: Record<string, unknown> | undefined) =>
  typeof value === 'function' ? (value as (item: Record<string, unknown> | undefined) => T)(item) : value;

export interface ResourceFormProps {
  /** Form name: prefixes the control ids (`stores-form_storeName`), unique on the page. */
  name: string;
  form: FormInstance;
  fields: readonly ResourceField[];
  mode: FormMode;
  item?: Record<string, unknown>;
  onFinish: (values: Record<string, unknown>) => void;
  disabled?: boolean;
  extra?: React.ReactNode;
  /** Per-field extra Form.Item props (help texts, dependencies) for hand-written screens. */
  itemProps?: PerItem<Partial<Record<string, Partial<FormItemProps>>>>;
  /** Per-field control replacing the one the kind gives (a tags input, a dependent select). */
  controls?: PerItem<Partial<Record<string, React.ReactElement>>>;
}

export function ResourceForm({ name, form, fields, mode, item, onFinish, disabled, extra, itemProps, controls }: ResourceFormProps) {
  const { t } = useTranslation();
  const shown = useMemo(() => formFields(fields, mode), [fields, mode]);
  const propsOf = forItem(itemProps, item);
  const controlOf = forItem(controls, item);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(fields, item, mode));
  }, [form, fields, item, mode]);

  return (
    <Form form={form} name={name} layout="vertical" onFinish={onFinish} disabled={disabled} scrollToFirstError>
      {shown.map((f) => {
        const label = t(nsKey(f.label));
        return (
          <Form.Item
            key={f.name}
            name={f.name}
            label={label}
            rules={rulesFor(f, mode, label, t)}
            valuePropName={f.kind === 'boolean' ? 'checked' : 'value'}
            {...propsOf?.[f.name]}
          >
            {controlOf?.[f.name] ?? <FieldInput field={f} />}
          </Form.Item>
        );
      })}
      {extra}
    </Form>
  );
}

const CHOICE_KINDS = new Set<ResourceField['kind']>(['enum', 'ref', 'refs', 'date', 'datetime', 'boolean']);

/** Required fields; a password is required on create only ("only filled when changing"). */
function rulesFor(f: ResourceField, mode: FormMode, label: string, t: TFunction): Rule[] {
  const rules: Rule[] = [];
  const required = f.required && !(f.kind === 'password' && mode === 'edit');
  if (required) {
    rules.push({
      required: true,
      // "Choose …" for a choice, "Enter …" for typing (the Chinese wording differs).
      message: t(CHOICE_KINDS.has(f.kind) ? 'admin:resource.requiredChoice' : 'admin:resource.required', { label }),
      ...(f.kind === 'refs' ? { type: 'array' as const, min: 1 } : {}),
    });
  }
  // The same validators the server's contracts use, so the message shows before the round trip.
  // On edit a masked field may keep the mask it was loaded with (the server keeps the stored value).
  const keptMask = (v: string) => mode === 'edit' && f.masked === true && isMaskedValue(v);
  const check = (validate: (v: string) => { ok: boolean }, key: string): Rule => ({
    validator: (_, v: unknown) =>
      typeof v !== 'string' || v.trim() === '' || keptMask(v) || validate(v).ok ? Promise.resolve() : Promise.reject(new Error(t(key))),
  });
  if (f.kind === 'email') rules.push(check(validateEmail, 'validation:email'));
  if (f.kind === 'phone') rules.push(check(validateHkMobile, 'validation:mobile'));
  if (f.kind === 'hkid') rules.push(check(validateHkid, 'validation:hkid'));
  return rules;
}
