import { useEffect } from 'react';
import { Form, Select } from 'antd';
import { useRefOptions } from '../../generic/use-resource';

/**
 * The default login store, chosen among the stores ticked above it (spec: "default login" must be
 * one of the login stores). Follows the stores field: a store taken out of the list stops being
 * the default, and a single login store is the default without asking.
 */
export function DefaultStoreSelect({
  refPath,
  value,
  onChange,
  ...rest
}: { refPath: string; value?: number | string | null; onChange?: (v: number | string | undefined) => void } & Record<string, unknown>) {
  const form = Form.useFormInstance();
  const chosen: unknown = Form.useWatch('storeIds', form);
  const stores = useRefOptions(refPath);
  const ids: Array<number | string> = Array.isArray(chosen) ? (chosen as Array<number | string>) : [];
  const idsKey = ids.join(',');

  useEffect(() => {
    const has = value !== null && value !== undefined && ids.some((i) => String(i) === String(value));
    if (!has && ids.length === 1) onChange?.(ids[0]);
    else if (!has && value !== null && value !== undefined) onChange?.(undefined);
    // `ids` is compared by content through idsKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idsKey, value]);

  return (
    <Select
      value={value ?? undefined}
      onChange={onChange}
      disabled={ids.length === 0}
      options={(stores.data ?? []).filter((o) => ids.some((i) => String(i) === String(o.id))).map((o) => ({ value: o.id, label: o.name }))}
      {...rest}
    />
  );
}
