import { useMemo, useState } from 'react';
import { Select, Tag } from 'antd';
import { NameTags } from '../../components/NameTags.js';
import { SafetyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { powerStaffResource } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { RowAction } from '../../generic/RowAction';
import type { Row } from '../../generic/use-resource';
import { PowerGrantsDrawer } from './PowerGrantsDrawer';
import { useRoleName } from '../../components/role-name';
import { powerApi } from './power-api';

/**
 * Power → staff list (spec §2): who holds which key. "Who may approve loans?" is the key filter;
 * a row opens the member's keys with the roles that grant each.
 */
export default function PowerStaffPage() {
  const { t } = useTranslation('admin');
  const roleName = useRoleName().name;
  const [open, setOpen] = useState<number | undefined>();
  const keys = useQuery({ queryKey: ['powerStaffKeys'], queryFn: ({ signal }) => powerApi.keys(signal), staleTime: 60_000 });
  const filterControls = useMemo(
    () => ({
      permissionKey: (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 260 }}
          placeholder={t('power.filterKeyPlaceholder')}
          loading={keys.isLoading}
          options={(keys.data?.items ?? []).map((k) => ({ value: k.key, label: `${t(k.name, { defaultValue: k.key })} · ${k.key}` }))}
        />
      ),
    }),
    [keys.data, keys.isLoading, t],
  );
  return (
    <>
      <ResourceListPage
        decl={powerStaffResource}
        filterControls={filterControls}
        onOpen={(row: Row) => setOpen(Number(row.id))}
        cells={{
          storeNames: (row: Row) => (row.allStores ? <Tag><strong>{t('power.allStores')}</strong></Tag> : <NameTags names={row.storeNames} />),
          roleNames: (row: Row) => <NameTags names={row.roleNames} color="geekblue" label={roleName} />,
        }}
        rowActions={(row: Row) => (
          <RowAction
            icon={<SafetyOutlined />}
            onClick={(e) => {
              e.stopPropagation();
              setOpen(Number(row.id));
            }}
          >
            {t('power.viewGrants')}
          </RowAction>
        )}
      />
      <PowerGrantsDrawer staffId={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
