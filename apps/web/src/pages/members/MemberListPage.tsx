import { Space, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { memberResource, type MemberItem } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { RowAction } from '../../generic/RowAction';
import type { Row } from '../../generic/use-resource';
import { MEMBER_PATHS } from './members-api';
import { MemberStatusButton } from './MemberStatusButton';
import { MemberStatusTag } from './MemberStatusTag';

/** A new account's form starts in Traditional Chinese, registered for the website. */
const NEW_MEMBER: Row = { id: 0, preferredLanguage: 'zh-TW', source: 'website' };

/** The linked customer as "C000001 陳志明", or a dash. */
export function LinkedCustomer({ code, name }: { code: unknown; name: unknown }) {
  if (typeof code !== 'string' || code === '') return <>—</>;
  return (
    <Space size={4}>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{code}</span>
      {typeof name === 'string' && <Typography.Text type="secondary">{name}</Typography.Text>}
    </Space>
  );
}

/**
 * Member list: the accounts people register on the company's website or app (docs/members.md).
 * Filters, sort and pages from the declaration; mobile login names masked; create and edit in the
 * declared drawer; a row opens the detail page, where the account is linked to a customer.
 */
export default function MemberListPage() {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  return (
    <ResourceListPage
      decl={memberResource}
      cells={{
        status: (row) => <MemberStatusTag status={row.status} />,
        loginName: (row) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{String(row.loginName)}</span>,
        customerCode: (row) => <LinkedCustomer code={row.customerCode} name={row.customerName} />,
        lastLoginAt: (row) => (row.lastLoginAt ? undefined : <Typography.Text type="secondary">{t('never')}</Typography.Text>),
      }}
      formProps={{ defaults: NEW_MEMBER }}
      rowActions={(row: Row) => (
        <Space size={4} wrap>
          <RowAction icon={<EyeOutlined />} onClick={() => navigate(MEMBER_PATHS.detail(Number(row.id)))}>
            {t('view')}
          </RowAction>
          <MemberStatusButton compact member={row as unknown as MemberItem} />
        </Space>
      )}
    />
  );
}
