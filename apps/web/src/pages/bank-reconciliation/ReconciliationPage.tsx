import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Input, Popconfirm, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BankStatementDetail, BankStatementLine, CsvMapping } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { Money } from '../../components/Money.js';
import { Permission } from '../../components/Permission.js';
import { useFeedback } from '../../generic/use-feedback';
import { useFocusableScroll } from '../../generic/use-focusable-scroll';
import { reconciliationApi as api } from './reconciliation-api';

const KEYS = { root: ['bankReconciliation'] as const };
const STATE_COLOURS: Record<string, string> = { matched: 'green', suggested: 'gold', unmatched: 'red', posted: 'blue', suspense: 'purple', ignored: 'default', debit: 'default' };
const OPEN = new Set(['matched', 'suggested', 'unmatched']);
const EMPTY_MAPPING: CsvMapping = { bookingDate: '', valueDate: null, amount: '', direction: null, reference: null, payerName: null, bankTxnId: '', dateFormat: 'YYYY-MM-DD', delimiter: ',' };
const MAPPING_FIELDS = ['bookingDate', 'valueDate', 'amount', 'direction', 'reference', 'payerName', 'bankTxnId'] as const;

/** A loan chosen by number or borrower (the repayment counter's finder), or among the line's candidates. */
function LoanPicker({ line, onPick }: { line: BankStatementLine; onPick: (loanId: number) => void }) {
  const { t } = useTranslation('reconciliation');
  const [q, setQ] = useState('');
  const found = useQuery({ queryKey: [...KEYS.root, 'loans', q], queryFn: ({ signal }) => api.findLoans(q, signal), enabled: q.length >= 2 });
  const options = [
    ...line.candidates.map((c) => ({ value: c.loanId, label: `${c.loanNo} ${c.customerName}` })),
    ...(found.data?.items ?? []).filter((l) => l.loanNo && !line.candidates.some((c) => c.loanId === l.id)).map((l) => ({ value: l.id, label: `${l.loanNo} ${l.customer.name}` })),
  ];
  return (
    <Select<number>
      showSearch
      size="small"
      style={{ width: 220 }}
      placeholder={t('actions.assign')}
      aria-label={t('actions.assign')}
      filterOption={false}
      onSearch={setQ}
      options={options}
      onChange={onPick}
      data-testid={`assign-${line.bankTxnId}`}
    />
  );
}

