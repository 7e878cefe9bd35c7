import { Badge, Space, Tag, Tooltip } from 'antd';
import { LockOutlined, StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { enumKey } from '../../generic/i18n-key';
import type { Row } from '../../generic/use-resource';
import { DefaultStoreSelect } from './DefaultStoreSelect';
import { MaskedValue } from '../../components/MaskedValue';
import { adminApi } from './admin-api';
import { StaffRowActions } from './StaffRowActions';
import { staffResource } from '@harbour/contracts';
import { staffItemToForm } from './staff-form';
import { ApprovalLimit } from '../../components/ApprovalLimit.js';
import { useRoleName } from '../../components/role-name.js';

type IdName = { id: number; name: string };
const idNames = (v: unknown): IdName[] => (Array.isArray(v) ? (v as IdName[]) : []);
const NEW_STAFF = { id: 0, defaultLanguage: 'zh-TW' };
const defaultStoreRef = staffResource.fields.find((f) => f.name === 'defaultStoreId')?.refPath ?? '';

/**
 * Staff list (spec §2 Admin list / Staff list): filters, create and edit in a drawer, forbid and
 * restore, unlock, login stores with the default one starred, roles, level and (from it) maximum
 * approved amount, and the masked mobile with its audited reveal.
 */
export default function StaffPage() {
  const { t } = useTranslation('admin');
  const roleName = useRoleName().name;
  return (
    <ResourceListPage
      decl={staffResource}
      cells={{
        mobile: (row) => (
          <MaskedValue value={row.mobile} canReveal={row.canReveal === true} reveal={() => adminApi.reveal(Number(row.id), 'mobile')} label={t('fields:mobile')} />
        ),
        state: (row) => <StateTags row={row} />,
        maxApprovedAmount: (row) => <ApprovalLimit amount={row.maxApprovedAmount} unlimited={row.approvalUnlimited} />,
      }}
      extraColumns={[
        {
          key: 'stores',
          title: t('fields:loginStores'),
          render: (_, row) => (
            <Space size={[4, 4]} wrap style={{ maxWidth: 280 }}>
              {idNames(row.stores).map((s) => (
                <Tag key={s.id} icon={s.id === row.defaultStoreId ? <StarFilled aria-label={t('fields:defaultStore')} /> : undefined}>
                  {s.name}
                </Tag>
              ))}
            </Space>
          ),
        },
        {
          key: 'roles',
          title: t('fields:roles'),
          render: (_, row) => (
            <Space size={[4, 4]} wrap style={{ maxWidth: 240 }}>
              {idNames(row.roles).map((r) => (
                <Tag key={r.id} color="geekblue">
                  {roleName(r.name)}
                </Tag>
              ))}
            </Space>
          ),
        },
      ]}
      rowActions={(row) => <StaffRowActions row={row} />}
      formProps={{
        size: 640,
        prepareItem: staffItemToForm,
        defaults: NEW_STAFF,
        titles: { create: 'shell:perm.admin.create', edit: 'shell:perm.admin.update' },
        controls: { defaultStoreId: <DefaultStoreSelect refPath={defaultStoreRef} /> },
        itemProps: {
          password: { extra: t('staff.passwordHint') },
          levelId: { extra: t('staff.levelHint') },
          defaultStoreId: { extra: t('staff.pickStoresFirst') },
        },
      }}
    />
  );
}

function StateTags({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  const forbidden = row.state === 'forbidden';
  // A status dot with plain text: readable in both themes, unlike pale tag colours.
  return (
    <Space size={8} wrap>
      <Badge status={forbidden ? 'error' : 'success'} text={t(enumKey('staffState', String(row.state)))} />
      {row.locked === true && (
        <Tooltip title={t('staff.lockedHint')}>
          <Space size={4}>
            <LockOutlined aria-hidden />
            {t('staff.locked')}
          </Space>
        </Tooltip>
      )}
    </Space>
  );
}
