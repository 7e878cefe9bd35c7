import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RevealableStaffField } from '@harbour/contracts';
import { Can } from '../../generic/Can';
import { adminApi } from './admin-api';
import { STAFF_KEYS } from './staff-decl';

/**
 * A staff member's mobile or HKID as the list answers it (masked to the "visible tel. no." digits
 * for staff who may not see it). Holders of `staff.reveal` can show the whole value; the server
 * logs every reveal, so it is a deliberate click per value, never automatic.
 */
export function MaskedValue({ id, field, value, masked }: { id: number; field: RevealableStaffField; value: unknown; masked: boolean }) {
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
      {masked && shown === undefined && (
        <Can perm={STAFF_KEYS.reveal}>
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
        </Can>
      )}
    </Space>
  );
}
