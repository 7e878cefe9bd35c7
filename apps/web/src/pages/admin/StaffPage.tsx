import { Space, Tag, Tooltip } from 'antd';
import { LockOutlined, StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { enumKey } from '../../generic/i18n-key';
import type { Row } from '../../generic/useResource';
import { DefaultStoreSelect } from './DefaultStoreSelect';
import { MaskedValue } from './MaskedValue';
import { StaffRowActions } from './StaffRowActions';
import { staffDecl } from './staff-decl';
import { staffItemToForm } from './staff-form';

type IdName = { id: number; name: string };
const idNames = (v: unknown): IdName[] => (Array.isArray(v) ? (v as IdName[]) : []);
const defaultStoreRef = staffDecl.fields.find((f) => f.name === 'defaultStoreId')?.refPath ?? '';

/**
 * Staff list (spec §2 Admin list / Staff list): filters, create and edit in a drawer, forbid and
 * restore, unlock, login stores with the default one starred, roles, level and maximum approved
 * amount, and the masked mobile with its audited reveal.
 */
export default function StaffPage() {
  const { t } = useTranslation('admin');
  return (
    <ResourceListPage
      decl={staffDecl}
      cells={{
        mobile: (row) => <MaskedValue id={Number(row.id)} field="mobile" value={row.mobile} masked={row.masked === true} />,
        state: (row) => <StateTags row={row} />,
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
                  {r.name}
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
        controls: { defaultStoreId: <DefaultStoreSelect refPath={defaultStoreRef} /> },
        itemProps: {
          password: { extra: t('staff.passwordHint') },
          maxApprovedAmount: { extra: t('staff.maxApprovedHint') },
        },
      }}
    />
  );
}

function StateTags({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  const forbidden = row.state === 'forbidden';
  return (
    <Space size={4}>
      <Tag color={forbidden ? 'red' : 'green'}>{t(enumKey('staffState', String(row.state)))}</Tag>
      {row.locked === true && (
        <Tooltip title={t('staff.lockedHint')}>
          <Tag color="orange" icon={<LockOutlined />}>
            {t('staff.locked')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
