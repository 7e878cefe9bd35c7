import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { FileExcelOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PROCESS_LIST_STATUSES, type ProcessListItem, type ProcessListQuery, type ProcessListSort } from '@harbour/contracts';
import type { LoanStatus } from '@harbour/domain';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { LoanStatusTag, useOptionChoices } from '../loans/LoanListView';
import { optionLabel } from '../loans/loans-api';
import { DueRangePicker, OverdueOnlySelect, useServerSort } from './list-controls';
import { useFocusableScroll } from '../../generic/use-focusable-scroll';
import { processingApi } from './processing-api';

interface Filters {
  status: string;
  q?: string;
  overdueOnly?: 'yes';
  dueFrom?: string;
  dueTo?: string;
  staffId?: number;
  loanType?: string;
}
const DEFAULT_FILTERS: Filters = { status: 'repaying' };

/** Solid tag colour for the days overdue, dark enough for white text (WCAG AA). */
const OVERDUE = '#a8071a';

export const operationPath = (loanId: number) => `/repayment/operation?loanId=${loanId}`;

const nowrap = (node: ReactNode) => <span style={{ whiteSpace: 'nowrap' }}>{node}</span>;

/**
 * Repayment → process list (spec §2): the paid-out loans of the caller's stores being serviced
 * (repaying by default), with what each owes as of the daily summaries, its last receipt and its
 * temporary amount; filters, sorting on every figure, pages and the xlsx export on the server. A
 * row opens the loan's repayment operation page.
 */
