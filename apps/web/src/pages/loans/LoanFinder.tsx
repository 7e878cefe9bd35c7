import { useState } from 'react';
import { Card, Flex, Input, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoanListItem, Page } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { Money } from '../../components/Money.js';
import { LoanStatusTag, useOptionChoices } from './LoanListView';
import { loansApi, optionLabel } from './loans-api';
import { useStoreName } from './use-store-name';

/**
 * Loan → operation opened without a loan (spec §2): one search box — application or loan number,
 * name, or an exact ID number or phone, the loan list's `q` — and the loans found; choosing one
 * opens its operation view. The repayment counter reuses it with its own title and `onOpen`.
 */
export function LoanFinder({
  title,
  onOpen,
  search = loansApi.find,
}: {
  title?: string;
  onOpen?: (loan: LoanListItem) => void;
  /** where to look: the loan list by default; the repayment pages look among paid-out loans under their own key */
  search?: (q: string, signal?: AbortSignal) => Promise<Page<LoanListItem>>;
} = {}) {
  const { t, i18n } = useTranslation('loans');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const choices = useOptionChoices();
  const storeName = useStoreName();
  const found = useQuery({
    queryKey: ['loans', 'finder', search === loansApi.find ? 'all' : 'paid', q],
    queryFn: ({ signal }) => search(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const open = onOpen ?? ((l: LoanListItem) => navigate(`/loan/operation?id=${l.id}`));
  return (
    <Card title={title ?? t('finder.title')}>
      <Flex vertical gap={16}>
        <Input.Search
          allowClear
          enterButton={t('finder.search')}
          autoComplete="off"
          aria-label={title ?? t('finder.title')}
          placeholder={t('list.searchHint')}
          style={{ maxWidth: 560 }}
          onSearch={(v) => setQ(v.trim())}
          loading={found.isFetching}
        />
        {q === '' ? (
          <Typography.Text type="secondary">{t('finder.hint')}</Typography.Text>
        ) : (
          <Table<LoanListItem>
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            loading={found.isFetching && !found.data}
            dataSource={found.data?.items ?? []}
            locale={{ emptyText: t('finder.none') }}
            onRow={(l) => ({ onClick: () => open(l), style: { cursor: 'pointer' } })}
            columns={[
              { key: 'applyNo', title: t('fields.applyNo'), render: (_, l) => <Typography.Link onClick={() => open(l)}>{l.applyNo}</Typography.Link> },
              { key: 'loanNo', title: t('fields.loanNo'), render: (_, l) => l.loanNo ?? '—' },
              {
                key: 'customer',
                title: t('fields.customer'),
                render: (_, l) => (
                  <span style={{ whiteSpace: 'nowrap' }}>
                    {l.customer.name} <Typography.Text type="secondary">{l.customer.idNumber}</Typography.Text>
                  </span>
                ),
              },
              { key: 'loanType', title: t('fields.loanType'), render: (_, l) => optionLabel(choices.data, 'loanType', l.loanType, i18n.language) },
              { key: 'amount', title: t('fields.loanAmount'), align: 'right', render: (_, l) => <Money value={l.loanAmount} /> },
              { key: 'status', title: t('fields.status'), render: (_, l) => <LoanStatusTag status={l.status} /> },
              { key: 'applyDate', title: t('fields.applyDate'), render: (_, l) => <DateText value={l.applyDate} /> },
              { key: 'store', title: t('fields.store'), render: (_, l) => storeName(l.storeId, l.storeName) },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
