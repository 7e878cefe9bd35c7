import { Button, Card, DatePicker, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { FileExcelOutlined, RollbackOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { COLLECTION_STATUSES, type CollectionActionName, type CollectionAgent, type CollectionListItem, type CollectionStatus } from '@harbour/contracts';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { Rate } from '../../components/Rate';
import { ReasonButton } from '../../generic/ReasonButton';
import { DATE_FORMAT } from '../../generic/form-values';
import { useSession } from '../../stores/session.js';
import { storeLabel } from '../../shell/StoreSwitcher.js';
import { ocaApi } from './oca-api';
import { useCollectionList } from './use-collection-list';
import { AgentFilter, FilterButtons, TextFilter } from './ListFilters';
import { PayAgentAction, RecoveryAction, TransferButton } from './OcaForms';

interface Filters {
  status?: CollectionStatus;
  agentId?: number;
  ocaFrom?: string;
  ocaTo?: string;
  writeOffFrom?: string;
  writeOffTo?: string;
  loanNo?: string;
  customerName?: string;
}

/** Solid tag colours dark enough for the tag's white text (WCAG AA). */
const STATUS_COLOUR: Record<string, string> = { oca: '#ad4e00', bad: '#a8071a' };
const nowrap = { whiteSpace: 'nowrap' } as const;
/** The server says which steps a row's status allows the caller (`nextActions`); the page asks no status itself. */
const offers = (r: CollectionListItem, action: CollectionActionName) => r.nextActions.includes(action);

/** The agents' account: each agent's charges, payments and what it is owed, with "Pay agent". */
function AgentAccount({ agents, loading, onChanged }: { agents: CollectionAgent[]; loading: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation('collection');
  // Charges are owed and paid store by store: the account is the current store's, and says so.
  const store = useSession((s) => s.user?.visitStore);
  const shown = agents.filter((a) => a.state === 'normal' || a.owed !== '0.00');
  const columns: ColumnsType<CollectionAgent> = [
    { title: t('fields.agent'), dataIndex: 'name', key: 'name', render: (v: string) => <span style={nowrap}>{v}</span> },
    { title: t('fields.chargePercent'), dataIndex: 'chargePercent', key: 'chargePercent', align: 'right', render: (v: string) => <Rate value={v} /> },
    { title: t('fields.charged'), dataIndex: 'charged', key: 'charged', align: 'right', render: (v: string) => <Money value={v} /> },
    { title: t('fields.paid'), dataIndex: 'paid', key: 'paid', align: 'right', render: (v: string) => <Money value={v} /> },
    { title: t('fields.owed'), dataIndex: 'owed', key: 'owed', align: 'right', render: (v: string) => <Typography.Text strong><Money value={v} /></Typography.Text> },
    { title: t('fields.actions'), key: 'actions', render: (_: unknown, a) => (a.owed !== '0.00' ? <PayAgentAction agent={a} onDone={onChanged} /> : null) },
  ];
  return (
    <Card size="small" title={t('agents.title', { store: store ? storeLabel(store, i18n.language) : '' })} style={{ marginBottom: 16 }}>
      <Table<CollectionAgent>
        rowKey="agentId"
        size="small"
        tableLayout="auto"
        loading={loading}
        columns={columns}
        dataSource={shown}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('agents.none') }}
      />
    </Card>
  );
}

/**
 * OCA write-off → list (spec §2, §3 OCA/write-off): the loans with an OCA agent or written off in
 * the caller's stores with their agent, OCA date, amount, instalments overdue, charge percent,
 * solicitor fee, recovered amount, charges payable and amount written off; filters, sorting,
 * pages and an xlsx export; each collection step a dialog with a confirmation (by key); and the
 * agents' account (what each agent is owed, and paying it).
 */
export default function OcaListPage() {
  const { t } = useTranslation('collection');
  const client = useQueryClient();
  const { draft, setDraft, search, reset, sortOrder, table, header, exporting, empty } = useCollectionList<Filters, CollectionListItem>({
    name: 'loans',
    fetch: (q, signal) => ocaApi.loans(q, signal),
    exportFile: (q) => ocaApi.exportLoans(q),
  });
  const agents = useQuery({ queryKey: ['collection', 'agents'], queryFn: ({ signal }) => ocaApi.agents(signal) });
  const refresh = () => void client.invalidateQueries({ queryKey: ['collection'] });
  const range = (from?: string, to?: string): [Dayjs | null, Dayjs | null] => [from ? dayjs(from) : null, to ? dayjs(to) : null];
  const money = (key: 'unpaidPrincipal' | 'solicitorFee' | 'recovered' | 'ocaCharges' | 'writtenOff') => ({
    title: t(`fields.${key}`),
    dataIndex: key,
    key,
    align: 'right' as const,
    render: (v: string | null) => <Money value={v} />,
  });
  const date = (key: 'ocaDate' | 'writeOffDate') => ({
    title: t(`fields.${key}`),
    dataIndex: key,
    key,
    sorter: true,
    sortOrder: sortOrder(key),
    render: (v: string | null) => (
      <span style={nowrap}>
        <DateText value={v} />
      </span>
    ),
  });
  const names = (r: CollectionListItem) => ({ loanNo: r.loanNo ?? '', name: r.customerName, agent: r.agentName ?? '' });

  const columns: ColumnsType<CollectionListItem> = [
    {
      title: t('fields.loanNo'),
      dataIndex: 'loanNo',
      key: 'loanNo',
      sorter: true,
      sortOrder: sortOrder('loanNo'),
      fixed: 'left',
      render: (v: string, r) => (
        <Link to={`/loan/operation?id=${r.loanId}`} style={nowrap}>
          {v}
        </Link>
      ),
    },
    { title: t('fields.customerName'), dataIndex: 'customerName', key: 'customerName', sorter: true, sortOrder: sortOrder('customerName'), render: (v: string) => <span style={nowrap}>{v}</span> },
    { title: t('fields.status'), dataIndex: 'status', key: 'status', render: (v: string) => <Tag color={STATUS_COLOUR[v]}>{t(`status.${v}`)}</Tag> },
    { title: t('fields.agent'), dataIndex: 'agentName', key: 'agentName', render: (v: string | null) => <span style={nowrap}>{v}</span> },
    date('ocaDate'),
    money('unpaidPrincipal'),
    {
      title: t('fields.instalments'),
      key: 'instalments',
      align: 'right',
      render: (_: unknown, r) => (r.overdueTenors === null ? '' : `${r.overdueTenors}/${r.totalTenor}`),
    },
    { title: t('fields.chargePercent'), dataIndex: 'chargePercent', key: 'chargePercent', align: 'right', render: (v: string | null) => (v === null ? '' : <Rate value={v} />) },
    money('solicitorFee'),
    money('recovered'),
    money('ocaCharges'),
    date('writeOffDate'),
    money('writtenOff'),
    {
      title: t('fields.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Space size={0} wrap={false}>
          {offers(r, 'recover') && <RecoveryAction loan={r} onDone={refresh} />}
          {offers(r, 'recall') && (
            <ReasonButton
              compact
              need="oca.transfer"
              label={t('actions.recall')}
              icon={<RollbackOutlined />}
              danger={false}
              question={t('questions.recall', names(r))}
              reasonLabel={t('fields.reason')}
              reasonRequired={t('forms.reasonRequired')}
              done={t('success.recalled')}
              run={(reason) => ocaApi.recall(r.loanId, reason)}
              onDone={refresh}
            />
          )}
          {offers(r, 'writeOff') && (
            <ReasonButton
              compact
              need="oca.writeOff"
              label={t('actions.writeOff')}
              icon={<StopOutlined />}
              danger
              question={t('questions.writeOff', names(r))}
              reasonLabel={t('fields.reason')}
              reasonRequired={t('forms.reasonRequired')}
              done={t('success.writtenOff')}
              run={(reason) => ocaApi.writeOff(r.loanId, reason)}
              onDone={refresh}
            />
          )}
          {offers(r, 'cancelWriteOff') && (
            <ReasonButton
              compact
              need="oca.writeOff"
              label={t('actions.cancelWriteOff')}
              icon={<UndoOutlined />}
              danger
              question={t('questions.cancelWriteOff', names(r))}
              reasonLabel={t('fields.reason')}
              reasonRequired={t('forms.reasonRequired')}
              done={t('success.writeOffCancelled')}
              run={(reason) => ocaApi.cancelWriteOff(r.loanId, reason)}
              onDone={refresh}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('list.title')}>
      <AgentAccount agents={agents.data ?? []} loading={agents.isFetching} onChanged={refresh} />
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
        <Flex wrap gap={8} align="center">
          <Select
            aria-label={t('fields.status')}
            style={{ width: 130 }}
            value={draft.status ?? ''}
            options={[{ value: '', label: t('all') }, ...COLLECTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
            onChange={(v: CollectionStatus | '') => setDraft((d) => ({ ...d, status: v || undefined }))}
          />
          <AgentFilter agents={agents.data ?? []} value={draft.agentId} onChange={(agentId) => setDraft((d) => ({ ...d, agentId }))} />
          <DatePicker.RangePicker
            aria-label={t('list.ocaDates')}
            placeholder={[t('list.ocaFrom'), t('list.ocaTo')]}
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            value={range(draft.ocaFrom, draft.ocaTo)}
            style={{ width: 280, maxWidth: '100%' }}
            onChange={(v) => setDraft((d) => ({ ...d, ocaFrom: v?.[0]?.format(DATE_FORMAT), ocaTo: v?.[1]?.format(DATE_FORMAT) }))}
          />
          <DatePicker.RangePicker
            aria-label={t('list.writeOffDates')}
            placeholder={[t('list.writeOffFrom'), t('list.writeOffTo')]}
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            value={range(draft.writeOffFrom, draft.writeOffTo)}
            style={{ width: 280, maxWidth: '100%' }}
            onChange={(v) => setDraft((d) => ({ ...d, writeOffFrom: v?.[0]?.format(DATE_FORMAT), writeOffTo: v?.[1]?.format(DATE_FORMAT) }))}
          />
          <TextFilter label={t('fields.loanNo')} value={draft.loanNo} onChange={(loanNo) => setDraft((d) => ({ ...d, loanNo }))} onSearch={search} />
          <TextFilter label={t('fields.customerName')} value={draft.customerName} onChange={(customerName) => setDraft((d) => ({ ...d, customerName }))} onSearch={search} />
          <FilterButtons search={search} reset={reset} />
        </Flex>
        <Flex wrap gap={8}>
          <TransferButton agents={agents.data ?? []} onDone={refresh} />
          <Button icon={<FileExcelOutlined />} disabled={empty} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            {t('export')}
          </Button>
        </Flex>
      </Flex>
      {header}
      <Table<CollectionListItem>
        rowKey="loanId"
        size="small"
        tableLayout="auto"
        columns={columns}
        {...table}
        scroll={{ x: 1300 }}
      />
    </Card>
  );
}
