import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Flex, Grid, Input, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { FileExcelOutlined, PhoneOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { COLLECTION_PERMISSIONS, DESK_SORTS, DESK_VIEWS, type DeskQuery, type DeskRow, type DeskView } from '@harbour/contracts';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { Permission } from '../../components/Permission';
import { moneyDisplay } from '../../components/format';
import { DATE_FORMAT } from '../../generic/form-values';
import { useFeedback } from '../../generic/use-feedback';
import { useServerSort } from '../repayments/list-controls';
import { DESK_KEY, contactsKey, deskApi } from './desk-api';
import { LogContactDialog } from './LogContactDialog';
import { PromiseTag } from './PromiseTag';

interface Filters {
  loanNo?: string;
  customerName?: string;
  promiseFrom?: string;
  promiseTo?: string;
}
type Sortable = (typeof DESK_SORTS)[number];

/** "Called — no answer" in one click, and "Promised…" opening the small dialog (stacked: a narrow column). */
function RowLogging({ row }: { row: DeskRow }) {
  const { t } = useTranslation('collection');
  const { message } = useFeedback();
  const client = useQueryClient();
  const [promising, setPromising] = useState(false);
  const noAnswer = useMutation({
    mutationFn: () => deskApi.log({ loanId: row.loanId, channel: 'call', outcome: 'noAnswer' }),
    onSuccess: () => {
      void message.success(t('success.contactLogged'));
      void client.invalidateQueries({ queryKey: DESK_KEY });
      void client.invalidateQueries({ queryKey: contactsKey(row.loanId) });
    },
    onError: (err) => void message.error(err.message),
  });
  return (
    <Permission need={COLLECTION_PERMISSIONS.log}>
      <Flex vertical gap={4} align="stretch">
        <Button size="small" icon={<PhoneOutlined />} loading={noAnswer.isPending} onClick={() => noAnswer.mutate()}>
          {t('desk.actions.noAnswer')}
        </Button>
        <Button size="small" type="primary" onClick={() => setPromising(true)}>
          {t('desk.actions.promised')}
        </Button>
      </Flex>
      <LogContactDialog loanId={row.loanId} loanNo={row.loanNo} promise open={promising} onClose={() => setPromising(false)} />
    </Permission>
  );
}

/**
 * Repayment → collector's desk (docs/collection.md): the work queue of the caller's stores'
 * overdue loans (most days overdue first, then by promise date) with one-click call logging, the
 * promises due today and the broken promises; filters, sorting, pages and an xlsx export of the
 * list shown. The tips list it grew from stays beside it.
 */
export default function CollectorDeskPage() {
  const { t } = useTranslation('collection');
  // a phone scrolls the whole row sideways: an action column pinned on the right would cover it
  const wide = Grid.useBreakpoint().md !== false;
  const [view, setView] = useState<DeskView>('queue');
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { sort, setSort, sortOrder, onSort } = useServerSort<Sortable>();
  const query: DeskQuery = { view, ...filters, page, pageSize, ...(sort ? { sort } : {}) };
  const list = useQuery({ queryKey: [...DESK_KEY, query], queryFn: ({ signal }) => deskApi.list(query, signal), placeholderData: keepPreviousData });
  const exporting = useMutation({ mutationFn: () => deskApi.export(query) });
  const data = list.data;

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
  const switchTo = (v: DeskView) => {
    setView(v);
    setPage(1);
    setSort(undefined);
  };
  const nowrap = { whiteSpace: 'nowrap' as const };
  const columns: ColumnsType<DeskRow> = [
    { title: t('desk.fields.loanNo'), dataIndex: 'loanNo', key: 'loanNo', sorter: true, sortOrder: sortOrder('loanNo'), // the repayment counter: where the collector takes the money, with the loan's contact log below
      render: (v: string, r) => <Link to={`/repayment/process?loanId=${r.loanId}`} style={nowrap}>{v}</Link>,
    },
    {
      title: t('desk.fields.customerName'),
      dataIndex: 'customerName',
      key: 'customerName',
      render: (v: string, r) => (
        <Flex vertical style={nowrap}>
          <span>{v}</span>
          {r.mobile && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.mobile}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('desk.fields.storeName'), dataIndex: 'storeName', key: 'storeName', responsive: ['xxl'], render: (v: string) => <span style={nowrap}>{v}</span> },
    { title: t('desk.fields.daysOverdue'), dataIndex: 'daysOverdue', key: 'daysOverdue', align: 'right', sorter: true, sortOrder: sortOrder('daysOverdue') },
    { title: t('desk.fields.overdueAmount'), dataIndex: 'overdueAmount', key: 'overdueAmount', align: 'right', sorter: true, sortOrder: sortOrder('overdueAmount'), render: (v: string) => <Money value={v} /> },
    { title: t('desk.fields.amountDue'), dataIndex: 'amountDue', key: 'amountDue', align: 'right', render: (v: string) => <Money value={v} /> },
    {
      title: t('desk.fields.lastContact'),
      key: 'lastContact',
      render: (_: unknown, r) =>
        r.lastContact ? (
          <Flex vertical style={nowrap}>
            <span>{`${t(`desk.channels.${r.lastContact.channel}`)} · ${t(`desk.outcomes.${r.lastContact.outcome}`)}`}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <DateText value={r.lastContact.madeOn} /> {r.lastContact.staffName ?? ''}
            </Typography.Text>
          </Flex>
        ) : null,
    },
    {
      title: t('desk.fields.promise'),
      key: 'promiseDate',
      sorter: true,
      sortOrder: sortOrder('promiseDate'),
      render: (_: unknown, r) =>
        r.promise ? (
          <Flex vertical gap={2} align="flex-start" style={nowrap}>
            <span>{t('desk.promiseLine', { amount: moneyDisplay(r.promise.amount), date: r.promise.date })}</span>
            <PromiseTag state={r.promise.state} />
          </Flex>
        ) : null,
    },
    { title: t('desk.fields.actions'), key: 'actions', ...(wide ? { fixed: 'right' as const } : {}), render: (_: unknown, r) => <RowLogging row={r} /> },
  ];

  const range = (
    <DatePicker.RangePicker
      aria-label={t('desk.fields.promiseDate')}
      placeholder={[t('desk.promiseFrom'), t('desk.promiseTo')]}
      format={DATE_FORMAT}
      value={[draft.promiseFrom ? dayjs(draft.promiseFrom) : null, draft.promiseTo ? dayjs(draft.promiseTo) : null]}
      onChange={(d) => setDraft((f) => ({ ...f, promiseFrom: d?.[0]?.format(DATE_FORMAT), promiseTo: d?.[1]?.format(DATE_FORMAT) }))}
      style={{ width: 260 }}
    />
  );
  return (
    <Card title={t('desk.title')}>
      {/* a segmented switch, not tabs: it wraps on a phone instead of hiding lists behind a menu */}
      <Segmented<DeskView> vertical={!wide} value={view} onChange={switchTo} options={DESK_VIEWS.map((v) => ({ value: v, label: t(`desk.views.${v}`) }))} style={{ marginBottom: 12 }} />
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 12 }}>
        <Flex wrap gap={8} align="center">
          <Input allowClear aria-label={t('desk.fields.loanNo')} placeholder={t('desk.fields.loanNo')} style={{ width: 160 }} value={draft.loanNo ?? ''} onChange={(e) => setDraft((d) => ({ ...d, loanNo: e.target.value || undefined }))} onPressEnter={search} />
          <Input allowClear aria-label={t('desk.fields.customerName')} placeholder={t('desk.fields.customerName')} style={{ width: 160 }} value={draft.customerName ?? ''} onChange={(e) => setDraft((d) => ({ ...d, customerName: e.target.value || undefined }))} onPressEnter={search} />
          {view === 'broken' && range}
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            {t('reset')}
          </Button>
        </Flex>
        <Button icon={<FileExcelOutlined />} disabled={!data || data.total === 0} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          {t('export')}
        </Button>
      </Flex>
      {list.isError && (
        <Alert type="error" showIcon title={t('desk.loadError')} description={list.error.message} action={<Button onClick={() => void list.refetch()}>{t('desk.retry')}</Button>} style={{ marginBottom: 12 }} />
      )}
      {data && (
        <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('desk.asOf', { today: data.today })}</Typography.Text>
          <Typography.Text type="secondary">{t('count', { count: data.total })}</Typography.Text>
        </Flex>
      )}
      <Table<DeskRow>
        rowKey={(r) => `${r.loanId}-${r.promise?.contactId ?? 0}`}
        size="small"
        tableLayout="auto"
        loading={list.isFetching}
        columns={columns}
        dataSource={data?.items ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`desk.empty.${view}`)} /> }}
        scroll={{ x: 1100 }}
        pagination={{
          current: data?.page ?? page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
        onChange={(_p, _f, sorter) => onSort(sorter)}
      />
    </Card>
  );
}
