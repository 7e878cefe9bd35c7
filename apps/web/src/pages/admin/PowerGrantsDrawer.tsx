import { Alert, Descriptions, Drawer, Grid, Skeleton, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PowerGrant } from '@harbour/contracts';
import { enumKey } from '../../generic/i18n-key';
import { powerApi } from './power-api';

/** One staff member's keys, each with the roles that grant it, grouped by menu group. */
export function PowerGrantsDrawer({ staffId, onClose }: { staffId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const wide = Grid.useBreakpoint().md !== false;
  const item = useQuery({
    queryKey: ['powerStaff', staffId],
    queryFn: ({ signal }) => powerApi.staff(staffId!, signal),
    enabled: staffId !== undefined,
  });
  const data = item.data;
  return (
    <Drawer open={staffId !== undefined} onClose={onClose} title={data ? `${data.name} (${data.username})` : t('power.grants')} size={wide ? 720 : '100%'} destroyOnHidden>
      {item.isLoading && <Skeleton active />}
      {item.isError && <Alert type="error" showIcon title={t('resource.loadFailed')} />}
      {data && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'roles', label: t('fields:roles'), children: data.roleNames.length ? <Tags values={data.roleNames} color="geekblue" /> : '—' },
              { key: 'stores', label: t('fields:loginStores'), children: data.allStores ? t('power.allStores') : <Tags values={data.storeNames} /> },
              { key: 'count', label: t('power.keyCount'), children: data.keyCount },
            ]}
          />
          {data.superAdmin && <Alert style={{ marginTop: 16 }} type="info" showIcon title={t('power.superAdmin')} />}
          <Table<PowerGrant>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={data.grants}
            locale={{ emptyText: t('power.noGrants') }}
            columns={[
              { key: 'group', title: t('power.group'), width: 120, render: (_, g) => t(enumKey('permissionGroup', g.group), { defaultValue: g.group }) },
              { key: 'name', title: t('power.name'), render: (_, g) => t(g.name, { defaultValue: g.key }) },
              { key: 'key', title: t('power.key'), render: (_, g) => <code>{g.key}</code> },
              { key: 'roles', title: t('power.grantedBy'), render: (_, g) => (g.roles.length ? <Tags values={g.roles} color="geekblue" /> : '—') },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

function Tags({ values, color }: { values: string[]; color?: string }) {
  return (
    <Space size={[4, 4]} wrap>
      {values.map((v) => (
        <Tag key={v} color={color}>
          {v}
        </Tag>
      ))}
    </Space>
  );
}