function LineActions({ line, onDone }: { line: BankStatementLine; onDone: () => void }) {
  const { t } = useTranslation('reconciliation');
  const [reason, setReason] = useState('');
  const run = useMutation({ mutationFn: (fn: () => Promise<unknown>) => fn(), onSuccess: onDone });
  if (line.direction === 'debit' || line.state === 'posted' || line.state === 'ignored') return null;
  return (
    <Permission need="repayment.bankReconciliation.post">
      <Space size={4} wrap>
        {line.state === 'suggested' && line.loanId !== null && (
          <Button size="small" type="primary" loading={run.isPending} onClick={() => run.mutate(() => api.assign(line.id, line.loanId!))}>
            {t('actions.confirm')}
          </Button>
        )}
        <LoanPicker line={line} onPick={(loanId) => run.mutate(() => api.assign(line.id, loanId))} />
        {OPEN.has(line.state) && (
          <>
            <Button size="small" loading={run.isPending} onClick={() => run.mutate(() => api.suspense(line.id))}>
              {t('actions.suspense')}
            </Button>
            <Popconfirm
              title={t('actions.ignoreReason')}
              description={<Input aria-label={t('actions.ignoreReason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />}
              okButtonProps={{ disabled: reason.trim() === '' }}
              onConfirm={() => run.mutate(() => api.ignore(line.id, reason.trim()))}
            >
              <Button size="small">{t('actions.ignore')}</Button>
            </Popconfirm>
          </>
        )}
      </Space>
    </Permission>
  );
}

function LinesTable({ title, lines, onDone, actions }: { title: string; lines: BankStatementLine[]; onDone: () => void; actions: boolean }) {
  const { t } = useTranslation('reconciliation');
  const box = useFocusableScroll(title);
  return (
    <div ref={box}>
    <Table<BankStatementLine>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={lines}
      data-testid="bank-lines"
      columns={[
        { key: 'date', title: t('columns.bookingDate'), render: (_, l) => <DateText value={l.bookingDate} /> },
        { key: 'txn', title: t('columns.bankTxnId'), dataIndex: 'bankTxnId' },
        { key: 'payer', title: t('columns.payerName'), render: (_, l) => l.payerName ?? '—' },
        { key: 'ref', title: t('columns.reference'), render: (_, l) => l.reference ?? '—' },
        { key: 'amount', title: t('columns.amount'), align: 'right', render: (_, l) => <Money value={l.amount} /> },
        { key: 'state', title: t('columns.state'), render: (_, l) => <Tag color={STATE_COLOURS[l.state]}>{t(`states.${l.state}`)}</Tag> },
        {
          key: 'reason',
          title: t('columns.reason'),
          render: (_, l) => (l.direction === 'debit' ? '—' : l.state === 'ignored' ? l.ignoreReason : t(`reasons.${l.reason}`)),
        },
        {
          key: 'loan',
          title: t('columns.loan'),
          render: (_, l) => (l.loanNo ? l.loanNo : l.candidates.length > 0 ? l.candidates.map((c) => c.loanNo).join(' / ') : '—'),
        },
        { key: 'receipt', title: t('columns.receipt'), render: (_, l) => l.repayNo ?? '—' },
        ...(actions ? [{ key: 'actions', title: t('columns.actions'), render: (_: unknown, l: BankStatementLine) => <LineActions line={l} onDone={onDone} /> }] : []),
      ]}
    />
    </div>
  );
}

/** Credits = posted + suspense + ignored + open, and the closing balance beside the ledger's bank account: always in view. */
function Totals({ s }: { s: BankStatementDetail }) {
  const { t } = useTranslation('reconciliation');
  const money = (v: string | null) => <Money value={v} />;
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }} data-testid="bank-totals">
      <Descriptions.Item label={t('totals.credits')}>{money(s.totals.credits)}</Descriptions.Item>
      <Descriptions.Item label={t('totals.posted')}>{money(s.totals.posted)}</Descriptions.Item>
      <Descriptions.Item label={t('totals.suspense')}>{money(s.totals.suspense)}</Descriptions.Item>
      <Descriptions.Item label={t('totals.ignored')}>{money(s.totals.ignored)}</Descriptions.Item>
      <Descriptions.Item label={t('totals.open')}>{money(s.totals.open)}</Descriptions.Item>
      <Descriptions.Item label={t('totals.debits')}>{money(s.totals.debits)}</Descriptions.Item>
      <Descriptions.Item label={t('opening')}>{money(s.openingBalance)}</Descriptions.Item>
      <Descriptions.Item label={t('closing')}>{money(s.closingBalance)}</Descriptions.Item>
      <Descriptions.Item label={t('totals.ledger')}>{money(s.ledger.balance)}</Descriptions.Item>
      <Descriptions.Item label={t('totals.difference')}>{money(s.ledger.difference)}</Descriptions.Item>
    </Descriptions>
  );
}

