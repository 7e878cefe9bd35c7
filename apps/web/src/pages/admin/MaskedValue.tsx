import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RevealableStaffField } from '@harbour/contracts';
import { adminApi } from './admin-api';

/**
 * A staff member's mobile or HKID as the list answers it: always masked to the "visible tel. no."
 * digits. When the answer says the caller may reveal (`canReveal`, i.e. `staff.reveal`), a button
 * shows the whole value; the server logs every reveal, so it is a deliberate click per value.
 */
export function MaskedValue({ id, field, value, canReveal }: { id: number; field: RevealableStaffField; value: unknown; canReveal: boolean }) {
  const { t } = useTranslation('admin');
  const [shown, setShown] = useState<string | null>();
  const reveal = useMutation({
    mutationFn: () => adminApi.reveal(id, field),
    onSuccess: (r) => setShown(r.value),
  });
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
            loading={reveal.isPending}
            aria-label={t('staff.revealField', { field: t(`fields:${field}`) })}
            onClick={() => reveal.mutate()}
          />
        </Tooltip>
      )}
    </Space>
  );
}
