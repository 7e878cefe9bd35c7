import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/**
 * A personal number (HKID / ID number, phone) as the answers carry it: always masked to the
 * "visible tel. no." digits. When the answer says the caller may reveal (`canReveal`: the area's
 * reveal key), a button asks the area's audited reveal call for the whole value; the server logs
 * every reveal, so it is a deliberate click per value.
 */
export function MaskedValue({
  value,
  canReveal,
  reveal,
  label,
}: {
  value: unknown;
  canReveal: boolean;
  /** The area's reveal call for this value. */
  reveal: () => Promise<{ value: string | null }>;
  /** The field's name, for the button's accessible name. */
  label: string;
}) {
  const { t } = useTranslation('admin');
  const [shown, setShown] = useState<string | null>();
  const revealing = useMutation({ mutationFn: reveal, onSuccess: (r) => setShown(r.value) });
  const text = shown !== undefined ? shown : value;
  if (text === null || text === undefined || text === '') return <>—</>;
  return (
    <Space size={4}>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{String(text)}</span>
      {canReveal && shown === undefined && (
        <Tooltip title={t('staff.reveal')}>
          <Button
            size="small"
            type="text"
            icon={<EyeOutlined />}
            loading={revealing.isPending}
            aria-label={t('staff.revealField', { field: label })}
            onClick={() => revealing.mutate()}
          />
        </Tooltip>
      )}
    </Space>
  );
}
