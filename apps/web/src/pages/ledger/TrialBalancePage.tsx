import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Card, DatePicker, Empty, Flex, Select, Space, Tag, Typography } from 'antd';
import { FileExcelOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { TrialBalance } from '@harbour/contracts';
import { PRINT_ROOT_CLASS, usePrintOnMount } from '../../components/use-print-on-mount';
import { DATE_FORMAT } from '../../generic/form-values';
import { ledgerApi, type TrialBalanceParams } from './ledger-api';
import { TrialBalanceTable } from './TrialBalanceTable';
import { ScreenPaperHeader } from '../../components/LenderHeader';
import './ledger.css';

const ALL = 'all';

/** What the report shows: the store (or all the caller reaches) and the period, in words. */
function Heading({ tb }: { tb: TrialBalance }) {
  const { t } = useTranslation('ledger');
  const store = tb.storeId === null ? t('trialBalance.allStores') : (tb.stores.find((s) => s.id === tb.storeId)?.name ?? '');
  const period = tb.from || tb.to ? `${tb.from ?? '…'} – ${tb.to ?? '…'}` : t('trialBalance.allDates');
  return (
    <Typography.Text type="secondary">
      {t('trialBalance.store')}: {store} · {t('trialBalance.period')}: {period}
    </Typography.Text>
  );
}

function BalanceTag({ tb }: { tb: TrialBalance }) {
  const { t } = useTranslation('ledger');
  // Solid colours dark enough for white text (WCAG AA); antd's light success and error tags are not.
  return tb.balanced ? <Tag color="#237804">{t('trialBalance.balanced')}</Tag> : <Tag color="#a8071a">{t('trialBalance.unbalanced')}</Tag>;
}

/** The printout, under <body> so the shell neither narrows nor offsets it. */
function PrintView({ tb, onDone }: { tb: TrialBalance; onDone: () => void }) {
  const { t } = useTranslation('ledger');
  usePrintOnMount(onDone);
  return createPortal(
    <div className={PRINT_ROOT_CLASS}>
      <ScreenPaperHeader title={t('trialBalance.title')} />
      <Heading tb={tb} />
      <TrialBalanceTable tb={tb} />
    </div>,
    document.body,
  );
}

/**
 * Reports → Trial balance: every account's debits, credits and balance for a period and a store,
 * as the server sums the journal (a caller without all-stores reach sees its current store only),
 * with the totals, whether they balance, an xlsx export and a printout.
 */
export default function TrialBalancePage() {
  const { t } = useTranslation('ledger');
  const [params, setParams] = useState<TrialBalanceParams>({});
  const [printing, setPrinting] = useState(false);
  const endPrint = useCallback(() => setPrinting(false), []);
  const query = useQuery({
    queryKey: ['ledger', 'trialBalance', params],
    queryFn: ({ signal }) => ledgerApi.trialBalance(params, signal),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({ mutationFn: () => ledgerApi.exportTrialBalance(params) });
  const tb = query.data;
  const hasEntries = !!tb && tb.entryCount > 0;

  const range: [Dayjs | null, Dayjs | null] = [params.from ? dayjs(params.from) : null, params.to ? dayjs(params.to) : null];
  const storeOptions = [
    ...(tb && tb.stores.length > 1 ? [{ value: ALL, label: t('trialBalance.allStores') }] : []),
    ...(tb?.stores.map((s) => ({ value: s.id, label: s.name })) ?? []),
  ];

  return (
    <Card
      title={
        <Space wrap>
          {t('trialBalance.title')}
          {hasEntries && <BalanceTag tb={tb} />}
        </Space>
      }
    >
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
        <Flex wrap gap={8} align="center">
          <DatePicker.RangePicker
            aria-label={t('trialBalance.period')}
            placeholder={[t('trialBalance.from'), t('trialBalance.to')]}
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            value={range}
            style={{ width: 260, maxWidth: '100%' }}
            onChange={(v) => {
              const [from, to] = v ?? [null, null];
              setParams((p) => ({ ...p, from: from?.format(DATE_FORMAT), to: to?.format(DATE_FORMAT) }));
            }}
          />
          <Select
            aria-label={t('trialBalance.store')}
            style={{ minWidth: 160 }}
            popupMatchSelectWidth={false}
            disabled={storeOptions.length < 2}
            value={tb ? (tb.storeId ?? ALL) : undefined}
            options={storeOptions}
            onChange={(v: number | typeof ALL) => setParams((p) => ({ ...p, storeId: v === ALL ? undefined : v }))}
          />
          <Button icon={<ReloadOutlined />} onClick={() => setParams({})}>
            {t('trialBalance.reset')}
          </Button>
        </Flex>
        <Flex wrap gap={8}>
          <Button icon={<PrinterOutlined />} disabled={!hasEntries} onClick={() => setPrinting(true)}>
            {t('trialBalance.print')}
          </Button>
          <Button icon={<FileExcelOutlined />} disabled={!hasEntries} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            {t('trialBalance.export')}
          </Button>
        </Flex>
      </Flex>
      {query.isError && <Alert type="error" showIcon title={query.error.message} style={{ marginBottom: 12 }} />}
      {tb && (
        // printed as it is (Ctrl+P): the lender's header above the heading and the table, nothing else of the page
        <Flex vertical gap={12} aria-busy={query.isFetching} className={hasEntries ? 'harbour-paper' : undefined}>
          <ScreenPaperHeader title={t('trialBalance.title')} printOnly />
          <Flex wrap gap={8} justify="space-between">
            <Heading tb={tb} />
            {hasEntries && <Typography.Text type="secondary">{t('trialBalance.entries', { count: tb.entryCount })}</Typography.Text>}
          </Flex>
          {hasEntries ? <TrialBalanceTable tb={tb} /> : <Empty className="ledger-empty" description={t('trialBalance.empty')} />}
        </Flex>
      )}
      {printing && tb && <PrintView tb={tb} onDone={endPrint} />}
    </Card>
  );
}