function CsvMappingCard({ accountId, saved, content }: { accountId: number; saved: CsvMapping | null; content: string | null }) {
  const { t } = useTranslation('reconciliation');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [mapping, setMapping] = useState<CsvMapping>(saved ?? EMPTY_MAPPING);
  const preview = useMutation({ mutationFn: () => api.csvPreview(accountId, content ?? '', mapping) });
  const save = useMutation({
    mutationFn: () => api.saveCsvMapping(accountId, mapping),
    onSuccess: () => {
      message.success(t('csv.saved'));
      return qc.invalidateQueries({ queryKey: KEYS.root });
    },
  });
  return (
    <Card size="small" title={t('csv.mapping')}>
      <Flex wrap gap={8}>
        {MAPPING_FIELDS.map((f) => (
          <Input
            key={f}
            style={{ width: 180 }}
            addonBefore={t(`columns.${f}`)}
            aria-label={t(`columns.${f}`)}
            value={mapping[f] ?? ''}
            onChange={(e) => setMapping({ ...mapping, [f]: e.target.value === '' && !['bookingDate', 'amount', 'bankTxnId'].includes(f) ? null : e.target.value })}
          />
        ))}
        <Select
          aria-label={t('csv.dateFormat')}
          value={mapping.dateFormat}
          style={{ width: 140 }}
          options={['YYYY-MM-DD', 'DD/MM/YYYY'].map((v) => ({ value: v, label: v }))}
          onChange={(v) => setMapping({ ...mapping, dateFormat: v })}
        />
        <Button disabled={!content} loading={preview.isPending} onClick={() => preview.mutate()}>
          {t('csv.preview')}
        </Button>
        <Button type="primary" disabled={!preview.data || preview.data.errors.length > 0} loading={save.isPending} onClick={() => save.mutate()}>
          {t('csv.save')}
        </Button>
      </Flex>
      {preview.data && (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          rowKey="row"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={[...preview.data.lines.map((l) => ({ ...l, error: null as string | null })), ...preview.data.errors.map((e) => ({ row: e.row, error: e.message }))]}
          columns={[
            { key: 'row', title: '#', dataIndex: 'row' },
            { key: 'txn', title: t('columns.bankTxnId'), render: (_, r) => ('bankTxnId' in r ? r.bankTxnId : r.error) },
            { key: 'date', title: t('columns.bookingDate'), render: (_, r) => ('bookingDate' in r ? <DateText value={r.bookingDate} /> : null) },
            { key: 'dir', title: t('columns.direction'), render: (_, r) => ('direction' in r ? t(`states.${r.direction === 'debit' ? 'debit' : 'unmatched'}`) : null) },
            { key: 'amount', title: t('columns.amount'), align: 'right', render: (_, r) => ('amount' in r ? <Money value={r.amount} /> : null) },
            { key: 'payer', title: t('columns.payerName'), render: (_, r) => ('payerName' in r ? r.payerName : null) },
            { key: 'ref', title: t('columns.reference'), render: (_, r) => ('reference' in r ? r.reference : null) },
          ]}
        />
      )}
    </Card>
  );
}

/**
 * Repayment → bank reconciliation: import a bank statement (camt.053 or CSV with the account's
 * saved column mapping), see why each credit matched, post the matched ones in one action,
 * confirm or reassign suggestions, park unknown payers in suspense and assign them later, ignore
 * with a reason — with the statement's totals and the ledger's bank balance always in view.
 */
