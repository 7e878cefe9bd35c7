import { useEffect, useId, type ReactNode } from 'react';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, Input, Radio, Row, Select, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { GENDERS, isMaskedValue, type CustomerItem, type OptionCategory } from '@harbour/contracts';
import { ageOn, validateEmail } from '@harbour/domain';
import { DecimalInput } from '../../components/DecimalInput';
import { DATE_FORMAT } from '../../generic/form-values';
import { applyServerErrors, fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { customerKey, messageKey, personaApi, useOptionChoices } from './persona-api';
import { PERSONA_PATHS } from './PersonaListPage';
import { checkIdNumber, checkMobile, checkPhone, checkSalary, DATE_FIELDS, FORM_FIELDS, toCustomerPayload, type FormValues } from './persona-form';
import { useLeavePage } from '../../shell/use-leave-page.js';

const col = { xs: 24, md: 12, xl: 8 };

/** The age shown next to the date of birth (the loan checks the minimum age at its application date). */
function AgeNote({ dateOfBirth }: { dateOfBirth: Dayjs | null | undefined }) {
  const { t } = useTranslation('customers');
  if (!dateOfBirth) return null;
  const age = ageOn(dateOfBirth.format(DATE_FORMAT), dayjs().format(DATE_FORMAT));
  if (age < 0) return null;
  return (
    <Typography.Text type={age < 18 ? 'danger' : 'secondary'}>
      {t('fields.age')}: {t('ageYears', { age })}
      {age < 18 ? ` — ${t('under18')}` : ''}
    </Typography.Text>
  );
}

/**
 * Create or edit a customer (spec §3 Customer): identity, contact, address and residence,
 * employment. Rules are checked while typing (the contracts' own checks: HKID check digit,
 * passport characters, mobiles); the server's answer is shown under the fields. ID number and
 * phones load masked on edit and are kept unless retyped.
 */
function PersonaForm({ item }: { item?: CustomerItem }) {
  const { t } = useTranslation('customers');
  const { message, warning } = useFeedback();
  const navigate = useNavigate();
  const leavePage = useLeavePage();
  const qc = useQueryClient();
  const formName = useId();
  const [form] = Form.useForm<FormValues>();
  const { options } = useOptionChoices();
  const type = Form.useWatch('type', form);
  const dateOfBirth = Form.useWatch('dateOfBirth', form) as Dayjs | null | undefined;
  const mode = item ? 'edit' : 'create';

  useEffect(() => {
    if (!item) return;
    const values: Record<string, unknown> = {};
    for (const f of FORM_FIELDS) {
      const v = item[f as keyof CustomerItem];
      values[f] = (DATE_FIELDS as readonly string[]).includes(f) ? (v ? dayjs(String(v)) : null) : (v ?? undefined);
    }
    form.setFieldsValue(values as FormValues);
  }, [item, form]);

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const body = toCustomerPayload(values, mode);
      return item ? personaApi.update(item.id, body) : personaApi.create(body);
    },
    onSuccess: (saved) => {
      void message.success(t(item ? 'success:updated' : 'success:created'));
      void qc.invalidateQueries({ queryKey: ['customers'] });
      qc.setQueryData(customerKey(saved.id), saved);
      if (saved.warnings && saved.warnings.length > 0) {
        warning({
          title: t('warningsTitle'),
          content: (
            <ul style={{ paddingInlineStart: 20, margin: 0 }}>
              {saved.warnings.map((w) => (
                <li key={`${w.field}-${w.customerCode}`}>
                  {t(`fields.${w.field}`)}: {t(messageKey(w.message), { name: w.name, code: w.customerCode })}
                </li>
              ))}
            </ul>
          ),
        });
      }
      leavePage(PERSONA_PATHS.detail(saved.id));
    },
    onError: (err) => {
      const unmatched = applyServerErrors(form, err, FORM_FIELDS);
      if (unmatched.length > 0 || fieldErrorsOf(err).length === 0) void message.error(unmatched[0]?.message ?? err.message);
    },
  });

  const keptMask = (v: unknown) => mode === 'edit' && typeof v === 'string' && isMaskedValue(v);
  const rule = (check: (v: string) => string | null, { keepMasked = false } = {}) => ({
    validator: async (_: unknown, v: unknown) => {
      if (typeof v !== 'string' || v.trim() === '' || (keepMasked && keptMask(v))) return;
      const problem = check(v);
      if (problem) throw new Error(t(messageKey(problem)));
    },
  });
  const text = (name: keyof FormValues, max: number, opts: { required?: string; textarea?: boolean } = {}) => (
    <Form.Item
      name={name}
      label={t(`fields.${name}`)}
      rules={[
        ...(opts.required ? [{ required: true, whitespace: true, message: t(opts.required) }] : []),
        { max, message: t('validation:tooLong', { max }) },
      ]}
    >
      {opts.textarea ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={max} /> : <Input maxLength={max} />}
    </Form.Item>
  );
  const phone = (name: keyof FormValues, required = false) => (
    <Form.Item
      name={name}
      label={t(`fields.${name}`)}
      rules={[
        ...(required ? [{ required: true, whitespace: true, message: t('validation:mobileRequired') }] : []),
        rule(name.startsWith('mobile') ? checkMobile : checkPhone, { keepMasked: true }),
      ]}
    >
      <Input inputMode="tel" maxLength={32} />
    </Form.Item>
  );
  const choice = (name: keyof FormValues, category: OptionCategory, required?: string) => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={required ? [{ required: true, message: t(required) }] : []}>
      <Select allowClear={!required} options={options(category)} />
    </Form.Item>
  );
  const date = (name: keyof FormValues, extra?: ReactNode) => (
    <Form.Item name={name} label={t(`fields.${name}`)} extra={extra}>
      <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
    </Form.Item>
  );
  const section = (title: string, children: ReactNode) => (
    <Card size="small" title={title}>
      <Row gutter={16}>{children}</Row>
    </Card>
  );
  const c = (node: ReactNode, span: object = col) => <Col {...span}>{node}</Col>;
  const wide = { xs: 24, md: 24, xl: 16 };

  return (
    <Form form={form} name={formName} layout="vertical" initialValues={{ type: 'personal', idType: 'hkid' }} onFinish={(v) => save.mutate(v)} scrollToFirstError>
      <Flex vertical gap={16}>
        {section(
          t('sections.identity'),
          <>
            {c(
              <Form.Item name="type" label={t('fields.type')} rules={[{ required: true, message: t('validation:choice') }]}>
                <Radio.Group optionType="button" options={(['personal', 'company'] as const).map((v) => ({ value: v, label: t(`enums:customerType.${v}`) }))} />
              </Form.Item>,
            )}
            {c(text('name', 128, { required: 'validation:nameRequired' }))}
            {c(text('englishName', 128))}
            {type !== 'company' && (
              <>
                {c(
                  <Form.Item name="gender" label={t('fields.gender')}>
                    <Radio.Group options={GENDERS.map((g) => ({ value: g, label: t(`enums:gender.${g}`) }))} />
                  </Form.Item>,
                )}
                {c(date('dateOfBirth', dateOfBirth ? <AgeNote dateOfBirth={dateOfBirth} /> : undefined))}
              </>
            )}
            {c(choice('idType', 'idType', 'idTypeRequired'))}
            {c(
              <Form.Item
                name="idNumber"
                label={t('fields.idNumber')}
                dependencies={['idType']}
                rules={[
                  { required: true, whitespace: true, message: t('idNumberRequired') },
                  rule((v) => checkIdNumber(form.getFieldValue('idType') as string | undefined, v), { keepMasked: true }),
                ]}
              >
                <Input maxLength={40} autoComplete="off" />
              </Form.Item>,
            )}
            {type !== 'company' && (
              <>
                {c(choice('marital', 'marital'))}
                {c(choice('education', 'education'))}
              </>
            )}
          </>,
        )}
        {section(
          t('sections.contact'),
          <>
            {c(phone('mobile1', true))}
            {c(phone('mobile2'))}
            {c(phone('mobile3'))}
            {c(phone('homeNo'))}
            {c(
              <Form.Item
                name="email"
                label={t('fields.email')}
                rules={[rule((v) => (validateEmail(v).ok ? null : 'validation.email'))]}
              >
                <Input type="email" inputMode="email" maxLength={128} />
              </Form.Item>,
            )}
            {c(choice('source', 'source'))}
          </>,
        )}
        {section(
          t('sections.residence'),
          <>
            {c(text('residentialAddress', 500, { textarea: true }), wide)}
            {c(choice('residentialType', 'residentialType'))}
            {c(text('mailingAddress', 500, { textarea: true }), wide)}
            {c(date('livingFrom'))}
            {c(text('occupyWith', 200))}
          </>,
        )}
        {section(
          t('sections.employment'),
          <>
            {c(text('companyName', 128))}
            {c(text('companyAddress', 500, { textarea: true }), wide)}
            {c(phone('officeNo'))}
            {c(phone('directLine'))}
            {c(phone('fax'))}
            {c(text('career', 64))}
            {c(text('department', 64))}
            {c(text('position', 64))}
            {c(text('employmentType', 64))}
            {c(date('workFrom'))}
            {c(
              <Form.Item name="salary" label={t('fields.salary')} rules={[rule(checkSalary)]}>
                <DecimalInput grouped precision={2} className="harbour-money-input" />
              </Form.Item>,
            )}
            {c(text('incomeProof', 500))}
          </>,
        )}
        {section(t('sections.other'), c(text('remarks', 1000, { textarea: true }), wide))}
        <Flex justify="flex-end" gap={8} wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(item ? PERSONA_PATHS.detail(item.id) : '/persona/list')}>
            {t('back')}
          </Button>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            {t('save')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="borderless">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Space>
    </Card>
  );
}

/** Persona → create (hidden page `persona.create`). */
export function PersonaCreatePage() {
  const { t } = useTranslation('customers');
  return (
    <Page title={t('create')}>
      <PersonaForm />
    </Page>
  );
}

/** Persona → edit (hidden page `persona.edit`, `?id=`). */
export function PersonaEditPage() {
  const { t } = useTranslation('customers');
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const item = useQuery({ queryKey: customerKey(id), queryFn: ({ signal }) => personaApi.get(id, signal), enabled: Number.isInteger(id) && id > 0 });
  return (
    <Page title={item.data ? `${t('edit')} — ${item.data.name} (${item.data.customerCode})` : t('edit')}>
      {!Number.isInteger(id) || id <= 0 || item.isError ? (
        <Alert type="error" showIcon title={t('notFound')} />
      ) : item.data ? (
        <PersonaForm item={item.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 12 }} />
      )}
    </Page>
  );
}

export default PersonaCreatePage;
