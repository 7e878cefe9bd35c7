import { useId, useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { PRESCRIBED_SUMMARY_MAX_CHARS, PRESCRIBED_SUMMARY_PERMISSION, prescribedSummaryInForce, type PrescribedSummary } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { hongKongToday } from '../../components/format.js';
import { usePermission } from '../../components/Permission.js';
import { DateTimeText } from '../../generic/DateTimeText';
import { applyServerErrors, fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { prescribedSummaryApi } from './company-api';

const KEY = ['masterdata', 'prescribedSummaries'] as const;
const FIELDS = ['effectiveFrom', 'textEn', 'textZh'] as const;
interface Values {
  effectiveFrom?: Dayjs;
  textEn?: string;
  textZh?: string;
}

/** Both texts of a version, as entered (the papers part paragraphs at blank lines). */
function Texts({ v }: { v: PrescribedSummary }) {
  const { t } = useTranslation('company');
  return (
    <Flex gap={16} wrap>
      {(['textZh', 'textEn'] as const).map((f) => (
        <div key={f} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography.Text strong>{t(`summary.${f}`)}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto', marginTop: 4 }}>{v[f]}</Typography.Paragraph>
        </div>
      ))}
    </Flex>
  );
}

/** The dialog that enters a new version: effective date and both texts, all required. */
function NewVersionDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('company');
  const name = useId();
  const [form] = Form.useForm<Values>();
  const qc = useQueryClient();
  const { message } = useFeedback();
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: (v: Values) => prescribedSummaryApi.add({ effectiveFrom: v.effectiveFrom?.format('YYYY-MM-DD') ?? '', textEn: v.textEn ?? '', textZh: v.textZh ?? '' }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: KEY });
      void message.success(t('success:created'));
      onClose();
    },
    onError: (err) => {
      const unmatched = applyServerErrors(form, err, FIELDS);
      setError(unmatched[0]?.message ?? (fieldErrorsOf(err).length === 0 ? err.message : undefined));
    },
  });
  const text = (f: 'textEn' | 'textZh') => (
    <Form.Item
      name={f}
      label={t(`summary.${f}`)}
      required
      extra={t('summary.textHelp')}
      rules={[
        { required: true, whitespace: true, message: t('summary.textRequired') },
        { max: PRESCRIBED_SUMMARY_MAX_CHARS, message: t('validation:tooLong', { max: PRESCRIBED_SUMMARY_MAX_CHARS }) },
      ]}
    >
      <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={PRESCRIBED_SUMMARY_MAX_CHARS} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t('summary.add')}
      okText={t('summary.save')}
      cancelText={t('common:actions.close')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('summary.appendOnly')} style={{ marginBottom: 12 }} />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form<Values> form={form} name={name} layout="vertical" onFinish={(v) => add.mutate(v)}>
        <Form.Item name="effectiveFrom" label={t('summary.effectiveFrom')} required rules={[{ required: true, message: t('validation:date') }]}>
          <DatePicker format="YYYY-MM-DD" style={{ width: 200 }} />
        </Form.Item>
        {text('textZh')}
        {text('textEn')}
      </Form>
    </Modal>
  );
}

/**
 * Master data → company information → the prescribed summary (Cap. 163A Schedule 3) as the lender
 * enters it: the versions newest first with their effective dates (the one in force today marked),
 * and, for holders of `masterdata.company.summary`, a new version. Versions are never edited.
 */
export function PrescribedSummaryCard() {
  const { t } = useTranslation('company');
  const mayAdd = usePermission(PRESCRIBED_SUMMARY_PERMISSION);
  const [adding, setAdding] = useState(false);
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => prescribedSummaryApi.list(signal) });
  const inForce = list.data ? prescribedSummaryInForce(list.data, hongKongToday()) : null;
  return (
    <Card title={t('summary.title')}>
      <Typography.Paragraph type="secondary">{t('summary.intro')}</Typography.Paragraph>
      {mayAdd && (
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ marginBottom: 12 }}>
          {t('summary.add')}
        </Button>
      )}
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      {list.data && list.data.length === 0 && <Alert type="warning" showIcon title={t('summary.none')} />}
      {list.data && list.data.length > 0 && (
        <Table<PrescribedSummary>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={list.data}
          expandable={{ expandedRowRender: (v) => <Texts v={v} /> }}
          columns={[
            {
              key: 'version',
              title: t('summary.versionCol'),
              render: (_, v) => (
                <Flex gap={8} align="center">
                  {t('summary.version', { version: v.version })}
                  {inForce?.id === v.id && <Tag color="green">{t('summary.inForceToday')}</Tag>}
                </Flex>
              ),
            },
            { key: 'from', title: t('summary.effectiveFrom'), render: (_, v) => <DateText value={v.effectiveFrom} /> },
            { key: 'by', title: t('summary.enteredBy'), render: (_, v) => v.enteredByName ?? '—' },
            { key: 'at', title: t('summary.enteredAt'), render: (_, v) => <DateTimeText value={v.enteredAt} /> },
          ]}
        />
      )}
      {adding && <NewVersionDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}
