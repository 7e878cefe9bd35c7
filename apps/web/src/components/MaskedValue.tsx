import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';

/**
 * A personal number (HKID, ID number, phone) as list answers carry it: always masked to the
 * "visible tel. no." digits. When the answer says the caller may reveal (`canReveal`), a button
 * asks the server's reveal action for the whole value; the server logs every reveal, so it is a
 * deliberate click per value.
 */
export function MaskedValue({
  value,
  canReveal,
  reveal,
  title,
  label,
}: {
  value: unknown;
  canReveal: boolean;
  /** Calls the resource's audited reveal action and resolves with the whole value. */
  reveal: () => Promise<string | null>;
  /** Tooltip of the button ("Show the whole number"). */
  title: string;
  /** Accessible name of the button, naming the field. */
  label: string;
}) {
  const [shown, setShown] = useState<string | null>();
  const mutation = useMutation({ mutationFn: reveal, onSuccess: (v) => setShown(v) });
  const text = shown !== undefined ? shown : value;
  if (text === null || text === undefined || text === '') return <>—</>;
  return (
    <Space size={4}>
      <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{String(text)}</span>
      {canReveal && shown === undefined && (
        <Tooltip title={title}>
          <Button size="small" type="text" icon={<EyeOutlined />} loading={mutation.isPending} aria-label={label} onClick={() => mutation.mutate()} />
        </Tooltip>
      )}
    </Space>
  );
}
