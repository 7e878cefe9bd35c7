import { Button, Select, Space, Tag } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../components/Permission.js';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { resourceKeys, type Row } from '../../generic/use-resource';
import { useFeedback } from '../../generic/use-feedback';
import { adminApi } from './admin-api';
import { POWER_PERMISSIONS, permissionsResource } from '@harbour/contracts';

const NEW_PERMISSION = { id: 0, state: 'normal', sort: 0, api: [] };

/** Shown (and translated) as the catalogue's i18n key says; the raw text when it is not a key. */
function PermissionName({ row }: { row: Row }) {
  const { t } = useTranslation();
  const name = String(row.name);
  return <>{t(name, { defaultValue: name })}</>;
}

/**
 * Power list (spec §2, §6): the permission catalogue, editable, with "refresh permissions" that
 * rebuilds it from the routes the server registers.
 */
export default function PermissionsPage() {
  const { t } = useTranslation('admin');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const refresh = useMutation({
    mutationFn: adminApi.refreshPermissions,
    onSuccess: (r) => {
      message.success(t('permissions.refreshed', { added: r.added, updated: r.updated, total: r.total }));
      return qc.invalidateQueries({ queryKey: resourceKeys.all(permissionsResource.path) });
    },
  });

  return (
    <ResourceListPage
      decl={permissionsResource}
      toolbar={
        <Permission need={POWER_PERMISSIONS.refresh}>
          <Button icon={<SyncOutlined />} loading={refresh.isPending} onClick={() => refresh.mutate()}>
            {t('permissions.refresh')}
          </Button>
        </Permission>
      }
      cells={{
        name: (row) => <PermissionName row={row} />,
        api: (row) =>
          Array.isArray(row.api) && row.api.length > 0 ? (
            <Space size={[4, 4]} wrap style={{ maxWidth: 360 }}>
              {row.api.map((a) => (
                <Tag key={String(a)} style={{ fontFamily: 'monospace' }}>
                  {String(a)}
                </Tag>
              ))}
            </Space>
          ) : (
            '—'
          ),
      }}
      formProps={{
        defaults: NEW_PERMISSION,
        controls: {
          api: <Select mode="tags" tokenSeparators={[',']} placeholder={t('permissions.apiPlaceholder')} open={false} suffixIcon={null} />,
        },
        itemProps: { api: { extra: t('permissions.apiHelp') } },
      }}
    />
  );
}
