import { useEffect } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CODE_FORMAT_EDIT_PERMISSION, type CodeFormatItem, type CodeFormatsAnswer } from '@harbour/contracts';
import {
  CODE_DATE_PARTS,
  CODE_PREFIX_MAX,
  CODE_RESETS,
  CODE_SEQ_MAX,
  CODE_SEQ_MIN,
  codeFormatIssues,
  nextCode,
  resetsAllowed,
  type CodeFormat,
  type CodeKind,
} from '@harbour/domain';
import { applyServerErrors, fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { usePermission } from '../../components/Permission';
import { formatDate } from '../../components/format';
import { codeFormatsApi } from './system-pages-api';

const KEY = ['system', 'codeFormats'] as const;
const FIELDS: readonly (keyof CodeFormat)[] = ['prefix', 'includeStoreCode', 'datePart', 'seqWidth', 'reset'];

/** The next number of the format being edited, or null while it is not a usable format. */
function exampleOf(kind: CodeKind, draft: Partial<CodeFormat> | undefined, page: CodeFormatsAnswer): string | null {
  if (!draft) return null;
  const format = { ...draft, prefix: (draft.prefix ?? '').trim().toUpperCase() } as CodeFormat;
  if (FIELDS.some((f) => format[f] === undefined || format[f] === null) || codeFormatIssues(format).length > 0) return null;
  return nextCode(kind, format, page.counters, { storeCode: page.storeCode, date: page.today });
}

function FormatCard({ item, page, mayEdit }: { item: CodeFormatItem; page: CodeFormatsAnswer; mayEdit: boolean }) {
  const { t } = useTranslation('settings');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<CodeFormat>();
  const draft = Form.useWatch([], form) as Partial<CodeFormat> | undefined;
  const example = exampleOf(item.kind, draft ?? item.format, page);
  const allowed = resetsAllowed(draft?.datePart ?? item.format.datePart);

  useEffect(() => form.setFieldsValue(item.format), [item.format, form]);

  const save = useMutation({
    mutationFn: (values: CodeFormat) => codeFormatsApi.save(item.kind, values),
    onSuccess: (saved) => {
      qc.setQueryData<CodeFormatsAnswer>(KEY, (old) => old && { ...old, items: old.items.map((i) => (i.kind === saved.kind ? saved : i)) });
      form.setFieldsValue(saved.format);
      void message.success(t('success:saved'));
    },
    onError: (err) => {
      const unmatched = applyServerErrors(form, err, FIELDS);
      if (unmatched.length > 0 || fieldErrorsOf(err).length === 0) void message.error(unmatched[0]?.message ?? err.message);
    },
  });

  const formId = `code-format-${item.kind}`;
  return (
    <Card
      title={t(`codeFormat.kinds.${item.kind}`)}
      style={{ height: '100%' }}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.updatedAt ? t('codeFormat.saved', { date: formatDate(item.updatedAt) }) : t('codeFormat.default')}
        </Typography.Text>
      }
      actions={
        mayEdit
          ? [
              <Button key="reset" type="text" icon={<UndoOutlined />} onClick={() => form.setFieldsValue(item.format)} disabled={save.isPending}>
                {t('reset')}
              </Button>,
              <Button key="save" type="link" icon={<SaveOutlined />} htmlType="submit" form={formId} loading={save.isPending}>
                {t('save')}
              </Button>,
            ]
          : undefined
      }
    >
      <Flex vertical gap={4} style={{ marginBottom: 16 }} data-testid={`next-${item.kind}`}>
        <Typography.Text type="secondary">{t('codeFormat.next')}</Typography.Text>
        <Typography.Text strong copyable={example ? { text: example } : false} style={{ fontSize: 20, fontFamily: 'monospace', letterSpacing: 1 }}>
          {example ?? '—'}
        </Typography.Text>
      </Flex>
      <Form<CodeFormat>
        id={formId}
        form={form}
        layout="vertical"
        disabled={!mayEdit}
        initialValues={item.format}
        onValuesChange={(changed: Partial<CodeFormat>, all) => {
          // A date part that no longer shows the restart period: restart at the finest it shows.
          if (changed.datePart && !resetsAllowed(changed.datePart).includes(all.reset)) form.setFieldValue('reset', resetsAllowed(changed.datePart).at(-1));
        }}
        onFinish={(values) => save.mutate({ ...values, prefix: (values.prefix ?? '').toUpperCase() })}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="prefix"
              label={t('codeFormat.fields.prefix')}
              extra={t('codeFormat.help.prefix')}
              normalize={(v: string) => v.toUpperCase()}
              rules={[{ pattern: /^[A-Z0-9]*$/, message: t('codeFormat.prefixInvalid') }]}
            >
              <Input maxLength={CODE_PREFIX_MAX} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="seqWidth" label={t('codeFormat.fields.seqWidth')} extra={t('codeFormat.help.seqWidth')}>
              <InputNumber min={CODE_SEQ_MIN} max={CODE_SEQ_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="datePart" label={t('codeFormat.fields.datePart')}>
              <Select options={CODE_DATE_PARTS.map((v) => ({ value: v, label: t(`codeFormat.dateParts.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="reset" label={t('codeFormat.fields.reset')} extra={t('codeFormat.help.reset')}>
              <Select options={CODE_RESETS.map((v) => ({ value: v, label: t(`codeFormat.resets.${v}`), disabled: !allowed.includes(v) }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="includeStoreCode"
              label={t('codeFormat.fields.includeStoreCode')}
              extra={t('codeFormat.help.includeStoreCode')}
              valuePropName="checked"
              style={{ marginBottom: 0 }}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/**
 * System → code format: how application, loan and repayment numbers and customer codes are made,
 * one card per kind with the next number as it would be taken now in the current store (worked
 * out from the counters with the domain's `nextCode`, so it follows the form while it is edited).
 * Viewing needs the page; saving `system.codeFormat.edit`.
 */
export default function CodeFormatPage() {
  const { t } = useTranslation('settings');
  const mayEdit = usePermission(CODE_FORMAT_EDIT_PERMISSION);
  const current = useQuery({ queryKey: KEY, queryFn: ({ signal }) => codeFormatsApi.get(signal) });

  if (current.isError) return <Alert type="error" showIcon title={current.error.message} />;
  if (!current.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  const page = current.data;

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('codeFormat.intro')}</Typography.Text>
          <Typography.Text>{t('codeFormat.exampleFor', { store: page.storeName, code: page.storeCode, date: page.today })}</Typography.Text>
        </Flex>
      </Card>
      {!mayEdit && <Alert type="info" showIcon title={t('codeFormat.readOnly')} />}
      <Row gutter={[16, 16]}>
        {page.items.map((item) => (
          <Col key={item.kind} xs={24} xl={12}>
            <FormatCard item={item} page={page} mayEdit={mayEdit} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
