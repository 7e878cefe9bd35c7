import { Alert, App, Button, Card, Flex, Progress, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../components/DateText';
import type { ImportBatch } from '@harbour/contracts';
import { useFocusableScroll } from '../../../generic/use-focusable-scroll';
import { importApi } from './import-api';

export const BATCHES_KEY = ['tools', 'import', 'batches'];
/** Solid tag colours dark enough for the tag's white text (WCAG AA), as the loan statuses'. */
const STATE_COLOURS: Record<ImportBatch['state'], string> = {
  dryRun: '#595959',
  committing: '#0958d9',
  committed: '#237804',
  rollingBack: '#ad4e00',
  rolledBack: '#434343',
  failed: '#a8071a',
};

/** A batch a server job is working on: being written, or being rolled back. */
const running = (b: ImportBatch) => b.state === 'committing' || b.state === 'rollingBack';

/**
 * A batch rolling back whose job has not moved it for two minutes: its server may have stopped
 * (nothing of the rollback was kept), and the rollback may be started again — the server starts it
 * only if no job holds the store's import lock, so a running one is never started twice.
 */
const STALLED_MS = 120_000;
const rollbackStalled = (b: ImportBatch) => b.state === 'rollingBack' && Date.now() - Date.parse(b.updatedAt) > STALLED_MS;

/** The batches, polled every second while one of them is being written or rolled back (so a reload shows it running). */
function useBatches() {
  return useQuery({
    queryKey: BATCHES_KEY,
    queryFn: ({ signal }) => importApi.batches(signal),
    refetchInterval: (q) => (q.state.data?.some(running) ? 1000 : false),
  });
}

/** A batch's progress: rows read, validated and written of the file's rows; or, rolling back, what is reversed and removed. */
function BatchProgress({ batch }: { batch: ImportBatch }) {
  const { t } = useTranslation('tools');
  if (batch.state === 'rollingBack') {
    const of = Math.max(batch.rollbackTotal, 1);
    return (
      <Flex vertical gap={4} style={{ maxWidth: 640 }}>
        <Typography.Text strong>{t('importPage.rollingBackFile', { file: batch.fileName })}</Typography.Text>
        <Progress percent={Math.floor((batch.rollbackDone * 100) / of)} status="active" aria-label={t('importPage.rollbackProgress')} />
        <Typography.Text type="secondary">{t('importPage.rollbackFigures', { done: batch.rollbackDone, total: batch.rollbackTotal })}</Typography.Text>
      </Flex>
    );
  }
  const total = Math.max(batch.rowsTotal, 1);
  return (
    <Flex vertical gap={4} style={{ maxWidth: 640 }}>
      <Typography.Text strong>{t('importPage.running', { file: batch.fileName })}</Typography.Text>
      <Progress percent={Math.floor((batch.rowsWritten * 100) / total)} status="active" aria-label={t('importPage.progress')} />
      <Typography.Text type="secondary">
        {t('importPage.progressFigures', { read: batch.rowsRead, validated: batch.rowsValidated, written: batch.rowsWritten, total: batch.rowsTotal })}
      </Typography.Text>
    </Flex>
  );
}

/** The batches being written or rolled back now, under the upload (the page reopened while one runs shows it: the job runs on the server). */
export function RunningBatches() {
  const { data } = useBatches();
  return (data?.filter(running) ?? []).map((b) => <BatchProgress key={b.id} batch={b} />);
}

/** Every batch of the stores the caller reaches, newest first, with rollback for a committed one. */
export function ImportBatchList({ onReconcile }: { onReconcile: (batchId: number) => void }) {
  const { t } = useTranslation('tools');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const batches = useBatches();
  const box = useFocusableScroll(t('importPage.batches'));
  const rollback = useMutation({
    mutationFn: (id: number) => importApi.rollback(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BATCHES_KEY }),
  });
  const confirmRollback = (b: ImportBatch) =>
    modal.confirm({
      title: t('importPage.rollbackTitle'),
      content: t('importPage.rollbackConfirm', { file: b.fileName, rows: b.rowsWritten }),
      okText: t('importPage.rollback'),
      okButtonProps: { danger: true },
      onOk: () => rollback.mutateAsync(b.id).catch(() => undefined),
    });

  return (
    <Card title={t('importPage.batches')} size="small">
      {batches.isError && <Alert type="error" showIcon title={batches.error.message} style={{ marginBottom: 8 }} />}
      {rollback.isError && <Alert type="error" showIcon closable title={rollback.error.message} style={{ marginBottom: 8 }} />}
      <div ref={box}>
      <Table<ImportBatch>
        size="small"
        rowKey="id"
        loading={batches.isLoading}
        dataSource={batches.data}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 10, hideOnSinglePage: true, size: 'small' }}
        locale={{ emptyText: <Typography.Text type="secondary">{t('importPage.noBatches')}</Typography.Text> }}
        columns={[
          { title: t('importPage.state'), dataIndex: 'state', render: (s: ImportBatch['state'], b) => (
            <Flex vertical gap={2} align="start" style={{ maxWidth: 280 }}>
              <Tag color={STATE_COLOURS[s]} title={b.failure ?? undefined}>{t(`importPage.states.${s}`)}</Tag>
              {s === 'committed' && b.failure && <Typography.Text type="danger">{t('importPage.rollbackFailedNote', { failure: b.failure })}</Typography.Text>}
              {rollbackStalled(b) && <Typography.Text type="danger">{t('importPage.rollbackStalled')}</Typography.Text>}
            </Flex>
          ) },
          { title: t('importPage.file'), dataIndex: 'fileName' },
          { title: t('importPage.cutOverDate'), dataIndex: 'cutOverDate', render: (d: string | null) => <DateText value={d} /> },
          { title: t('importPage.rows'), key: 'rows', align: 'right', render: (_, b) => `${b.rowsWritten.toLocaleString('en')} / ${b.rowsTotal.toLocaleString('en')}` },
          { title: t('importPage.startedBy'), dataIndex: 'startedByName', render: (n: string | null) => n ?? '—' },
          { title: t('importPage.createdAt'), dataIndex: 'createdAt', render: (d: string) => <DateText value={d} /> },
          { title: t('importPage.committedAt'), dataIndex: 'committedAt', render: (d: string | null) => <DateText value={d} /> },
          { title: t('importPage.rolledBackAt'), dataIndex: 'rolledBackAt', render: (d: string | null) => <DateText value={d} /> },
          { title: t('importPage.actions'), key: 'actions', render: (_, b) => rollbackStalled(b) ? (
            <Button size="small" danger loading={rollback.isPending && rollback.variables === b.id} onClick={() => confirmRollback(b)}>
              {t('importPage.rollbackAgain')}
            </Button>
          ) : b.state === 'committed' && (
            <Flex gap={8}>
              <Button size="small" onClick={() => onReconcile(b.id)}>
                {t('importPage.reconciliation.open')}
              </Button>
              <Button size="small" danger loading={rollback.isPending && rollback.variables === b.id} onClick={() => confirmRollback(b)}>
                {t('importPage.rollback')}
              </Button>
            </Flex>
          ) },
        ]}
      />
      </div>
    </Card>
  );
}
