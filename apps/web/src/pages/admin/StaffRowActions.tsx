import { Popconfirm } from 'antd';
import { StopOutlined, UndoOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../generic/RowAction';
import { Permission } from '../../components/Permission.js';
import { resourceKeys, type Row } from '../../generic/use-resource';
import { useFeedback } from '../../generic/use-feedback';
import { adminApi } from './admin-api';
import { STAFF_PERMISSIONS, staffResource, type StaffState } from '@harbour/contracts';

/**
 * Forbid / restore (spec §4 admin state; forbidding ends the person's sessions) and unlocking an
 * account locked after failed logins, each behind a confirmation.
 */
export function StaffRowActions({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const done = (text: string) => {
    message.success(text);
    return qc.invalidateQueries({ queryKey: resourceKeys.all(staffResource.path) });
  };
  const setState = useMutation({
    mutationFn: (state: StaffState) => adminApi.setStaffState(Number(row.id), state),
    onSuccess: () => done(t('success:statusChanged')),
  });
  const unlock = useMutation({
    mutationFn: () => adminApi.unlockStaff(Number(row.id)),
    onSuccess: () => done(t('success:unlocked')),
  });
  const forbidden = row.state === 'forbidden';
  const name = String(row.name);

  return (
    <>
      <Permission need={STAFF_PERMISSIONS.state}>
        <Popconfirm
          title={forbidden ? t('staff.restoreTitle') : t('staff.forbidTitle')}
          description={forbidden ? t('staff.restoreText', { name }) : t('staff.forbidText', { name })}
          okText={forbidden ? t('staff.restore') : t('staff.forbid')}
          cancelText={t('resource.cancel')}
          okButtonProps={{ danger: !forbidden }}
          onConfirm={() => setState.mutateAsync(forbidden ? 'normal' : 'forbidden').catch(() => undefined)}
        >
          <RowAction danger={!forbidden} icon={forbidden ? <UndoOutlined /> : <StopOutlined />}>
            {forbidden ? t('staff.restore') : t('staff.forbid')}
          </RowAction>
        </Popconfirm>
      </Permission>
      {row.locked === true && (
        <Permission need={STAFF_PERMISSIONS.unlock}>
          <Popconfirm
            title={t('staff.unlockTitle')}
            description={t('staff.unlockText', { name })}
            okText={t('staff.unlock')}
            cancelText={t('resource.cancel')}
            onConfirm={() => unlock.mutateAsync().catch(() => undefined)}
          >
            <RowAction icon={<UnlockOutlined />}>
              {t('staff.unlock')}
            </RowAction>
          </Popconfirm>
        </Permission>
      )}
    </>
  );
}
