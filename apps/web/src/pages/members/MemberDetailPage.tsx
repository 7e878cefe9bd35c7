import type { ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Grid, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, DisconnectOutlined, EyeOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MEMBER_PERMISSIONS, type MemberItem } from '@harbour/contracts';
import { Permission } from '../../components/Permission';
import { DateTimeText } from '../../generic/DateTimeText';
import { useFeedback } from '../../generic/use-feedback';
import { LinkCustomerButton } from './LinkCustomerButton';
import { MEMBER_PATHS, memberKey, membersApi, membersKey } from './members-api';
import { MemberStatusButton } from './MemberStatusButton';
import { MemberStatusTag } from './MemberStatusTag';

/**
 * Member → detail (hidden page `member.view`, `?id=`): the account (mobile login masked), its
 * status with the reason and the confirmed disable / enable, and the linked customer with link,
 * change and unlink (each confirmed and audited).
 */
export default function MemberDetailPage() {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = useFeedback();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const item = useQuery({ queryKey: memberKey(id), queryFn: ({ signal }) => membersApi.get(id, signal), enabled: valid });
  const screens = Grid.useBreakpoint();
  const columns = screens.lg ? 3 : screens.md ? 2 : 1;
  const changed = (next: MemberItem) => qc.setQueryData(memberKey(id), next);
  const unlink = useMutation({
    mutationFn: () => membersApi.unlink(id),
    onSuccess: (next) => {
      void message.success(t('unlinked'));
      changed(next);
      void qc.invalidateQueries({ queryKey: membersKey });
    },
  });

  if (!valid || item.isError) return <Alert type="error" showIcon title={t('notFound')} />;
  if (!item.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const m = item.data;
  const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);
  const rows = (entries: [string, ReactNode][]) => entries.map(([key, value]) => ({ key, label: t(`fields.${key}`), children: dash(value) }));

  return (
    <Card variant="borderless">
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {m.displayName}
            </Typography.Title>
            <MemberStatusTag status={m.status} />
          </Space>
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MEMBER_PATHS.list)}>
              {t('back')}
            </Button>
            <MemberStatusButton member={m} onChanged={changed} />
          </Space>
        </Flex>
        {m.status === 'disabled' && <Alert type="error" showIcon title={t('enums:memberStatus.disabled')} description={`${t('fields.statusReason')}: ${m.statusReason ?? '—'}`} />}
        <Card size="small" title={t('sections.account')}>
          <Descriptions
            size="small"
            column={columns}
            items={rows([
              ['loginName', <span key="l" style={{ fontVariantNumeric: 'tabular-nums' }}>{m.loginName}</span>],
              ['loginType', t(`loginType.${m.loginType}`)],
              ['displayName', m.displayName],
              ['preferredLanguage', t(`enums:language.${m.preferredLanguage}`)],
              ['source', t(`enums:memberSource.${m.source}`)],
              ['status', <MemberStatusTag key="s" status={m.status} />],
              ['statusReason', m.statusReason],
              ['registeredAt', <DateTimeText key="r" value={m.registeredAt} />],
              ['lastLoginAt', m.lastLoginAt ? <DateTimeText key="ll" value={m.lastLoginAt} /> : t('never')],
              ['updatedAt', <DateTimeText key="u" value={m.updatedAt} />],
            ])}
          />
        </Card>
        <Card size="small" title={t('sections.customer')}>
          <Flex vertical gap={12}>
            {m.customerId === null ? (
              <Typography.Text type="secondary">{t('notLinkedYet')}</Typography.Text>
            ) : (
              <Space wrap align="center">
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>{m.customerCode}</span>
                <span>{m.customerName}</span>
                <Permission need="persona.detail">
                  <Button size="small" type="link" icon={<EyeOutlined aria-hidden />} onClick={() => navigate(`/persona/detail?id=${m.customerId}`)}>
                    {t('openCustomer')}
                  </Button>
                </Permission>
              </Space>
            )}
            <Space wrap>
              <LinkCustomerButton member={m} onChanged={changed} />
              {m.customerId !== null && (
                <Permission need={MEMBER_PERMISSIONS.link}>
                  <Popconfirm
                    title={t('unlinkConfirm', { name: m.displayName, code: m.customerCode })}
                    okText={t('unlink')}
                    cancelText={t('admin:resource.cancel')}
                    onConfirm={() => unlink.mutateAsync().catch(() => undefined)}
                  >
                    <Button icon={<DisconnectOutlined aria-hidden />} loading={unlink.isPending}>
                      {t('unlink')}
                    </Button>
                  </Popconfirm>
                </Permission>
              )}
            </Space>
          </Flex>
        </Card>
      </Flex>
    </Card>
  );
}