export default function ReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [accountId, setAccountId] = useState<number | undefined>();
  const [format, setFormat] = useState<'camt053' | 'csv'>('camt053');
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [statementId, setStatementId] = useState<number | undefined>();
  const accounts = useQuery({ queryKey: [...KEYS.root, 'accounts'], queryFn: ({ signal }) => api.accounts(signal) });
  const account = accounts.data?.find((a) => a.id === accountId);
  const statements = useQuery({ queryKey: [...KEYS.root, 'statements', accountId], queryFn: ({ signal }) => api.statements(accountId, signal) });
  const shown = statementId ?? statements.data?.items[0]?.id;
  const detail = useQuery({ queryKey: [...KEYS.root, 'statement', shown], queryFn: ({ signal }) => api.statement(shown!, signal), enabled: shown !== undefined });
  const refresh = () => void qc.invalidateQueries({ queryKey: KEYS.root });
  const importIt = useMutation({
    mutationFn: () => api.importStatement({ bankAccountId: accountId!, format, fileName: file!.name, content: file!.content }),
    onSuccess: (r) => {
      message.success(r.alreadyImported ? t('alreadyImported') : t('imported', { added: r.added, duplicates: r.duplicates }));
      setStatementId(r.statement.id);
      refresh();
    },
  });
  const postAll = useMutation({
    mutationFn: () => api.postMatched(shown!),
    onSuccess: (r) => {
      message.success(t('posted', { posted: r.posted, skipped: r.skipped, failed: r.failed.length }));
      refresh();
    },
  });
  const lines = detail.data?.lines ?? [];
  const open = lines.filter((l) => l.direction === 'credit' && OPEN.has(l.state));
  const done = lines.filter((l) => l.direction === 'credit' && !OPEN.has(l.state));
  const debits = lines.filter((l) => l.direction === 'debit');
  return (
    <Flex vertical gap={16}>
      <Card title={t('import')}>
        <Flex wrap gap={12} align="center">
          <Select<number>
            style={{ width: '100%', maxWidth: 360 }}
            placeholder={t('bankAccount')}
            aria-label={t('bankAccount')}
            value={accountId}
            onChange={setAccountId}
            options={(accounts.data ?? []).map((a) => ({ value: a.id, label: `${a.bankName} ${a.accountNo}` }))}
            data-testid="bank-account"
          />
          <Select
            aria-label={t('format')}
            style={{ width: 160 }}
            value={format}
            onChange={setFormat}
            options={(['camt053', 'csv'] as const).map((f) => ({ value: f, label: t(`formats.${f}`) }))}
          />
          <Upload
            accept={format === 'csv' ? '.csv,text/csv' : '.xml,text/xml,application/xml'}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              void f.text().then((content) => setFile({ name: f.name, content }));
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
          </Upload>
          {file && <Typography.Text>{file.name}</Typography.Text>}
          <Permission need="repayment.bankReconciliation.post">
            <Button type="primary" disabled={!accountId || !file} loading={importIt.isPending} onClick={() => importIt.mutate()}>
              {t('import')}
            </Button>
          </Permission>
        </Flex>
        {format === 'csv' && account && (
          <div style={{ marginTop: 12 }}>
            <CsvMappingCard key={account.id} accountId={account.id} saved={account.csvMapping as CsvMapping | null} content={file?.content ?? null} />
          </div>
        )}
      </Card>
      <Card title={t('statement')}>
        <Flex wrap gap={12} style={{ marginBottom: 16 }}>
          <Select<number>
            style={{ width: '100%', maxWidth: 520 }}
            aria-label={t('statements')}
            value={shown}
            onChange={setStatementId}
            options={(statements.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.accountNo} · ${s.fromDate ?? ''} – ${s.toDate ?? ''} · ${s.fileName}` }))}
          />
          <Permission need="repayment.bankReconciliation.post">
            <Button type="primary" disabled={!shown || !lines.some((l) => l.state === 'matched')} loading={postAll.isPending} onClick={() => postAll.mutate()}>
              {t('actions.postMatched')}
            </Button>
          </Permission>
        </Flex>
        {detail.data ? (
          <Flex vertical gap={16}>
            <Totals s={detail.data} />
            {postAll.data && postAll.data.failed.length > 0 && (
              <Alert type="warning" showIcon message={postAll.data.failed.map((f) => `${f.bankTxnId}: ${f.message}`).join('；')} />
            )}
            <Typography.Title level={5}>{t('sections.credits')}</Typography.Title>
            <LinesTable title={t('sections.credits')} lines={open} onDone={refresh} actions />
            <Typography.Title level={5}>{t('sections.done')}</Typography.Title>
            <LinesTable title={t('sections.done')} lines={done} onDone={refresh} actions />
            {debits.length > 0 && (
              <>
                <Typography.Title level={5}>{t('sections.debits')}</Typography.Title>
                <LinesTable title={t('sections.debits')} lines={debits} onDone={refresh} actions={false} />
              </>
            )}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('statements')}: —</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}
