import { useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Flex, Select, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../generic/form-values';
import { storeLabel } from '../../../shell/StoreSwitcher';
import { useSession } from '../../../stores/session.js';
import { DryRunResult } from './DryRunResult';
import { importApi, type ImportTarget } from './import-api';
import { BATCHES_KEY, ImportBatchList, RunningBatches } from './ImportBatchList';
import { ReconciliationSheet } from './ReconciliationSheet';

/**
 * Tools → Data import (docs/import.md): download the template, upload the lender's workbook for a
 * dry run (counts per sheet and every problem, nothing written), fix and upload again, then commit
 * it as one batch the server writes as a job; the batches below show its progress (also after a
 * reload) and can be rolled back. Every figure and problem is the server's.
 */
export default function DataImportPage() {
  const { t, i18n } = useTranslation('tools');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const stores = user?.stores ?? [];
  const [target, setTarget] = useState<ImportTarget>({ storeId: user?.visitStore?.store_id });
  const [file, setFile] = useState<File>();
  const [reconciled, setReconciled] = useState<number>();
  const template = useMutation({ mutationFn: () => importApi.template() });
  const dryRun = useMutation({ mutationFn: (f: File) => importApi.dryRun(f, target) });
  const rejected = useMutation({ mutationFn: (f: File) => importApi.rejectedRows(f) });
  const commit = useMutation({
    mutationFn: (f: File) => importApi.commit(f, target),
    onSuccess: async () => {
      setFile(undefined);
      dryRun.reset();
      await queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
    },
  });
  const storeName = (id?: number) => {
    const s = stores.find((x) => x.store_id === id);
    return s ? storeLabel(s, i18n.language) : '';
  };
  const result = dryRun.data;

  const confirmCommit = () => {
    if (!file || !result) return;
    const rows = result.counts.reduce((n, c) => n + c.valid, 0);
    modal.confirm({
      title: t('importPage.commitTitle'),
      content: t('importPage.commitConfirm', { rows, file: file.name, store: storeName(target.storeId), date: target.cutOverDate ?? '—' }),
      okText: t('importPage.commit'),
      onOk: () => commit.mutateAsync(file),
    });
  };

  return (
    <Flex vertical gap={16}>
      <Card title={t('importPage.title')}>
        <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
          <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()}>
            {t('importPage.downloadTemplate')}
          </Button>
          <Select
            aria-label={t('importPage.store')}
            placeholder={t('importPage.store')}
            style={{ minWidth: 160 }}
            popupMatchSelectWidth={false}
            value={target.storeId}
            options={stores.map((s) => ({ value: s.store_id, label: storeLabel(s, i18n.language) }))}
            onChange={(storeId: number) => { setTarget((x) => ({ ...x, storeId })); dryRun.reset(); }}
          />
          <DatePicker
            aria-label={t('importPage.cutOverDate')}
            placeholder={t('importPage.cutOverDate')}
            format={DATE_FORMAT}
            value={target.cutOverDate ? dayjs(target.cutOverDate) : null}
            onChange={(d) => { setTarget((x) => ({ ...x, cutOverDate: d ? d.format(DATE_FORMAT) : undefined })); dryRun.reset(); }}
          />
          <Upload
            accept=".xlsx,.csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              setFile(f);
              commit.reset();
              dryRun.mutate(f);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={dryRun.isPending}>
              {t('importPage.upload')}
            </Button>
          </Upload>
          {file && <span className="harbour-import-file">{file.name}</span>}
        </Flex>
        {!file && !result && <Alert type="info" showIcon title={t('importPage.hint')} />}
        {dryRun.isError && <Alert type="error" showIcon title={dryRun.error.message} />}
        {commit.isError && (
          <Alert type="error" showIcon title={commit.error.message} style={{ marginBottom: 12 }} />
        )}
        {result && file && (
          <DryRunResult
            result={result}
            committing={commit.isPending}
            downloading={rejected.isPending}
            onDownloadRejected={() => rejected.mutate(file)}
            onCommit={confirmCommit}
          />
        )}
        <RunningBatches />
      </Card>
      <ImportBatchList onReconcile={setReconciled} />
      {reconciled !== undefined && <ReconciliationSheet key={reconciled} batchId={reconciled} onClose={() => setReconciled(undefined)} />}
    </Flex>
  );
}
