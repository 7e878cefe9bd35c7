import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { FileExcelOutlined, ReloadOutlined, SearchOutlined, SyncOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REPAYMENT_TIPS_SORTS, type RepaymentTip, type RepaymentTipsQuery } from '@harbour/contracts';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { Permission } from '../../components/Permission';
import { DueRangePicker, OverdueOnlySelect, useServerSort } from './list-controls';
import { tipsApi } from './tips-api';

interface Filters {
  dueFrom?: string;
  dueTo?: string;
  overdueOnly?: 'yes' | 'no';
  customerName?: string;
  loanNo?: string;
}
type Sortable = (typeof REPAYMENT_TIPS_SORTS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The filters a link names in its query string (others, and malformed values, are left out). */
function filtersOf(p: URLSearchParams): Filters {
  const f: Filters = {};
  const from = p.get('dueFrom');
  const to = p.get('dueTo');
  const overdue = p.get('overdueOnly');
  if (from && DATE.test(from)) f.dueFrom = from;
  if (to && DATE.test(to)) f.dueTo = to;
  if (overdue === 'yes' || overdue === 'no') f.overdueOnly = overdue;
  return f;
}

/** Solid tag colours dark enough for the tag's white text (WCAG AA). */
const OVERDUE = '#a8071a';
const DUE_TODAY = '#ad4e00';
const DUE_SOON = '#0958d9';

function DueTag({ tip, today }: { tip: RepaymentTip; today: string }) {
  const { t } = useTranslation('servicing');
  const overdue = tip.overdueTenors > 0 || (!!tip.nextDueDate && tip.nextDueDate < today);
  if (overdue) return <Tag color={OVERDUE}>{tip.daysOverdue > 0 ? t('tips.overdueDays', { count: tip.daysOverdue }) : t('tips.overdue')}</Tag>;
  if (tip.nextDueDate === today) return <Tag color={DUE_TODAY}>{t('tips.dueToday')}</Tag>;
  return <Tag color={DUE_SOON}>{t('tips.dueSoon')}</Tag>;
}

/**
 * Repayment → tips list (spec §2): the loans due within the "overdue reminder days" setting and
 * the overdue ones, as the daily servicing job computed them, in the caller's stores; filters,
 * sorting, pages of the "overdue reminder page size", the totals, an xlsx export, and a link to
 * the repayment process for each loan. A manager may run the daily job again from here.
 */
export default function TipsListPage() {
  const { t } = useTranslation('servicing');
  const { message } = App.useApp();
  const client = useQueryClient();
  // the dashboard links here with its filters (`?dueFrom=&dueTo=` for today's, `?overdueOnly=yes`)
  const [params] = useSearchParams();
  const [initial] = useState(() => filtersOf(params));
  const [draft, setDraft] = useState<Filters>(initial);
  const [filters, setFilters] = useState<Filters>(initial);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number | undefined>(undefined);
  const { sort, setSort, sortOrder, onSort } = useServerSort<Sortable>();
  const query: RepaymentTipsQuery = { ...filters, page, ...(pageSize ? { pageSize } : {}), ...(sort ? { sort } : {}) };
  const list = useQuery({
    queryKey: ['repayments', 'tips', query],
    queryFn: ({ signal }) => tipsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({ mutationFn: () => tipsApi.export(query) });
  const running = useMutation({
    mutationFn: () => tipsApi.runDaily(),
    onSuccess: (r) => {
      // the server's own words: run now, re-run by force, or already run for the date (nothing done)
      if (r.alreadyRan) void message.info(r.message);
      else void message.success(r.message);
      void client.invalidateQueries({ queryKey: ['repayments', 'tips'] });
    },
  });
  const data = list.data;
  const today = data?.today ?? '';

  const search = () => {
    setFilters(draft);
    setPage(1);
  };
  const reset = () => {
    setDraft({});
    setFilters({});
    setPage(1);
    setSort(undefined);
  };
  const money = (key: 'nextAmount' | 'overdueAmount' | 'overdueInterest' | 'handlingFee' | 'amountDue', sortable = false) => ({
    title: t(`tips.fields.${key}`),
    dataIndex: key,
    key,
    align: 'right' as const,
    ...(sortable ? { sorter: true, sortOrder: sortOrder(key as Sortable) } : {}),
    render: (v: string) => <Money value={v} />,
  });

  const columns: ColumnsType<RepaymentTip> = [
    {
      title: t('tips.fields.loanNo'),
      dataIndex: 'loanNo',
      key: 'loanNo',
      sorter: true,
      sortOrder: sortOrder('loanNo'),
      render: (v: string, r) => (
        <Link to={`/loan/operation?id=${r.loanId}`} style={{ whiteSpace: 'nowrap' }}>
          {v}
        </Link>
      ),
    },
    {
      title: t('tips.fields.customerName'),
      dataIndex: 'customerName',
      key: 'customerName',
      sorter: true,
      sortOrder: sortOrder('customerName'),
      render: (v: string, r) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>{v}</span>
          {r.mobile && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.mobile}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('tips.fields.store'), dataIndex: 'storeName', key: 'storeName', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
    {
      // the tag carries the days overdue; sorting it sorts by them
      title: t('tips.fields.status'),
      key: 'daysOverdue',
      sorter: true,
      sortOrder: sortOrder('daysOverdue'),
      render: (_: unknown, r) => <DueTag tip={r} today={today} />,
    },
    {
      title: t('tips.fields.tenor'),
      key: 'tenor',
      align: 'right',
      render: (_: unknown, r) => (r.nextTenor === null ? '' : `${r.nextTenor}/${r.totalTenor}`),
    },
    {
      title: t('tips.fields.nextDueDate'),
      dataIndex: 'nextDueDate',
      key: 'nextDueDate',
      sorter: true,
      sortOrder: sortOrder('nextDueDate'),
      render: (v: string | null) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <DateText value={v} />
        </span>
      ),
    },
    money('nextAmount'),
    money('overdueAmount', true),
    money('overdueInterest'),
    money('handlingFee'),
    money('amountDue', true),
    {
      title: t('tips.fields.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => <Link to={`/repayment/process?loanId=${r.loanId}`}>{t('tips.process')}</Link>,
    },
  ];

  const stale = !!data?.asOf && data.asOf < data.today;
  return (
    <Card title={t('tips.title')}>
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
        <Flex wrap gap={8} align="center">
          <DueRangePicker
            from={draft.dueFrom}
            to={draft.dueTo}
            label={t('tips.dueDate')}
            placeholders={[t('tips.dueFrom'), t('tips.dueTo')]}
            width={260}
            onChange={(dueFrom, dueTo) => setDraft((d) => ({ ...d, dueFrom, dueTo }))}
          />
          <OverdueOnlySelect value={draft.overdueOnly === 'yes' ? 'yes' : undefined} all={t('tips.all')} only={t('tips.overdueOnly')} width={140} onChange={(v) => setDraft((d) => ({ ...d, overdueOnly: v }))} />
          <Input
            allowClear
            aria-label={t('tips.fields.customerName')}
            placeholder={t('tips.fields.customerName')}
            style={{ width: 160 }}
            value={draft.customerName ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, customerName: e.target.value || undefined }))}
            onPressEnter={search}
          />
          <Input
            allowClear
            aria-label={t('tips.fields.loanNo')}
            placeholder={t('tips.fields.loanNo')}
            style={{ width: 160 }}
            value={draft.loanNo ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, loanNo: e.target.value || undefined }))}
            onPressEnter={search}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('tips.search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            {t('tips.reset')}
          </Button>
        </Flex>
        <Flex wrap gap={8}>
          <Permission need="repayment.dailyJob">
            <Popconfirm title={t('daily.confirm')} onConfirm={() => running.mutate()}>
              <Button icon={<SyncOutlined />} loading={running.isPending}>
                {t('daily.run')}
              </Button>
            </Popconfirm>
          </Permission>
          <Button icon={<FileExcelOutlined />} disabled={!data || data.total === 0} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            {t('tips.export')}
          </Button>
        </Flex>
      </Flex>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      {data && (
        <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('tips.intro', { days: data.reminderDays, today: data.today })}</Typography.Text>
          <Typography.Text type="secondary">{t('tips.count', { count: data.total })}</Typography.Text>
        </Flex>
      )}
      {stale && <Alert type="warning" showIcon title={t('tips.stale', { asOf: data.asOf })} style={{ marginBottom: 12 }} />}
      <Table<RepaymentTip>
        rowKey="loanId"
        size="small"
        // auto layout: a header wraps between its words, amounts and dates stay on one line
        tableLayout="auto"
        loading={list.isFetching}
        columns={columns}
        dataSource={data?.items ?? []}
        // the page's width on a desktop; a phone scrolls the table sideways
        scroll={{ x: 1000 }}
        pagination={{
          current: data?.page ?? page,
          pageSize: data?.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, size) => {
            setPage(size !== data?.pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
        onChange={(_p, _f, sorter) => onSort(sorter)}
        summary={() =>
          data && data.total > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={7}>
                <Typography.Text strong>{t('tips.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                <Typography.Text strong>
                  <Money value={data.totals.overdueAmount} />
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} colSpan={2} />
              <Table.Summary.Cell index={10} align="right">
                <Typography.Text strong>
                  <Money value={data.totals.amountDue} />
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={11} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}
