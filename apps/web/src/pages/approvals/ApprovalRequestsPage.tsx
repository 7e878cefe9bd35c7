import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Drawer, Empty, Flex, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { CheckOutlined, CloseOutlined, EyeOutlined, RollbackOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPROVAL_REQUEST_STATUSES, FOUR_EYES_KINDS, type ApprovalRequestFilters, type ApprovalRequestItem, type ApprovalRequestStatus, type FourEyesKind } from '@harbour/contracts';
import { moneyDisplay } from '../../components/format.js';
import { DateTimeText } from '../../generic/DateTimeText';
import { useFeedback } from '../../generic/use-feedback';
import { useSession } from '../../stores/session.js';
import { useStoreName } from '../loans/use-store-name.js';
import { DueRangePicker, useServerSort } from '../repayments/list-controls';
import { approvalsApi } from './approvals-api';

type Sortable = 'id' | 'requestedAt' | 'kind' | 'status' | 'decidedAt';
interface Filters {
  status?: ApprovalRequestStatus;
  kind?: FourEyesKind;
  storeId?: number;
  dateFrom?: string;
  dateTo?: string;
  mine?: 'yes';
}

/** Solid tag colours dark enough for the tag's white text (WCAG AA). */
const STATUS_COLOURS: Record<ApprovalRequestStatus, string> = { pending: '#ad4e00', approved: '#237804', rejected: '#a8071a', withdrawn: '#595959' };

export function StatusTag({ status }: { status: ApprovalRequestStatus }) {
  const { t } = useTranslation('approvals');
  return <Tag color={STATUS_COLOURS[status]}>{t(`statuses.${status}`)}</Tag>;
}

type T = ReturnType<typeof useTranslation>['t'];

/** A figure as people read it: amounts with thousands separators, yes / no, lists joined, nothing as a dash. */
function figure(v: unknown, t: T): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'items.yes' : 'items.no');
  if (Array.isArray(v)) return v.map((x) => figure(x, t)).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'string' && /^-?\d+\.\d{2}$/.test(v)) return moneyDisplay(v);
  return String(v);
}

/** Items whose values are codes of an enum: shown by the enum's name in the user's language. */
const ENUM_OF: Record<string, string> = { repayType: 'repayType', correction: 'repaymentCorrection', status: 'loanStatus' };
const valueOf = (key: string, v: unknown, t: T) => (typeof v === 'string' && ENUM_OF[key] ? t(`enums:${ENUM_OF[key]}.${v}`, { defaultValue: v }) : figure(v, t));

/** An item's label: the request's own words, else the setting's name (a settings change), else the key. */
const itemLabel = (key: string, t: T) => t(`items.${key}`, { defaultValue: t(`settings:fields.${key}`, { defaultValue: key }) });

/** The intended change, item by item: what it is now, and what approving makes it. */
function ChangeTable({ r }: { r: ApprovalRequestItem }) {
  const { t } = useTranslation('approvals');
  const keys = [...new Set([...Object.keys(r.change.before), ...Object.keys(r.change.after)])];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      scroll={{ x: true }}
      dataSource={keys.map((key) => ({ key, before: r.change.before[key], after: r.change.after[key] }))}
      columns={[
        { title: t('fields.item'), dataIndex: 'key', key: 'key', render: (k: string) => itemLabel(k, t) },
        { title: t('fields.before'), dataIndex: 'before', key: 'before', align: 'right', render: (v: unknown, row) => valueOf(row.key, v, t) },
        { title: t('fields.after'), dataIndex: 'after', key: 'after', align: 'right', render: (v: unknown, row) => <strong>{valueOf(row.key, v, t)}</strong> },
      ]}
    />
  );
}

