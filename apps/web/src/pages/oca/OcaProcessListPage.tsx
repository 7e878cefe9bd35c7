import { Button, Card, DatePicker, Flex, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { DeleteOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { COLLECTION_STEP_KINDS, type CollectionStep, type CollectionStepKind } from '@harbour/contracts';
import { DateText } from '../../components/DateText';
import { moneyDisplay } from '../../components/format';
import { Money } from '../../components/Money';
import { ReasonButton } from '../../generic/ReasonButton';
import { DATE_FORMAT } from '../../generic/form-values';
import { ocaApi } from './oca-api';
import { useCollectionList } from './use-collection-list';
import { AgentFilter, FilterButtons, TextFilter } from './ListFilters';

interface Filters {
  kind?: CollectionStepKind;
  agentId?: number;
  loanNo?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** Solid tag colours dark enough for the tag's white text (WCAG AA), by what the step does. */
const KIND_COLOUR: Record<CollectionStepKind, string> = {
  transfer: '#0958d9',
  recall: '#08979c',
  recovery: '#237804',
  recoveryVoid: '#595959',
  writeOff: '#a8071a',
  writeOffCancel: '#595959',
  agentPayment: '#531dab',
  agentPaymentVoid: '#595959',
};
const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * OCA write-off → process list (spec §2): every collection step in the caller's stores — transfer,
 * recall, recovery and its deletion, write-off and its cancellation, payment to an agent and its
 * void — with date, loan, agent, amount, staff and remarks; filters, sorting, pages and an xlsx
 * export. A recovery on a written-off loan is deleted here, and a payment to an agent voided (by key).
 */
export default function OcaProcessListPage() {
  const { t } = useTranslation('collection');
  const client = useQueryClient();
  const { draft, setDraft, search, reset, sortOrder, table, header, exporting, empty } = useCollectionList<Filters, CollectionStep>({
    name: 'steps',
    fetch: (q, signal) => ocaApi.steps(q, signal),
    exportFile: (q) => ocaApi.exportSteps(q),
  });
  const agents = useQuery({ queryKey: ['collection', 'agents'], queryFn: ({ signal }) => ocaApi.agents(signal) });
  const refresh = () => void client.invalidateQueries({ queryKey: ['collection'] });

  const columns: ColumnsType<CollectionStep> = [
    {
      title: t('fields.date'),
      dataIndex: 'date',
      key: 'date',
      sorter: true,
      sortOrder: sortOrder('date'),
      render: (v: string) => (
        <span style={nowrap}>
          <DateText value={v} />
        </span>
      ),
    },
    { title: t('fields.kind'), dataIndex: 'kind', key: 'kind', render: (v: CollectionStepKind) => <Tag color={KIND_COLOUR[v]}>{t(`kinds.${v}`)}</Tag> },
    {
      title: t('fields.loanNo'),
      dataIndex: 'loanNo',
      key: 'loanNo',
      render: (v: string | null, r) =>
        v && r.loanId ? (
          <Link to={`/loan/operation?id=${r.loanId}`} style={nowrap}>
            {v}
          </Link>
        ) : null,
    },
    { title: t('fields.customerName'), dataIndex: 'customerName', key: 'customerName', render: (v: string | null) => <span style={nowrap}>{v}</span> },
    { title: t('fields.agent'), dataIndex: 'agentName', key: 'agentName', render: (v: string | null) => <span style={nowrap}>{v}</span> },
    { title: t('fields.amount'), dataIndex: 'amount', key: 'amount', align: 'right', render: (v: string | null) => <Money value={v} /> },
    { title: t('fields.staff'), dataIndex: 'staffName', key: 'staffName', render: (v: string | null) => <span style={nowrap}>{v}</span> },
    { title: t('fields.remarks'), dataIndex: 'remarks', key: 'remarks', render: (v: string | null) => <Typography.Text style={{ minWidth: 160, display: 'inline-block' }}>{v}</Typography.Text> },
    {
      title: t('fields.actions'),
      key: 'actions',
      render: (_: unknown, r) => {
        if (r.kind === 'recovery' && r.undoable)
          return (
            <ReasonButton
              compact
              need="oca.recovery"
              label={t('actions.voidRecovery')}
              icon={<DeleteOutlined />}
              danger
              question={t('questions.voidRecovery', { loanNo: r.loanNo ?? '', amount: moneyDisplay(r.amount ?? '') })}
              reasonLabel={t('fields.reason')}
              reasonRequired={t('forms.reasonRequired')}
              done={t('success.recoveryVoided')}
              run={(reason) => ocaApi.voidRecovery(r.id, reason)}
              onDone={refresh}
            />
          );
        if (r.kind === 'agentPayment' && r.undoable)
          return (
            <ReasonButton
              compact
              need="oca.agentPayment"
              label={t('actions.voidPayment')}
              icon={<DeleteOutlined />}
              danger
              question={t('questions.voidPayment', { agent: r.agentName ?? '', amount: moneyDisplay(r.amount ?? '') })}
              reasonLabel={t('fields.reason')}
              reasonRequired={t('forms.reasonRequired')}
              done={t('success.agentPaymentVoided')}
              run={(reason) => ocaApi.voidPayment(r.id, reason)}
              onDone={refresh}
            />
          );
        return null;
      },
    },
  ];

  return (
    <Card title={t('steps.title')}>
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
        <Flex wrap gap={8} align="center">
          <Select
            aria-label={t('fields.kind')}
            style={{ width: 170 }}
            value={draft.kind ?? ''}
            options={[{ value: '', label: t('all') }, ...COLLECTION_STEP_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]}
            onChange={(v: CollectionStepKind | '') => setDraft((d) => ({ ...d, kind: v || undefined }))}
          />
          <AgentFilter agents={agents.data ?? []} value={draft.agentId} onChange={(agentId) => setDraft((d) => ({ ...d, agentId }))} />
          <DatePicker.RangePicker
            aria-label={t('steps.dates')}
            placeholder={[t('steps.from'), t('steps.to')]}
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            value={[draft.dateFrom ? dayjs(draft.dateFrom) : null, draft.dateTo ? dayjs(draft.dateTo) : null]}
            style={{ width: 260, maxWidth: '100%' }}
            onChange={(v) => setDraft((d) => ({ ...d, dateFrom: v?.[0]?.format(DATE_FORMAT), dateTo: v?.[1]?.format(DATE_FORMAT) }))}
          />
          <TextFilter label={t('fields.loanNo')} value={draft.loanNo} onChange={(loanNo) => setDraft((d) => ({ ...d, loanNo }))} onSearch={search} />
          <FilterButtons search={search} reset={reset} />
        </Flex>
        <Button icon={<FileExcelOutlined />} disabled={empty} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          {t('export')}
        </Button>
      </Flex>
      {header}
      <Table<CollectionStep>
        rowKey="key"
        size="small"
        tableLayout="auto"
        columns={columns}
        {...table}
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
