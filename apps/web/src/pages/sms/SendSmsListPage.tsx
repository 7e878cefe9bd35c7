import { useState } from 'react';
import { App, Button, Card, Checkbox, DatePicker, Flex, Input, Select, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { ReloadOutlined, SearchOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { SMS_KINDS, SMS_STATUSES, type SmsCandidate, type SmsKind, type SmsMessage, type SmsStatus } from '@harbour/contracts';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { usePermission } from '../../components/Permission';
import { DateTimeText } from '../../generic/DateTimeText';
import { DATE_FORMAT } from '../../generic/form-values';
import { SmsGatewayTab } from './SmsGatewayTab';
import { smsApi, type SmsMessagesQuery } from './sms-api';

const STATUS_COLOURS: Record<SmsStatus, string> = { queued: '#0958d9', sending: '#ad4e00', sent: '#237804', failed: '#a8071a' };
const nowrap = { whiteSpace: 'nowrap' } as const;

/** The customer's name over the (masked) phone. */
function CustomerCell({ name, phone }: { name: string; phone: string }) {
  return (
    <Flex vertical style={nowrap}>
      <span>{name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {phone}
      </Typography.Text>
    </Flex>
  );
}

/** One reminder tab: the loans of a kind, filters, selection, previews, send with confirmation. */
function KindTab({ kind }: { kind: SmsKind }) {
  const { t } = useTranslation('reminders');
  const { t: te } = useTranslation('enums');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const maySend = usePermission('sms.send');
  const [draft, setDraft] = useState<{ loanNo?: string; customerName?: string }>({});
  const [filters, setFilters] = useState<{ loanNo?: string; customerName?: string }>({});
  const [unsentOnly, setUnsentOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<number[]>([]);
  const query = { kind, ...filters, unsentOnly: unsentOnly ? 'true' : undefined, page, pageSize } as const;
  const list = useQuery({ queryKey: ['sms', 'candidates', query], queryFn: ({ signal }) => smsApi.candidates(query as never, signal), placeholderData: keepPreviousData });
  const sending = useMutation({
    mutationFn: (ids: number[]) => smsApi.send(kind, ids),
    onSuccess: (r) => {
      message.success(t('send.result', { queued: r.queued, skipped: r.skipped.length }));
      setSelected([]);
      void client.invalidateQueries({ queryKey: ['sms'] });
    },
  });
  const confirmSend = () =>
    modal.confirm({
      title: t('send.confirmTitle', { count: selected.length, kind: te(`smsKind.${kind}`) }),
      content: t('send.confirmText'),
      okText: t('send.ok'),
      cancelText: t('send.cancel'),
      onOk: () => sending.mutateAsync(selected),
    });
  const columns: ColumnsType<SmsCandidate> = [
    { title: t('list.loanNo'), dataIndex: 'loanNo', key: 'loanNo', render: (v: string) => <span style={nowrap}>{v}</span> },
    {
      title: t('list.customer'),
      key: 'customer',
      render: (_: unknown, r) => <CustomerCell name={r.customerName} phone={r.phone} />,
    },
    { title: t('list.dueDate'), dataIndex: 'dueDate', key: 'dueDate', render: (v: string | null) => <span style={nowrap}><DateText value={v} /></span> },
    ...(kind === 'overdue' ? [{ title: t('list.daysOverdue'), dataIndex: 'daysOverdue', key: 'daysOverdue', align: 'right' as const }] : []),
    ...(kind === 'almostComplete' ? [{ title: t('list.remainingTenors'), dataIndex: 'remainingTenors', key: 'remainingTenors', align: 'right' as const }] : []),
    ...(kind === 'complete' ? [] : [{ title: t('list.amountDue'), dataIndex: 'amountDue', key: 'amountDue', align: 'right' as const, render: (v: string) => <Money value={v} /> }]),
    {
      title: t('list.preview'),
      key: 'preview',
      width: 380,
      render: (_: unknown, r) =>
        r.preview === null ? (
          <Typography.Text type="warning">{t('list.noTemplate', { language: te(`smsLanguage.${r.language}`) })}</Typography.Text>
        ) : (
          <Flex vertical gap={2}>
            <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: t('list.more') }} style={{ margin: 0 }}>
              {r.preview}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {te(`smsLanguage.${r.language}`)} · {t('meter.segments', { count: r.segments })}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      title: t('list.state'),
      key: 'state',
      render: (_: unknown, r) =>
        r.optedOut ? <Tag color="#a8071a">{t('list.optedOut')}</Tag> : r.alreadyQueued ? <Tag color="#237804">{t('list.queued')}</Tag> : null,
    },
  ];
  const data = list.data;
  return (
    <>
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
        <Flex wrap gap={8} align="center">
          <Input allowClear aria-label={t('list.loanNo')} placeholder={t('list.loanNo')} style={{ width: 160 }} value={draft.loanNo ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, loanNo: e.target.value || undefined }))} onPressEnter={() => (setFilters(draft), setPage(1))} />
          <Input allowClear aria-label={t('list.customer')} placeholder={t('list.customer')} style={{ width: 160 }} value={draft.customerName ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, customerName: e.target.value || undefined }))} onPressEnter={() => (setFilters(draft), setPage(1))} />
          <Checkbox checked={unsentOnly} onChange={(e) => (setUnsentOnly(e.target.checked), setPage(1))}>
            {t('list.unsentOnly')}
          </Checkbox>
          <Button type="primary" icon={<SearchOutlined />} onClick={() => (setFilters(draft), setPage(1))}>
            {t('list.search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => (setDraft({}), setFilters({}), setUnsentOnly(false), setPage(1))}>
            {t('list.reset')}
          </Button>
        </Flex>
        {maySend && (
          <Button type="primary" icon={<SendOutlined />} disabled={selected.length === 0} loading={sending.isPending} onClick={confirmSend}>
            {t('send.button', { count: selected.length })}
          </Button>
        )}
      </Flex>
      {kind === 'upcoming' && data && (
        <Typography.Paragraph type="secondary">{t('list.upcomingHint', { days: data.reminderDays })}</Typography.Paragraph>
      )}
      {/* Scrolled by a wrapper, not the table's own scroll: with row selection, a scrolling table's
          aria-hidden measure row holds the select-all checkbox, a hidden focusable (axe). */}
      <div style={{ overflowX: 'auto' }}>
        <Table<SmsCandidate>
          rowKey="loanId"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={data?.items ?? []}
          rowSelection={
            maySend
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (r) => ({ disabled: r.optedOut || r.alreadyQueued || r.preview === null, 'aria-label': r.loanNo }),
                }
              : undefined
          }
          pagination={{
            current: page,
            pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => t('list.total', { count: n }),
            onChange: (p, s) => (setPage(p), setPageSize(s)),
          }}
        />
      </div>
    </>
  );
}

