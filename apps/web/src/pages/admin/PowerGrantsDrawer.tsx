import { Alert, Descriptions, Drawer, Grid, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PowerGrant } from '@harbour/contracts';
import { enumKey } from '../../generic/i18n-key';
import { powerApi } from './power-api';
import { useRoleName } from '../../components/role-name';

/** One staff member's keys, each with the roles that grant it, grouped by menu group. */
export function PowerGrantsDrawer({ staffId, onClose }: { staffId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const roleName = useRoleName().name;
  const wide = Grid.useBreakpoint().md !== false;
  const item = useQuery({
    queryKey: ['powerStaff', staffId],
    queryFn: ({ signal }) => powerApi.staff(staffId!, signal),
    enabled: staffId !== undefined,
  });
  const data = item.data;
  // A long list of keys scrolls the drawer's body: keyboard users need a tab stop to scroll it.
  const content = useRef<HTMLDivElement>(null);
  const title = data ? `${data.name} (${data.username})` : t('power.grants');
  useEffect(() => {
    const body = content.current?.closest<HTMLElement>('.ant-drawer-body');
    if (!body) return;
    body.tabIndex = 0;
    body.setAttribute('role', 'region');
    body.setAttribute('aria-label', title);
  });
  return (
    <Drawer open={staffId !== undefined} onClose={onClose} title={title} size={wide ? 720 : '100%'} destroyOnHidden>
      <div ref={content} />
      {item.isLoading && <Skeleton active />}
      {item.isError && <Alert type="error" showIcon title={t('resource.loadFailed')} />}
      {data && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'roles', label: t('fields:roles'), children: data.roleNames.length ? <Tags values={data.roleNames} color="geekblue" label={roleName} /> : '—' },
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
              {
                key: 'group',
                title: t('power.group'),
                render: (_, g) => <span style={{ whiteSpace: 'nowrap' }}>{t(enumKey('permissionGroup', g.group), { defaultValue: g.group })}</span>,
              },
              {
                key: 'name',
                title: t('power.name'),
                // The key under its name: one column reads on a phone, and an auditor can search for it.
                render: (_, g) => (
                  <>
                    <div>{t(g.name, { defaultValue: g.key })}</div>
                    <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
                      {g.key}
                    </Typography.Text>
                  </>
                ),
              },
              { key: 'roles', title: t('power.grantedBy'), render: (_, g) => (g.roles.length ? <Tags values={g.roles} color="geekblue" label={roleName} /> : '—') },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

function Tags({ values, color, label = String }: { values: string[]; color?: string; label?: (name: string) => string }) {
  return (
    <Space size={[4, 4]} wrap>
      {values.map((v) => (
        <Tag key={v} color={color}>
          {label(v)}
        </Tag>
      ))}
    </Space>
  );
}