/** One request: its change, reason and people, and the decisions the caller may take on it. */
function RequestDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('approvals');
  const { confirm, message } = useFeedback();
  const qc = useQueryClient();
  const storeName = useStoreName();
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string>();
  const [form] = Form.useForm<{ note: string }>();
  const item = useQuery({ queryKey: ['approvals', 'item', id], queryFn: ({ signal }) => approvalsApi.get(id, signal) });
  const done = (key: string) => {
    void message.success(t(key));
    void qc.invalidateQueries({ queryKey: ['approvals'] });
    // what an approval runs changes receipts, loans and settings: their lists ask again
    void qc.invalidateQueries();
    setRejecting(false);
    setError(undefined);
  };
  const fail = (err: Error) => setError(err.message);
  const approve = useMutation({ mutationFn: () => approvalsApi.approve(id), onSuccess: () => done('success.approved'), onError: fail });
  const reject = useMutation({ mutationFn: (note: string) => approvalsApi.reject(id, note), onSuccess: () => done('success.rejected'), onError: fail });
  const withdraw = useMutation({ mutationFn: () => approvalsApi.withdraw(id), onSuccess: () => done('success.withdrawn'), onError: fail });
  const r = item.data;
  return (
    <Drawer open size="large" title={r ? `${t('detailTitle')} #${r.id}` : t('detailTitle')} onClose={onClose} loading={item.isLoading}>
      {item.isError && <Alert type="error" showIcon title={t('loadError')} />}
      {r && (
        <Flex vertical gap={16}>
          {r.status === 'pending' && <Alert type="warning" showIcon title={t('pendingHint')} />}
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'kind', label: t('fields.kind'), children: t(`kinds.${r.kind}`) },
              { key: 'status', label: t('fields.status'), children: <StatusTag status={r.status} /> },
              { key: 'reference', label: t('fields.reference'), children: r.reference ?? '—' },
              { key: 'store', label: t('fields.store'), children: r.storeName ? storeName(r.storeId, r.storeName) : '—' },
              { key: 'reason', label: t('fields.reason'), children: r.reason || '—' },
              { key: 'by', label: t('fields.requestedBy'), children: r.requestedByName ?? '—' },
              { key: 'at', label: t('fields.requestedAt'), children: <DateTimeText value={r.requestedAt} /> },
              ...(r.decidedBy !== null
                ? [
                    { key: 'dby', label: t('fields.decidedBy'), children: r.decidedByName ?? '—' },
                    { key: 'dat', label: t('fields.decidedAt'), children: <DateTimeText value={r.decidedAt} /> },
                    { key: 'note', label: t('fields.note'), children: r.note ?? '—' },
                  ]
                : []),
            ]}
          />
          <ChangeTable r={r} />
          {error && <Alert type="error" showIcon title={error} />}
          <Space wrap>
            {r.mayDecide && (
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={approve.isPending}
                onClick={() => confirm({ title: t('actions.approve'), content: t('confirm.approve'), okText: t('actions.approve'), onOk: () => approve.mutateAsync().catch(() => undefined) })}
              >
                {t('actions.approve')}
              </Button>
            )}
            {r.mayDecide && (
              <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)}>
                {t('actions.reject')}
              </Button>
            )}
            {r.mayWithdraw && (
              <Button
                icon={<RollbackOutlined />}
                loading={withdraw.isPending}
                onClick={() => confirm({ title: t('actions.withdraw'), content: t('confirm.withdraw'), okText: t('actions.withdraw'), onOk: () => withdraw.mutateAsync().catch(() => undefined) })}
              >
                {t('actions.withdraw')}
              </Button>
            )}
          </Space>
        </Flex>
      )}
      <Modal
        open={rejecting}
        title={t('confirm.reject')}
        okText={t('actions.reject')}
        okButtonProps={{ danger: true, loading: reject.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name={`reject-${id}`} onFinish={(v) => reject.mutate(v.note)}>
          <Form.Item name="note" label={t('fields.note')} rules={[{ required: true, whitespace: true, message: t('confirm.noteRequired') }]}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}

/**
 * Approval → approvals (four eyes): the requests for controlled actions in the caller's stores —
 * a checker sees every one, anyone else their own — with filters, sorting and pages, and a
 * request's detail with Approve / Reject (a checker who is not its maker) or Withdraw (its maker).
 */
export default function ApprovalRequestsPage() {
  const { t } = useTranslation('approvals');
  const storeName = useStoreName();
  const stores = useSession((s) => s.user?.stores) ?? [];
  const [draft, setDraft] = useState<Filters>({ status: 'pending' });
  const [filters, setFilters] = useState<Filters>({ status: 'pending' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [open, setOpen] = useState<number>();
  const { sort, setSort, sortOrder, onSort } = useServerSort<Sortable>();
  const query: ApprovalRequestFilters = { ...filters, page, pageSize, ...(sort ? { sort } : {}) };
  const list = useQuery({ queryKey: ['approvals', 'list', query], queryFn: ({ signal }) => approvalsApi.list(query, signal), placeholderData: keepPreviousData });

  const columns: ColumnsType<ApprovalRequestItem> = [
    { title: t('fields.id'), dataIndex: 'id', key: 'id', sorter: true, sortOrder: sortOrder('id'), align: 'right', width: 80 },
    { title: t('fields.kind'), dataIndex: 'kind', key: 'kind', sorter: true, sortOrder: sortOrder('kind'), render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{t(`kinds.${v}`)}</span> },
    { title: t('fields.reference'), dataIndex: 'reference', key: 'reference', render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{v ?? '—'}</span> },
    { title: t('fields.status'), dataIndex: 'status', key: 'status', sorter: true, sortOrder: sortOrder('status'), render: (v: ApprovalRequestStatus) => <StatusTag status={v} /> },
    { title: t('fields.store'), key: 'store', render: (_: unknown, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.storeName ? storeName(r.storeId, r.storeName) : '—'}</span> },
    { title: t('fields.requestedBy'), dataIndex: 'requestedByName', key: 'requestedBy', render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{v ?? '—'}</span> },
    { title: t('fields.requestedAt'), dataIndex: 'requestedAt', key: 'requestedAt', sorter: true, sortOrder: sortOrder('requestedAt'), render: (v: string) => <DateTimeText value={v} /> },
    { title: t('fields.reason'), dataIndex: 'reason', key: 'reason', ellipsis: true },
    {
      title: '',
      key: 'open',
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setOpen(r.id)}>
          {t('actions.view')}
        </Button>
      ),
    },
  ];

  const search = () => {
    setFilters(draft);
    setPage(1);
  };
  return (
    <Card title={t('title')}>
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="center">
          <Select
            aria-label={t('fields.status')}
            allowClear
            placeholder={t('fields.status')}
            style={{ width: 140 }}
            value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })}
            options={APPROVAL_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
          <Select
            aria-label={t('fields.kind')}
            allowClear
            placeholder={t('fields.kind')}
            style={{ width: 220 }}
            value={draft.kind}
            onChange={(kind) => setDraft({ ...draft, kind })}
            options={FOUR_EYES_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
          {stores.length > 1 && (
            <Select
              aria-label={t('fields.store')}
              allowClear
              placeholder={t('fields.store')}
              style={{ width: 160 }}
              value={draft.storeId}
              onChange={(storeId) => setDraft({ ...draft, storeId })}
              options={stores.map((s) => ({ value: s.store_id, label: storeName(s.store_id, s.store_name) }))}
            />
          )}
          <DueRangePicker
            from={draft.dateFrom}
            to={draft.dateTo}
            label={t('fields.date')}
            placeholders={[t('fields.date'), t('fields.date')]}
            width={260}
            onChange={(dateFrom, dateTo) => setDraft({ ...draft, dateFrom, dateTo })}
          />
          <Checkbox checked={draft.mine === 'yes'} onChange={(e) => setDraft({ ...draft, mine: e.target.checked ? 'yes' : undefined })}>
            {t('fields.mine')}
          </Checkbox>
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('actions.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              setFilters({});
              setSort(undefined);
              setPage(1);
            }}
          >
            {t('actions.reset')}
          </Button>
        </Flex>
        {list.isError && <Alert type="error" showIcon title={t('loadError')} action={<Button onClick={() => void list.refetch()}>{t('actions.retry')}</Button>} />}
        <Table
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })}
          onChange={(p, _f, sorter) => {
            onSort(sorter);
            setPage(p.current ?? 1);
            setPageSize(p.pageSize ?? 20);
          }}
          pagination={{ current: page, pageSize, total: list.data?.total ?? 0, showSizeChanger: true, showTotal: (n) => t('total', { count: n }) }}
        />
      </Flex>
      {open !== undefined && <RequestDrawer key={open} id={open} onClose={() => setOpen(undefined)} />}
    </Card>
  );
}