/** The sent record: every queued message, its status at the provider, with filters. */
function RecordTab() {
  const { t } = useTranslation('reminders');
  const { t: te } = useTranslation('enums');
  const [draft, setDraft] = useState<SmsMessagesQuery>({});
  const [filters, setFilters] = useState<SmsMessagesQuery>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = { ...filters, page, pageSize };
  const list = useQuery({ queryKey: ['sms', 'messages', query], queryFn: ({ signal }) => smsApi.messages(query, signal), placeholderData: keepPreviousData });
  const columns: ColumnsType<SmsMessage> = [
    { title: t('record.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => <span style={nowrap}><DateTimeText value={v} /></span> },
    { title: t('list.loanNo'), dataIndex: 'loanNo', key: 'loanNo', render: (v: string) => <span style={nowrap}>{v}</span> },
    {
      title: t('list.customer'),
      key: 'customer',
      render: (_: unknown, r) => <CustomerCell name={r.customerName} phone={r.phone} />,
    },
    { title: t('record.kind'), dataIndex: 'kind', key: 'kind', render: (v: SmsKind) => <span style={nowrap}>{te(`smsKind.${v}`)}</span> },
    {
      title: t('record.text'),
      dataIndex: 'text',
      key: 'text',
      width: 360,
      render: (v: string, r) => (
        <Flex vertical gap={2}>
          <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: t('list.more') }} style={{ margin: 0 }}>
            {v}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('meter.segments', { count: r.segments })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('record.status'),
      dataIndex: 'status',
      key: 'status',
      render: (v: SmsStatus, r) => (
        <Flex vertical gap={2} style={{ maxWidth: 220 }}>
          <Tag color={STATUS_COLOURS[v]} style={{ width: 'fit-content' }}>{te(`smsStatus.${v}`)}</Tag>
          {r.providerError && <Typography.Text type="danger" style={{ fontSize: 12 }}>{t('record.sendError')}: {r.providerError}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('record.providerRef'), dataIndex: 'providerRef', key: 'providerRef', render: (v: string | null) => <span style={nowrap}>{v ?? ''}</span> },
    { title: t('record.attempts'), dataIndex: 'attempts', key: 'attempts', align: 'right' },
    { title: t('record.staff'), dataIndex: 'staffName', key: 'staffName', render: (v: string | null) => <span style={nowrap}>{v ?? t('record.schedule')}</span> },
    { title: t('record.sentAt'), dataIndex: 'sentAt', key: 'sentAt', render: (v: string | null) => <span style={nowrap}><DateTimeText value={v} /></span> },
  ];
  const search = () => (setFilters(draft), setPage(1));
  return (
    <>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
        <Select allowClear aria-label={t('record.kind')} placeholder={t('record.kind')} style={{ width: 150 }} value={draft.kind ?? null}
          options={SMS_KINDS.map((k) => ({ value: k, label: te(`smsKind.${k}`) }))} onChange={(v: SmsKind | null) => setDraft((d) => ({ ...d, kind: v ?? undefined }))} />
        <Select allowClear aria-label={t('record.status')} placeholder={t('record.status')} style={{ width: 130 }} value={draft.status ?? null}
          options={SMS_STATUSES.map((s) => ({ value: s, label: te(`smsStatus.${s}`) }))} onChange={(v: string | null) => setDraft((d) => ({ ...d, status: v ?? undefined }))} />
        <Input allowClear aria-label={t('list.loanNo')} placeholder={t('list.loanNo')} style={{ width: 160 }} value={draft.loanNo ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, loanNo: e.target.value || undefined }))} onPressEnter={search} />
        <DatePicker.RangePicker
          aria-label={t('record.createdAt')}
          format={DATE_FORMAT}
          allowEmpty={[true, true]}
          style={{ width: 260, maxWidth: '100%' }}
          value={[draft.dateFrom ? dayjs(draft.dateFrom) : null, draft.dateTo ? dayjs(draft.dateTo) : null]}
          onChange={(v) => setDraft((d) => ({ ...d, dateFrom: v?.[0]?.format(DATE_FORMAT), dateTo: v?.[1]?.format(DATE_FORMAT) }))}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {t('list.search')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => (setDraft({}), setFilters({}), setPage(1))}>
          {t('list.reset')}
        </Button>
      </Flex>
      <Table<SmsMessage>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.items ?? []}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('list.total', { count: n }),
          onChange: (p, s) => (setPage(p), setPageSize(s)),
        }}
      />
    </>
  );
}

/**
 * SendSmsList (spec §2): tabs of the loans to remind — upcoming (due within the "overdue reminder
 * days" setting), overdue, almost complete, complete — each message previewed in the customer's
 * language, sent (queued for the worker) after a confirmation; the sent record; and, for holders
 * of `sms.gateway`, the gateway and the daily schedule.
 */
export default function SendSmsListPage() {
  const { t } = useTranslation('reminders');
  const { t: te } = useTranslation('enums');
  const { t: ts } = useTranslation('shell');
  const [tab, setTab] = useState<string>('overdue');
  const mayConfigure = usePermission('sms.gateway');
  const order: SmsKind[] = ['upcoming', 'overdue', 'almostComplete', 'complete'];
  return (
    <Card title={ts('menu.sms.list')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          ...order.map((k) => ({ key: k, label: te(`smsKind.${k}`), children: <KindTab kind={k} /> })),
          { key: 'record', label: t('record.title'), children: <RecordTab /> },
          ...(mayConfigure ? [{ key: 'gateway', label: t('gateway.title'), children: <SmsGatewayTab /> }] : []),
        ]}
      />
    </Card>
  );
}
