import { useEffect, useId, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Image, Input, Row, Select, Skeleton, Space, Typography, Upload } from 'antd';
import { FPS_PROXY_TYPES, type FpsProxyType } from '@harbour/domain';
import { PictureOutlined, SaveOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_EDIT_PERMISSION,
  COMPANY_LIMITS,
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_MIME_TYPES,
  COMPANY_PHONE,
  type CompanyInfo,
} from '@harbour/contracts';
import { applyServerErrors, fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { usePermission } from '../../components/Permission';
import { formatDate } from '../../components/format';
import { useCompany } from '../../stores/company';
import { companyApi, logoProblem } from './company-api';
import { PrescribedSummaryCard } from './PrescribedSummaryCard';

const KEY = ['masterdata', 'companyInfo'] as const;
type Field = keyof typeof COMPANY_LIMITS;
type Values = Record<Field, string> & { fpsProxyType?: FpsProxyType | undefined };
const FIELDS = Object.keys(COMPANY_LIMITS) as Field[];
const REQUIRED: Partial<Record<Field, string>> = { nameZh: 'nameZhRequired', nameEn: 'nameEnRequired', licenceNo: 'licenceRequired' };

const valuesOf = (info: CompanyInfo): Values => ({ ...(Object.fromEntries(FIELDS.map((f) => [f, info[f] ?? ''])) as Record<Field, string>), fpsProxyType: info.fpsProxyType ?? undefined });

/**
 * Master data → company information: the lender's names, licence and registration numbers,
 * address, contact details and logo, and the prescribed summary's versions. Every signed-in staff
 * member may look; saving needs `masterdata.company.edit`, a new summary version
 * `masterdata.company.summary`. A save updates the document title at once.
 */
export default function CompanyInfoPage() {
  const { t } = useTranslation('company');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const formName = useId();
  const [form] = Form.useForm<Values>();
  const mayEdit = usePermission(COMPANY_EDIT_PERMISSION);
  const setCompany = useCompany((s) => s.setCompany);
  const current = useQuery({ queryKey: KEY, queryFn: ({ signal }) => companyApi.get(signal) });
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (current.data) form.setFieldsValue(valuesOf(current.data));
  }, [current.data, form]);

  const stored = (info: CompanyInfo) => {
    qc.setQueryData(KEY, info);
    setCompany({ nameZh: info.nameZh, nameEn: info.nameEn, logoUrl: info.logoUrl });
  };

  const save = useMutation({
    mutationFn: companyApi.save,
    onSuccess: (saved) => {
      stored(saved);
      form.setFieldsValue(valuesOf(saved));
      void message.success(t('success:saved'));
    },
    onError: (err) => {
      const unmatched = applyServerErrors(form, err, FIELDS);
      if (unmatched.length > 0 || fieldErrorsOf(err).length === 0) void message.error(unmatched[0]?.message ?? err.message);
    },
  });

  if (current.isError) return <Alert type="error" showIcon title={current.error.message} />;
  if (!current.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  const info = current.data;

  const field = (name: Field, opts: { textarea?: boolean; help?: boolean; type?: 'email' | 'tel' | 'url' } = {}) => {
    const requiredMessage = REQUIRED[name];
    return (
      <Form.Item
        name={name}
        label={t(`fields.${name}`)}
        extra={opts.help ? t(`help.${name}`) : undefined}
        required={Boolean(requiredMessage)}
        rules={[
          ...(requiredMessage ? [{ required: true, whitespace: true, message: t(requiredMessage) }] : []),
          { max: COMPANY_LIMITS[name], message: t('validation:tooLong', { max: COMPANY_LIMITS[name] }) },
          ...(opts.type === 'email' ? [{ type: 'email' as const, message: t('validation:email') }] : []),
          ...(opts.type === 'tel'
            ? [
                {
                  validator: async (_: unknown, v: string | undefined) => {
                    const text = (v ?? '').trim();
                    if (text && !(COMPANY_PHONE.test(text) && /^\d{8,15}$/.test(text.replace(/\D/g, '')))) throw new Error(t('phone'));
                  },
                },
              ]
            : []),
        ]}
      >
        {opts.textarea ? (
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={COMPANY_LIMITS[name]} />
        ) : (
          <Input maxLength={COMPANY_LIMITS[name]} {...(opts.type ? { type: opts.type, inputMode: opts.type } : {})} />
        )}
      </Form.Item>
    );
  };

  const actions = mayEdit ? (
    <Space wrap>
      <Button icon={<UndoOutlined />} onClick={() => form.setFieldsValue(valuesOf(info))} disabled={save.isPending}>
        {t('reset')}
      </Button>
      <Button type="primary" icon={<SaveOutlined />} htmlType="submit" form={formName} loading={save.isPending}>
        {t('save')}
      </Button>
    </Space>
  ) : null;

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Flex vertical gap={2}>
            <Typography.Text type="secondary">{t('intro')}</Typography.Text>
            {info.updatedAt && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('lastSaved', { when: formatDate(info.updatedAt) })}
              </Typography.Text>
            )}
          </Flex>
          {actions}
        </Flex>
      </Card>
      {!mayEdit && <Alert type="info" showIcon title={t('readOnly')} />}
      <Form<Values>
        name={formName}
        id={formName}
        form={form}
        layout="vertical"
        disabled={!mayEdit}
        initialValues={valuesOf(info)}
        onFinish={(values) => save.mutate({ ...values, fpsProxyType: values.fpsProxyType ?? null, nameZh: values.nameZh ?? '', nameEn: values.nameEn ?? '', licenceNo: values.licenceNo ?? '' })}
        scrollToFirstError
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card title={t('sections.names')} style={{ height: '100%' }}>
              {field('nameZh')}
              {field('nameEn')}
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  {field('licenceNo', { help: true })}
                </Col>
                <Col xs={24} sm={12}>
                  {field('brNo')}
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title={t('sections.contact')} style={{ height: '100%' }}>
              {field('addressZh', { textarea: true })}
              {field('addressEn', { textarea: true })}
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  {field('phone', { type: 'tel', help: true })}
                </Col>
                <Col xs={24} sm={12}>
                  {field('fax', { type: 'tel' })}
                </Col>
                <Col xs={24} sm={12}>
                  {field('email', { type: 'email' })}
                </Col>
                <Col xs={24} sm={12}>
                  {field('website', { type: 'url' })}
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title={t('sections.fps')}>
              <Form.Item name="fpsProxyType" label={t('fields.fpsProxyType')}>
                <Select allowClear style={{ maxWidth: 240 }} options={FPS_PROXY_TYPES.map((v) => ({ value: v, label: t(`fpsProxyTypes.${v}`) }))} />
              </Form.Item>
              {field('fpsProxyValue', { help: true })}
              {field('fpsMerchantName', { help: true })}
            </Card>
          </Col>
        </Row>
      </Form>
      <Card title={t('sections.logo')}>
        <Flex align="center" gap={24} wrap>
          <Flex
            align="center"
            justify="center"
            style={{ width: 200, height: 100, border: '1px dashed var(--harbour-border, #d9d9d9)', borderRadius: 8, padding: 8 }}
          >
            {info.logoUrl ? (
              <Image src={info.logoUrl} alt={t('logoAlt')} style={{ maxWidth: 184, maxHeight: 84, objectFit: 'contain' }} />
            ) : (
              <Typography.Text type="secondary">
                <PictureOutlined aria-hidden /> {t('logoNone')}
              </Typography.Text>
            )}
          </Flex>
          <Flex vertical gap={6}>
            {mayEdit && (
              <Upload
                accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                showUploadList={false}
                beforeUpload={(file) => {
                  const problem = logoProblem(file, COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_MIME_TYPES);
                  if (problem) {
                    void message.error({ content: t(problem), duration: 5 });
                    return Upload.LIST_IGNORE;
                  }
                  return true;
                }}
                customRequest={async ({ file, onSuccess, onError }) => {
                  setUploading(true);
                  try {
                    const saved = await companyApi.uploadLogo(file as File);
                    stored(saved);
                    void message.success(t('success:updated'));
                    onSuccess?.(saved);
                  } catch (e) {
                    const err = e as Error;
                    void message.error({ content: fieldErrorsOf(err)[0]?.message ?? err.message, duration: 5 });
                    onError?.(err);
                  } finally {
                    setUploading(false);
                  }
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading}>
                  {t('logoUpload')}
                </Button>
              </Upload>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('logoHelp')}
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
      {actions && <Flex justify="flex-end">{actions}</Flex>}
      <PrescribedSummaryCard />
    </Flex>
  );
}
