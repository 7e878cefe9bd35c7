import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Card, Flex, Switch, Typography } from 'antd';
import { CloseOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImportReconciliation } from '@harbour/contracts';
import { ScreenPaperHeader } from '../../../components/LenderHeader';
import { PRINT_ROOT_CLASS, usePrintOnMount } from '../../../components/use-print-on-mount';
import { importApi } from './import-api';
import { ReconciliationTable } from './ReconciliationTable';
import './data-import.css';

/** The largest page the API answers: printing reads the whole reconciliation in pages of this size. */
const PRINT_PAGE = 100;

/** What the reconciliation is of. */
function Heading({ r }: { r: ImportReconciliation }) {
  const { t } = useTranslation('tools');
  return (
    <Flex vertical gap={4}>
      <Typography.Text>{t('importPage.reconciliation.heading', { file: r.batch.fileName, store: r.totals.storeName, date: r.batch.cutOverDate ?? r.items[0]?.cutOverDate ?? '—' })}</Typography.Text>
      <Typography.Text type="secondary">{t('importPage.reconciliation.intro')}</Typography.Text>
    </Flex>
  );
}

/** The sign-off line under a printed copy (never on screen). */
function SignOff() {
  const { t } = useTranslation('tools');
  return (
    <div className="harbour-reconciliation-signature harbour-print-only">
      <span>{t('importPage.reconciliation.signature')}: ____________________</span>
      <span>{t('importPage.reconciliation.date')}: ____________</span>
    </div>
  );
}

/** Every loan of the reconciliation (the filter on screen), printed under <body> with the lender's header and a sign-off line. */
function PrintView({ r, onDone }: { r: ImportReconciliation; onDone: () => void }) {
  const { t } = useTranslation('tools');
  usePrintOnMount(onDone);
  return createPortal(
    <div className={`${PRINT_ROOT_CLASS} harbour-reconciliation-print`}>
      <ScreenPaperHeader title={t('importPage.reconciliation.title')} />
      <Heading r={r} />
      <ReconciliationTable items={r.items} totals={r.totals} pagination={false} />
      <SignOff />
    </div>,
    document.body,
  );
}

/**
 * A committed batch's reconciliation (docs/import.md): per imported loan Harbour's figures on the
 * cut-over date with the previous system's where they differ, the store's totals, the differences
 * alone on demand, an xlsx export and a printout to sign off before going live.
 */
export function ReconciliationSheet({ batchId, onClose }: { batchId: number; onClose: () => void }) {
  const { t } = useTranslation('tools');
  const [q, setQ] = useState({ page: 1, pageSize: 20, differing: false });
  const [printing, setPrinting] = useState<ImportReconciliation>();
  const endPrint = useCallback(() => setPrinting(undefined), []);
  const query = useQuery({
    queryKey: ['tools', 'import', 'reconciliation', batchId, q],
    queryFn: ({ signal }) => importApi.reconciliation(batchId, q, signal),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({ mutationFn: () => importApi.exportReconciliation(batchId, q.differing) });
  const print = useMutation({
    mutationFn: async () => {
      const first = await importApi.reconciliation(batchId, { page: 1, pageSize: PRINT_PAGE, differing: q.differing });
      const items = [...first.items];
      for (let page = 2; items.length < first.total; page += 1) items.push(...(await importApi.reconciliation(batchId, { page, pageSize: PRINT_PAGE, differing: q.differing })).items);
      return { ...first, items };
    },
    onSuccess: setPrinting,
  });
  const r = query.data;
  // opened from the batch list above it: brought into view (on a phone it would open out of sight)
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => card.current?.scrollIntoView?.({ block: 'start' }), []);
  return (
    <Card
      ref={card}
      title={t('importPage.reconciliation.title')}
      extra={<Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('importPage.reconciliation.close')} onClick={onClose} />}
    >
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <Flex gap={8} align="center">
          <Switch
            id="reconciliation-differing"
            checked={q.differing}
            onChange={(differing) => setQ((x) => ({ ...x, page: 1, differing }))}
          />
          <label htmlFor="reconciliation-differing">{t('importPage.reconciliation.differingOnly')}</label>
        </Flex>
        <Button icon={<FileExcelOutlined />} loading={download.isPending} disabled={!r || r.total === 0} onClick={() => download.mutate()}>
          {t('importPage.reconciliation.export')}
        </Button>
        <Button icon={<PrinterOutlined />} loading={print.isPending} disabled={!r || r.total === 0} onClick={() => print.mutate()}>
          {t('importPage.reconciliation.print')}
        </Button>
      </Flex>
      {query.isError && <Alert type="error" showIcon title={query.error.message} style={{ marginBottom: 8 }} />}
      {(download.isError || print.isError) && <Alert type="error" showIcon closable title={(download.error ?? print.error)!.message} style={{ marginBottom: 8 }} />}
      {r && (
        // printed as it is (Ctrl+P): the lender's header, what it is of, the loans on screen and the totals
        <Flex vertical gap={12} className="harbour-paper harbour-reconciliation-paper" aria-busy={query.isFetching}>
          <ScreenPaperHeader title={t('importPage.reconciliation.title')} printOnly />
          <Heading r={r} />
          <ReconciliationTable
            items={r.items}
            totals={r.totals}
            loading={query.isFetching}
            pagination={{
              current: q.page,
              pageSize: q.pageSize,
              total: r.total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              hideOnSinglePage: true,
              size: 'small',
              onChange: (page, pageSize) => setQ((x) => ({ ...x, page: pageSize === x.pageSize ? page : 1, pageSize })),
            }}
          />
          <SignOff />
        </Flex>
      )}
      {printing && <PrintView r={printing} onDone={endPrint} />}
    </Card>
  );
}
