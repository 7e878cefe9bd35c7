import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Space, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, MessageOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { groupThousands } from '@harbour/domain';
import { AUTOPAY_POST_PERMISSION, type AutopayRejected, type AutopayRun } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';
import { saveBlob } from '../../api/save-file.js';
import { Money } from '../../components/Money';
import { usePermission } from '../../components/Permission';
import { formatDate, hongKongToday } from '../../components/format';
import { DATE_FORMAT } from '../../generic/form-values';
import { useFeedback } from '../../generic/use-feedback';
import { useFocusableScroll } from '../../generic/use-focusable-scroll';

const api = endpoints.repayments;
const KEY = ['repayments', 'autopay'] as const;

/**
 * Repayment → Autopay (docs/autopay.md): make the direct-debit instruction file for a due date
 * (downloaded as CSV for the bank), import the bank's result file (each debit made posts a
 * receipt once), and the debits the bank rejected, with its reason, for the collector.
 */
export default function AutopayPage() {
  const { t } = useTranslation('repayments');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const mayPost = usePermission(AUTOPAY_POST_PERMISSION);
  const maySms = usePermission('sms.send');
  const [dueDate, setDueDate] = useState<Dayjs>(() => dayjs(hongKongToday()));
  const [unknown, setUnknown] = useState<string[]>([]);
  const runs = useQuery({ queryKey: [...KEY, 'runs'], queryFn: ({ signal }) => call(api.autopayRuns, { signal }) });
  const rejected = useQuery({ queryKey: [...KEY, 'rejected'], queryFn: ({ signal }) => call(api.autopayRejected, { signal }) });
  const rejectedBox = useFocusableScroll(t('autopay.rejected'));
  const runsBox = useFocusableScroll(t('autopay.runs'));
  const refresh = () => void qc.invalidateQueries({ queryKey: KEY });

  const make = useMutation({
    mutationFn: () => call(api.makeAutopayRun, { body: { dueDate: dueDate.format(DATE_FORMAT) } }),
    onSuccess: (file) => {
      saveBlob(new Blob([file.content], { type: 'text/csv;charset=utf-8' }), file.fileName);
      void message.success(t('autopay.made', { count: file.run.instructionCount, total: groupThousands(file.run.total) }));
      refresh();
    },
    onError: (err) => void message.error(err.message),
  });
  const importing = useMutation({
    mutationFn: async (file: File) => call(api.importAutopayResults, { body: { content: await file.text() } }),
    onSuccess: (r) => {
      void message.success(t('autopay.imported', { paid: r.paid, rejected: r.rejected, refused: r.refused, unchanged: r.unchanged }));
      setUnknown(r.unknown);
      refresh();
    },
    onError: (err) => void message.error(err.message),
  });

  // the borrower is told by SMS from the "autopay rejected" template (master data → SMS content)
  const sms = useMutation({
    mutationFn: (loanId: number) => call(endpoints.sms.send, { body: { kind: 'autopayRejected', loanIds: [loanId] } }),
    onSuccess: (r) => {
      if (r.queued > 0) void message.success(t('autopay.smsQueued'));
      else void message.warning(t(`autopay.smsSkipped.${r.skipped[0]?.reason ?? 'notEligible'}`));
    },
    onError: (err) => void message.error(err.message),
  });

  const runColumns = [
    { title: t('autopay.columns.id'), dataIndex: 'id', key: 'id', align: 'right' as const },
    { title: t('autopay.columns.dueDate'), dataIndex: 'dueDate', key: 'dueDate', render: (v: string) => formatDate(v) },
    { title: t('autopay.columns.instructionCount'), dataIndex: 'instructionCount', key: 'instructionCount', align: 'right' as const },
    { title: t('autopay.columns.total'), dataIndex: 'total', key: 'total', align: 'right' as const, render: (v: string) => <Money value={v} /> },
    { title: t('autopay.columns.paid'), dataIndex: 'paid', key: 'paid', align: 'right' as const },
    { title: t('autopay.columns.rejected'), dataIndex: 'rejected', key: 'rejected', align: 'right' as const },
    { title: t('autopay.columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => formatDate(v) },
    { title: t('autopay.columns.createdByName'), dataIndex: 'createdByName', key: 'createdByName' },
  ];
  const rejectedColumns = [
    { title: t('autopay.columns.loanNo'), dataIndex: 'loanNo', key: 'loanNo' },
    { title: t('autopay.columns.customerName'), dataIndex: 'customerName', key: 'customerName' },
    { title: t('autopay.columns.dueDate'), dataIndex: 'dueDate', key: 'dueDate', render: (v: string) => formatDate(v) },
    { title: t('autopay.columns.amount'), dataIndex: 'amount', key: 'amount', align: 'right' as const, render: (v: string) => <Money value={v} /> },
    {
      title: t('autopay.columns.status'),
      dataIndex: 'status',
      key: 'status',
      render: (v: AutopayRejected['status']) => <Tag color={v === 'refused' ? 'orange' : 'red'}>{t(`autopay.status.${v}`)}</Tag>,
    },
    { title: t('autopay.columns.reason'), dataIndex: 'reason', key: 'reason' },
    { title: t('autopay.columns.instructionId'), dataIndex: 'instructionId', key: 'instructionId' },
    { title: t('autopay.columns.resultAt'), dataIndex: 'resultAt', key: 'resultAt', render: (v: string | null) => formatDate(v) },
    ...(maySms
      ? [
          {
            title: t('autopay.columns.actions'),
            key: 'actions',
            render: (_: unknown, r: AutopayRejected) => (
              <Button size="small" icon={<MessageOutlined />} loading={sms.isPending && sms.variables === r.loanId} onClick={() => sms.mutate(r.loanId)}>
                {t('autopay.sendSms')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('autopay.intro')}
      </Typography.Paragraph>
      {mayPost && (
        <Card>
          <Flex gap={24} wrap align="end">
            <Space direction="vertical" size={4}>
              <label htmlFor="autopay-due-date">{t('autopay.dueDate')}</label>
              <Space wrap>
                <DatePicker id="autopay-due-date" value={dueDate} format={DATE_FORMAT} allowClear={false} onChange={(d) => d && setDueDate(d)} />
                <Button type="primary" icon={<DownloadOutlined />} loading={make.isPending} onClick={() => make.mutate()}>
                  {t('autopay.make')}
                </Button>
              </Space>
            </Space>
            <Space direction="vertical" size={4}>
              <Upload
                accept=".csv,text/csv"
                showUploadList={false}
                beforeUpload={(file) => {
                  importing.mutate(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={importing.isPending}>
                  {t('autopay.import')}
                </Button>
              </Upload>
              <Typography.Text type="secondary">{t('autopay.importHelp')}</Typography.Text>
            </Space>
          </Flex>
          {unknown.length > 0 && <Alert style={{ marginTop: 16 }} type="warning" showIcon title={t('autopay.unknown', { ids: unknown.join(', ') })} />}
        </Card>
      )}
      <Card title={t('autopay.rejected')}>
        <div ref={rejectedBox}>
        <Table<AutopayRejected>
          rowKey="id"
          size="small"
          loading={rejected.isLoading}
          dataSource={rejected.data ?? []}
          columns={rejectedColumns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Typography.Text type="secondary">{t('autopay.noRejected')}</Typography.Text> }}
          data-testid="autopay-rejected"
        />
        </div>
      </Card>
      <Card title={t('autopay.runs')}>
        <div ref={runsBox}>
          <Table<AutopayRun> rowKey="id" size="small" loading={runs.isLoading} dataSource={runs.data ?? []} columns={runColumns} pagination={false} scroll={{ x: 'max-content' }} />
        </div>
      </Card>
    </Flex>
  );
}
