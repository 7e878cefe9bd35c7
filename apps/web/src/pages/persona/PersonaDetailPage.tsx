import type { ReactNode } from 'react';
import { CustomerLoansCard } from './CustomerLoansCard';
import { Alert, Button, Card, Descriptions, Flex, Grid, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, FormOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { CUSTOMER_PERMISSIONS, type CustomerItem, type OptionCategory, type RevealableCustomerField } from '@harbour/contracts';
import { ageOn } from '@harbour/domain';
import { DateText } from '../../components/DateText';
import { MaskedValue } from '../../components/MaskedValue';
import { Money } from '../../components/Money';
import { Permission } from '../../components/Permission';
import { DateTimeText } from '../../generic/DateTimeText';
import { DATE_FORMAT } from '../../generic/form-values';
import { ListStatusButton } from './ListStatusButton';
import { SmsOptOutSwitch } from './SmsOptOutSwitch';
import { ListStatusTag, PERSONA_PATHS } from './PersonaListPage';
import { customerKey, personaApi, useOptionChoices } from './persona-api';
import { useTabDetail } from '../../shell/use-tab-detail.js';

/**
 * Persona → detail (hidden page `persona.detail`, `?id=`): every field of the customer in the
 * form's sections, numbers masked with the audited reveal for holders of `persona.reveal`, the
 * black/white status with its reason and the confirmed change.
 */
export default function PersonaDetailPage() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const item = useQuery({ queryKey: customerKey(id), queryFn: ({ signal }) => personaApi.get(id, signal), enabled: valid });
  useTabDetail(item.data?.customerCode);
  const { label } = useOptionChoices();
  const screens = Grid.useBreakpoint();
  const columns = screens.lg ? 3 : screens.md ? 2 : 1;

  if (!valid || item.isError) return <Alert type="error" showIcon title={t('notFound')} />;
  if (!item.data) return <Skeleton active paragraph={{ rows: 14 }} />;
  const c = item.data;
  const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);
  const masked = (field: RevealableCustomerField) => (
    <MaskedValue value={c[field]} canReveal={c.canReveal} reveal={() => personaApi.reveal(c.id, field)} label={t(`fields.${field}`)} />
  );
  const option = (category: OptionCategory, code: string | null) => dash(label(category, code));
  const rows = (entries: [string, ReactNode][]) =>
    entries.map(([key, value]) => ({ key, label: t(`fields.${key}`), children: dash(value) }));
  const section = (title: string, entries: [string, ReactNode][]) => (
    <Card size="small" title={title}>
      <Descriptions size="small" column={columns} items={rows(entries)} />
    </Card>
  );
  const age = c.dateOfBirth ? ageOn(c.dateOfBirth, dayjs().format(DATE_FORMAT)) : null;
  const personal = c.type === 'personal';

  return (
    <Card variant="borderless">
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {c.name}
            </Typography.Title>
            <Typography.Text type="secondary">{c.customerCode}</Typography.Text>
            <ListStatusTag status={c.listStatus} />
          </Space>
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/persona/list')}>
              {t('back')}
            </Button>
            <Permission need={CUSTOMER_PERMISSIONS.update}>
              <Button icon={<EditOutlined />} onClick={() => navigate(PERSONA_PATHS.edit(c.id))}>
                {t('edit')}
              </Button>
            </Permission>
            <Permission need="loan.create">
              <Button type="primary" icon={<FormOutlined />} onClick={() => navigate(`/loan/create?customerId=${c.id}`)}>
                {t('applyForLoan')}
              </Button>
            </Permission>
            <ListStatusButton customer={c} onChanged={(next: CustomerItem) => qc.setQueryData(customerKey(c.id), next)} />
          </Space>
        </Flex>
        {c.listStatus === 'black' && <Alert type="error" showIcon title={t('enums:listStatus.black')} description={`${t('fields.listStatusReason')}: ${c.listStatusReason ?? '—'}`} />}
        {section(t('sections.identity'), [
          ['type', t(`enums:customerType.${c.type}`)],
          ['name', c.name],
          ['englishName', c.englishName],
          ...(personal
            ? ([
                ['gender', c.gender ? t(`enums:gender.${c.gender}`) : null],
                ['dateOfBirth', c.dateOfBirth ? <DateText value={c.dateOfBirth} /> : null],
                ['age', age === null ? null : t('ageYears', { age })],
              ] as [string, ReactNode][])
            : []),
          ['idType', option('idType', c.idType)],
          ['idNumber', masked('idNumber')],
          ...(personal
            ? ([
                ['marital', option('marital', c.marital)],
                ['education', option('education', c.education)],
              ] as [string, ReactNode][])
            : []),
        ])}
        {section(t('sections.contact'), [
          ['mobile1', masked('mobile1')],
          ['mobile2', c.mobile2 ? masked('mobile2') : null],
          ['mobile3', c.mobile3 ? masked('mobile3') : null],
          ['homeNo', c.homeNo ? masked('homeNo') : null],
          ['email', c.email],
          ['source', option('source', c.source)],
          ['smsReminders', <SmsOptOutSwitch key="sms" customer={c} />],
        ])}
        {section(t('sections.residence'), [
          ['residentialAddress', c.residentialAddress],
          ['residentialType', option('residentialType', c.residentialType)],
          ['mailingAddress', c.mailingAddress],
          ['livingFrom', c.livingFrom ? <DateText value={c.livingFrom} /> : null],
          ['occupyWith', c.occupyWith],
        ])}
        {section(t('sections.employment'), [
          ['companyName', c.companyName],
          ['companyAddress', c.companyAddress],
          ['officeNo', c.officeNo],
          ['directLine', c.directLine],
          ['fax', c.fax],
          ['career', c.career],
          ['department', c.department],
          ['position', c.position],
          ['employmentType', c.employmentType],
          ['workFrom', c.workFrom ? <DateText value={c.workFrom} /> : null],
          ['salary', c.salary ? <Money value={c.salary} /> : null],
          ['incomeProof', c.incomeProof],
        ])}
        {section(t('sections.other'), [
          ['listStatusReason', c.listStatusReason],
          ['registeredStore', c.registeredStoreName],
          ['remarks', c.remarks],
          ['updatedAt', <DateTimeText key="u" value={c.updatedAt} />],
        ])}
        <CustomerLoansCard customerId={c.id} />
      </Flex>
    </Card>
  );
}