export default function ProcessListPage() {
  const { t, i18n } = useTranslation('processing');
  const navigate = useNavigate();
  const choices = useOptionChoices();
  const [draft, setDraft] = useState<Filters>(DEFAULT_FILTERS);
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { sort, setSort, sortOrder, onSort } = useServerSort<ProcessListSort>();
  const query: ProcessListQuery = { ...filters, page, pageSize, ...(sort ? { sort } : {}) };
  const list = useQuery({
    queryKey: ['repayments', 'processList', query],
    queryFn: ({ signal }) => processingApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({ mutationFn: () => processingApi.export(query) });
  const box = useFocusableScroll(t('shell:menu.repayment.processList'));
  const data = list.data;

  const search = () => {
    setFilters(draft);
    setPage(1);
  };
  const reset = () => {
    setDraft(DEFAULT_FILTERS);
    setFilters(DEFAULT_FILTERS);
    setPage(1);
    setSort(undefined);
  };
  const sortable = (key: ProcessListSort) => ({ key, sorter: true, sortOrder: sortOrder(key) });
  /** a written-off loan keeps no summary: its figures are not known here */
  const notKept = <Typography.Text type="secondary" title={t('list.notKept')}>—</Typography.Text>;
  const money = (key: 'loanAmount' | 'instalmentAmount' | 'overdueAmount' | 'unpaidPrincipal' | 'tempAmount' | 'lastReceiptAmount') => ({
    title: t(`list.fields.${key}`),
    align: 'right' as const,
    ...sortable(key),
    render: (_: unknown, r: ProcessListItem) => (r[key] === null ? notKept : <Money value={r[key]} />),
  });
  const count = (key: 'overdueTenors' | 'daysOverdue') => ({
    title: t(`list.fields.${key}`),
    align: 'right' as const,
    ...sortable(key),
    render: (_: unknown, r: ProcessListItem) => {
      const v = r[key];
      if (v === null) return notKept;
      if (key === 'daysOverdue' && v > 0) return <Tag color={OVERDUE}>{t('list.overdueDays', { count: v })}</Tag>;
      return v;
    },
  });

  const columns: ColumnsType<ProcessListItem> = [
    {
      title: t('list.fields.loanNo'),
      ...sortable('loanNo'),
      fixed: 'left',
      render: (_, r) => nowrap(<Link to={operationPath(r.loanId)}>{r.loanNo}</Link>),
    },
    {
      title: t('list.fields.customerName'),
      key: 'customer',
      render: (_, r) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>{r.customerName}</span>
          {r.idNumber && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.idNumber}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('list.fields.status'), key: 'status', render: (_, r) => <LoanStatusTag status={r.status as LoanStatus} /> },
    money('loanAmount'),
    money('instalmentAmount'),
    {
      title: t('list.fields.tenors'),
      align: 'right',
      ...sortable('paidTenors'),
      render: (_, r) => (r.paidTenors === null ? notKept : nowrap(`${r.paidTenors}/${r.totalTenor}`)),
    },
    { title: t('list.fields.nextDueDate'), ...sortable('nextDueDate'), render: (_, r) => nowrap(<DateText value={r.nextDueDate} />) },
    count('overdueTenors'),
    count('daysOverdue'),
    money('overdueAmount'),
    money('unpaidPrincipal'),
    money('tempAmount'),
    { title: t('list.fields.lastReceiptDate'), ...sortable('lastReceiptDate'), render: (_, r) => nowrap(<DateText value={r.lastReceiptDate} />) },
    money('lastReceiptAmount'),
    { title: t('list.fields.store'), key: 'store', render: (_, r) => nowrap(r.storeName) },
    { title: t('list.fields.staff'), key: 'staff', render: (_, r) => nowrap(r.staffName) },
  ];

  const loanTypes = (choices.data?.loanType ?? []).map((o) => ({ value: o.code, label: optionLabel(choices.data, 'loanType', o.code, i18n.language) }));
  return (
    <Card title={t('shell:menu.repayment.processList')}>
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
        <Flex wrap gap={8} align="center">
          <Select
            aria-label={t('list.fields.status')}
            style={{ width: 140 }}
            value={draft.status}
            options={[...PROCESS_LIST_STATUSES.map((v) => ({ value: v, label: t(`enums:loanStatus.${v}`) })), { value: 'all', label: t('list.allStatuses') }]}
            onChange={(v: string) => setDraft((d) => ({ ...d, status: v }))}
          />
          <Input
            allowClear
            aria-label={t('list.searchHint')}
            placeholder={t('list.searchHint')}
            style={{ width: 260, maxWidth: '100%' }}
            value={draft.q ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value || undefined }))}
            onPressEnter={search}
          />
          <OverdueOnlySelect value={draft.overdueOnly} all={t('list.all')} only={t('list.overdueOnly')} width={130} onChange={(v) => setDraft((d) => ({ ...d, overdueOnly: v }))} />
          <DueRangePicker
            from={draft.dueFrom}
            to={draft.dueTo}
            label={t('list.dueDate')}
            placeholders={[t('list.dueFrom'), t('list.dueTo')]}
            width={300}
            onChange={(dueFrom, dueTo) => setDraft((d) => ({ ...d, dueFrom, dueTo }))}
          />
          <Select
            allowClear
            aria-label={t('list.fields.staff')}
            placeholder={t('list.allStaff')}
            style={{ width: 140 }}
            value={draft.staffId}
            options={(data?.staff ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(v?: number) => setDraft((d) => ({ ...d, staffId: v }))}
          />
          <Select
            allowClear
            aria-label={t('list.fields.loanType')}
            placeholder={t('list.allLoanTypes')}
            style={{ width: 170 }}
            value={draft.loanType}
            options={loanTypes}
            onChange={(v?: string) => setDraft((d) => ({ ...d, loanType: v }))}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('list.search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            {t('list.reset')}
          </Button>
        </Flex>
        <Button icon={<FileExcelOutlined />} disabled={!data || data.total === 0} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          {t('list.export')}
        </Button>
      </Flex>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      {data && (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, textAlign: 'right' }}>
          {t('list.count', { count: data.total })}
        </Typography.Text>
      )}
      <div ref={box}>
        <Table<ProcessListItem>
          rowKey="loanId"
          size="small"
          tableLayout="auto"
          loading={list.isFetching}
          columns={columns}
          dataSource={data?.items ?? []}
          scroll={{ x: 1300 }}
          onRow={(r) => ({ onClick: () => navigate(operationPath(r.loanId)), style: { cursor: 'pointer' } })}
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
      </div>
    </Card>
  );
}
