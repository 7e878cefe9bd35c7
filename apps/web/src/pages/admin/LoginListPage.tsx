import { Popconfirm, Tag, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../generic/RowAction';
import { Permission } from '../../components/Permission.js';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { resourceKeys, type Row } from '../../generic/use-resource';
import { useFeedback } from '../../generic/use-feedback';
import { adminApi } from './admin-api';
import { loginListResource as loginListDecl } from '@harbour/contracts';

const REVOKE = 'system.loginList.revoke';

/**
 * Login list (spec §2, §6): who is signed in, where from, since when; an admin can force a session
 * to log out, which takes effect on that session's next request.
 */
export default function LoginListPage() {
  const { t } = useTranslation('admin');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const revoke = useMutation({
    mutationFn: (id: number) => adminApi.revokeSession(id),
    onSuccess: () => {
      message.success(t('success:revoked'));
      return qc.invalidateQueries({ queryKey: resourceKeys.all(loginListDecl.path) });
    },
  });

  const rowActions = (row: Row) =>
    row.current === true ? (
      <Tag color="blue">{t('loginList.thisSession')}</Tag>
    ) : (
      <Permission need={REVOKE}>
        <Popconfirm
          title={t('loginList.confirmTitle')}
          description={t('loginList.confirmText', { name: String(row.staffName ?? row.username) })}
          okText={t('loginList.forceLogout')}
          cancelText={t('resource.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => revoke.mutateAsync(Number(row.id)).catch(() => undefined)}
        >
          <RowAction danger icon={<LogoutOutlined />}>
            {t('loginList.forceLogout')}
          </RowAction>
        </Popconfirm>
      </Permission>
    );

  return (
    <ResourceListPage
      decl={loginListDecl}
      rowActions={rowActions}
      cells={{
        userAgent: (row) => (
          <Typography.Text ellipsis={{ tooltip: String(row.userAgent ?? '') }} style={{ maxWidth: 260 }}>
            {String(row.userAgent ?? '—')}
          </Typography.Text>
        ),
      }}
    />
  );
}
