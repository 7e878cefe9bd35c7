import { useEffect } from 'react';
import { Badge, Space } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { customerResource, type CustomerItem, type RevealableCustomerField } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { RowAction } from '../../generic/RowAction';
import { enumKey } from '../../generic/i18n-key';
import type { Row } from '../../generic/use-resource';
import { MaskedValue } from '../../components/MaskedValue';
import { ListStatusButton } from './ListStatusButton';
import { personaApi, useOptionChoices } from './persona-api';

export const PERSONA_PATHS = {
  create: '/persona/create',
  edit: (id: number) => `/persona/edit?id=${id}`,
  detail: (id: number) => `/persona/detail?id=${id}`,
};

/** The list's create and edit open their own pages (spec §2 List / Create / Edit / Detail), not a drawer. */
function OpenFormPage({ target, onClose }: { target: 'new' | Row | undefined; onClose: () => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (target === undefined) return;
    navigate(target === 'new' ? PERSONA_PATHS.create : PERSONA_PATHS.edit(Number(target.id)));
    onClose();
  }, [target, navigate, onClose]);
  return null;
}

/** The black/white list status: a status dot with plain text (readable in both themes, unlike pale tag colours). */
export function ListStatusTag({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const black = status === 'black';
  return <Badge status={black ? 'error' : 'default'} text={t(enumKey('listStatus', black ? 'black' : 'white'))} />;
}

/**
 * Persona list = the customer register (docs/customers.md): every person or company Harbour holds
 * data on. Filters, sort and pages from the declaration; ID numbers and mobiles masked (holders of
 * `persona.reveal` may show one, audited); black/white tag and action; create, edit and detail pages.
 */
export default function PersonaListPage() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const { label } = useOptionChoices();
  const masked = (field: RevealableCustomerField) => (row: Row) => (
    <MaskedValue value={row[field]} canReveal={row.canReveal === true} reveal={() => personaApi.reveal(Number(row.id), field)} label={t(`fields.${field}`)} />
  );
  return (
    <ResourceListPage
      decl={customerResource}
      cells={{
        idType: (row) => label('idType', row.idType),
        idNumber: masked('idNumber'),
        mobile1: masked('mobile1'),
        listStatus: (row) => <ListStatusTag status={row.listStatus} />,
        registeredStoreId: (row) => (typeof row.registeredStoreName === 'string' ? row.registeredStoreName : '—'),
      }}
      rowActions={(row) => (
        <Space size={4} wrap>
          <RowAction icon={<EyeOutlined />} onClick={() => navigate(PERSONA_PATHS.detail(Number(row.id)))}>
            {t('view')}
          </RowAction>
          <ListStatusButton compact customer={row as unknown as CustomerItem} />
        </Space>
      )}
      renderForm={(props) => <OpenFormPage {...props} />}
    />
  );
}
