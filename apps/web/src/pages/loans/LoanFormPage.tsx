import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Collapse, DatePicker, Empty, Flex, Form, Input, InputNumber, Radio, Result, Row, Select, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOANS_PATH, PARTAKER_ROLES, REPAY_CYCLES, type LoanItem } from '@harbour/contracts';
import { DecimalInput } from '../../components/DecimalInput.js';
import { Permission, usePermission } from '../../components/Permission.js';
import { fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { resourceKeys } from '../../generic/use-resource';
import { calculatorApi } from '../tools/calculator-api';
import { CalculatorSummary } from '../tools/CalculatorSummary';
import { ScheduleTable } from '../tools/ScheduleTable';
import { useLiveCalculation } from '../tools/use-live-calculation';
import { BlacklistWarning, blacklistCheckOf } from './BlacklistWarning';
import { useFormLayout } from './form-builder/use-form-layout';
import { CustomerPicker } from './CustomerPicker';
import { ReloanPicker } from './ReloanPicker';
import { LoanActionDialog } from './LoanActionDialog';
import { DocumentsSection } from './DocumentsSection';
import { matchesMessage } from '../../i18n/message-match';
import { MORTGAGE_TYPES, emptyApplication, formPathOf, fromLoan, toApplication, toPreview, type ApplicationFormValues } from './application-model';
import { loansApi, optionLabel, type CustomerChoice } from './loans-api';
import { useOptionChoices } from './LoanListView';
import '../tools/calculator.css';
import { useLeavePage } from '../../shell/use-leave-page.js';
import { personaApi } from '../persona/persona-api';

const DATE = 'YYYY-MM-DD';
const full = { width: '100%' };
const AUTOPAY_FIELDS = ['autopayRefNo', 'autopayBankName', 'autopayAccountName', 'autopayBankCode', 'autopayBranchCode', 'autopayAccountNo'] as const;

/**
 * Loan → create / edit (spec §2, §3): sections A (customer and terms, with the live schedule,
 * effective rate and Money Lenders Ordinance verdict), B (partakers), C (credit references) and
 * E (collateral). Saving keeps the application pending; "Save and submit" sends it for approval.
 */
export default function LoanFormPage() {
  const params = useParams();
  const editId = params.id ? Number(params.id) : undefined;
  const loan = useQuery({ queryKey: resourceKeys.item(LOANS_PATH, editId ?? ''), queryFn: ({ signal }) => loansApi.get(editId!, signal), enabled: editId !== undefined });
  // A new application from a customer's page (`?customerId=`): the customer is the borrower.
  const [search] = useSearchParams();
  const forCustomer = editId === undefined && /^\d+$/.test(search.get('customerId') ?? '') ? Number(search.get('customerId')) : undefined;
  const customer = useQuery({ queryKey: ['customers', 'choice', forCustomer], queryFn: ({ signal }) => personaApi.get(forCustomer!, signal), enabled: forCustomer !== undefined });
  if (editId !== undefined && !loan.data) return loan.isError ? <Result status="404" title={loan.error.message} /> : <Spin />;
  // a customer the caller cannot open leaves the borrower to be picked
  if (forCustomer !== undefined && customer.isPending) return <Spin />;
  const c = customer.data;
  const borrower: CustomerChoice | undefined = c ? { id: c.id, customerCode: c.customerCode, name: c.name, englishName: c.englishName ?? null, idNumber: c.idNumber, mobile1: c.mobile1 } : undefined;
  return <ApplicationForm key={loan.data?.id ?? `new:${borrower?.id ?? ''}`} loan={loan.data} borrower={borrower} />;
}

function ApplicationForm({ loan, borrower }: { loan: LoanItem | undefined; borrower?: CustomerChoice }) {
  const { t, i18n } = useTranslation('loans');
  const name = useId();
  const navigate = useNavigate();
  const leavePage = useLeavePage();
  const qc = useQueryClient();
  const { message } = useFeedback();
  const [form] = Form.useForm<ApplicationFormValues>();
  const [start] = useState(() => (loan ? fromLoan(loan) : { ...emptyApplication(), ...(borrower ? { customerId: borrower.id } : {}) }));
  const [values, setValues] = useState<ApplicationFormValues>(start);
  const [formError, setFormError] = useState<string>();
  const choices = useOptionChoices();
  // Tools → application form builder: the loan type's shown and required fields.
  const layout = useFormLayout(values.loanType);
  const lang = i18n.language;
  const known: CustomerChoice[] = useMemo(() => (loan ? [loan.customer, ...loan.partakers.map((p) => p.customer)] : borrower ? [borrower] : []), [loan, borrower]);
  // The agents a clerk may choose from (`GET /loans/choices`: no master-data key needed).
  const formChoices = useQuery({ queryKey: ['loans', 'choices', lang], queryFn: ({ signal }) => loansApi.choices(signal), staleTime: 60_000 });
  const mayOverride = usePermission('loan.blacklistOverride');
  // "Save and submit" refused for a blacklist hit: a manager may submit anyway with a reason.
  const [overrideFor, setOverrideFor] = useState<{ loan: LoanItem; error: string }>();
  const calcOptions = useQuery({ queryKey: ['tools', 'calculator', 'options'], queryFn: ({ signal }) => calculatorApi.options(signal) });

  // The live preview: the server's calculator on the terms as they are typed.
  const body = useMemo(() => toPreview(values), [values]);
  const { calc, waiting } = useLiveCalculation(body);
  const result = calc.isError ? undefined : calc.data;

  const save = useMutation({
    /** `draft` saves a new application and stays in the form (for section D). */
    mutationFn: async (mode: 'save' | 'submit' | 'draft') => {
      const submit = mode === 'submit';
      const payload = toApplication(form.getFieldsValue(true) as ApplicationFormValues);
      const saved = loan ? await loansApi.update(loan.id, payload) : await loansApi.create(payload);
      if (!submit) return { saved, submitted: false, draft: mode === 'draft' };
      try {
        return { saved: await loansApi.act(saved.id, 'submit', {}), submitted: true };
      } catch (err) {
        // Saved but not submitted: the operation page shows why and offers the submit again.
        return { saved, submitted: false, submitError: err instanceof Error ? err.message : String(err) };
      }
    },
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: resourceKeys.all(LOANS_PATH) });
      if ('submitError' in r && r.submitError) {
        if (mayOverride && matchesMessage(i18n, lang, 'loans', 'errors.blacklisted', r.submitError)) {
          setOverrideFor({ loan: r.saved, error: r.submitError });
          return;
        }
        message.error(r.submitError);
      } else message.success(r.submitted ? t('success.submitted') : t('form.saved', { applyNo: r.saved.applyNo }));
      // the form is done with: its tab closes, the draft's edit form or the loan opens in its place
      if ('draft' in r && r.draft) leavePage(`/loan/edit/${r.saved.id}`);
      else leavePage(`/loan/operation?id=${r.saved.id}`);
    },
    onError: (err) => {
      const fieldErrors = fieldErrorsOf(err);
      form.setFields(fieldErrors.map((e) => ({ name: formPathOf(e.field), errors: [e.message] })) as Parameters<typeof form.setFields>[0]);
      setFormError(fieldErrors.length === 0 && err instanceof Error ? err.message : undefined);
      if (fieldErrors.length > 0) form.scrollToField(formPathOf(fieldErrors[0]!.field));
    },
  });

  const cycle = values.repayCycle;
  const mortgage = MORTGAGE_TYPES.includes(values.loanType ?? '');
  const opt = (category: 'loanType' | 'purpose' | 'payoutMethod') =>
    (choices.data?.[category] ?? []).map((o) => ({ value: o.code, label: optionLabel(choices.data, category, o.code, lang) }));
  const methods = calcOptions.data?.interestMethods ?? ['amortization', 'interest-first'];
  const decimals = calcOptions.data?.decimalPlaces === 0 || calcOptions.data?.decimalPlaces === 1 ? calcOptions.data.decimalPlaces : 2;

  useEffect(() => {
    if (!mortgage) return;
    if ((form.getFieldValue('collaterals') as unknown[] | undefined)?.length === 0) form.setFieldValue('collaterals', [{}]);
  }, [mortgage, form]);

  const col = { xs: 24, sm: 12, xl: 8 };
  return (
    <Form<ApplicationFormValues>
      form={form}
      name={name}
      layout="vertical"
      initialValues={start}
      onValuesChange={(changed: Partial<ApplicationFormValues>, all) => {
        // a reloan refinances the borrower's own loan: another borrower, another choice
        if ('customerId' in changed && all.reloanOfId) {
          form.setFieldValue('reloanOfId', null);
          all = { ...all, reloanOfId: null };
        }
        setValues({ ...all });
      }}
      onFinish={() => undefined}
      scrollToFirstError
    >
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {loan ? t('form.editTitle', { applyNo: loan.applyNo }) : t('form.createTitle')}
          </Typography.Title>
          <Space wrap>
            <Button onClick={() => navigate(loan ? `/loan/operation?id=${loan.id}` : '/loan/list')}>{t('form.back')}</Button>
            <Button loading={save.isPending && save.variables === 'save'} onClick={() => save.mutate('save')}>
              {t('form.save')}
            </Button>
            <Permission need="loan.submit">
              <Button type="primary" loading={save.isPending && save.variables === 'submit'} onClick={() => save.mutate('submit')}>
                {t('form.saveSubmit')}
              </Button>
            </Permission>
          </Space>
        </Flex>
        {formError && <Alert type="error" showIcon title={formError} />}
        <BlacklistWarning check={blacklistCheckOf(values)} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xxl={14}>
            <Card title={t('form.sectionA')}>
              <Row gutter={16}>
                <Col xs={24}>
                  <Form.Item name="customerId" label={t('fields.customer')} required>
                    <CustomerPicker known={known} />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name="reloanOfId" label={t('fields.reloanOf')} extra={t('form.reloanHint')}>
                    <ReloanPicker customerId={values.customerId} saved={loan?.reloanOf} />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item name="loanType" label={t('fields.loanType')} required>
                    <Select options={opt('loanType')} />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item name="loanAmount" label={t('fields.loanAmount')} required>
                    <DecimalInput grouped prefix="HK$" />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item name="totalTenor" label={t('fields.totalTenor')} required>
                    <InputNumber precision={0} style={full} inputMode="numeric" />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item name="rateType" label={t('form.rateOneOf')}>
                    <Radio.Group
                      optionType="button"
                      options={[
                        { value: 'flat', label: t('tools:calculator.rateType.flat') },
                        { value: 'effective', label: t('tools:calculator.rateType.effective') },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item name="rate" label={values.rateType === 'flat' ? t('fields.flatRate') : t('fields.effectiveRate')} required>
                    <DecimalInput suffix="%" />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item name="interestMethod" label={t('fields.interestMethod')}>
                    <Select options={methods.map((m) => ({ value: m, label: t(`tools:calculator.interestMethod.${m}`) }))} />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item name="repayCycle" label={t('fields.repayCycle')}>
                    <Select options={REPAY_CYCLES.map((c) => ({ value: c, label: t(`tools:calculator.repayCycle.${c}`) }))} />
                  </Form.Item>
                </Col>
                {cycle === 'monthly' && (
                  <Col {...col}>
                    <Form.Item name="cycleMonths" label={t('fields.cycleMonths')}>
                      <InputNumber precision={0} style={full} inputMode="numeric" />
                    </Form.Item>
                  </Col>
                )}
                {cycle === 'every-n-days' && (
                  <Col {...col}>
                    <Form.Item name="cycleDays" label={t('fields.cycleDays')}>
                      <InputNumber precision={0} style={full} inputMode="numeric" />
                    </Form.Item>
                  </Col>
                )}
                <Col {...col}>
                  <Form.Item name="applyDate" label={t('fields.applyDate')} required>
                    <DatePicker format={DATE} style={full} />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item name="loanDate" label={t('fields.loanDate')} required>
                    <DatePicker format={DATE} style={full} />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item name="interestStartDate" label={t('fields.interestStartDate')} required>
                    <DatePicker format={DATE} style={full} />
                  </Form.Item>
                </Col>
                {layout.shown('firstDueDate') && <Col {...col}>
                  <Form.Item name="firstDueDate" label={t('fields.firstDueDate')} required={layout.required('firstDueDate')}>
                    <DatePicker format={DATE} style={full} />
                  </Form.Item>
                </Col>}
                {layout.shown('loanPurpose') && <Col {...col}>
                  <Form.Item name="loanPurpose" label={t('fields.loanPurpose')} required={layout.required('loanPurpose')}>
                    <Select allowClear options={opt('purpose')} />
                  </Form.Item>
                </Col>}
                {layout.shown('payoutMethod') && <Col {...col}>
                  <Form.Item name="payoutMethod" label={t('fields.payoutMethod')} required={layout.required('payoutMethod')}>
                    <Select allowClear options={opt('payoutMethod')} />
                  </Form.Item>
                </Col>}
                {layout.shown('referralAgentId') && <Col {...col}>
                  <Form.Item name="referralAgentId" label={t('fields.referralAgent')} required={layout.required('referralAgentId')}>
                    <Select
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      options={(formChoices.data?.referralAgents ?? []).map((a) => ({ value: a.id, label: a.name }))}
                    />
                  </Form.Item>
                </Col>}
                {layout.shown('remarks') && <Col xs={24}>
                  <Form.Item name="remarks" label={t('fields.remarks')} required={layout.required('remarks')}>
                    <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
                  </Form.Item>
                </Col>}
                {AUTOPAY_FIELDS.some((f) => layout.shown(f)) && <Col xs={24}>
                  <Collapse
                    size="small"
                    // opened when the loan type requires part of it
                    {...(AUTOPAY_FIELDS.some((f) => layout.required(f)) ? { defaultActiveKey: ['autopay'] } : {})}
                    items={[
                      {
                        key: 'autopay',
                        label: t('form.autopay'),
                        children: (
                          <Row gutter={16}>
                            {AUTOPAY_FIELDS.filter((f) => layout.shown(f)).map((f) => (
                              <Col {...col} key={f}>
                                <Form.Item name={f} label={t(`fields.${f}`)} required={layout.required(f)}>
                                  <Input autoComplete="off" />
                                </Form.Item>
                              </Col>
                            ))}
                          </Row>
                        ),
                      },
                    ]}
                  />
                </Col>}
              </Row>
            </Card>
          </Col>
          <Col xs={24} xxl={10}>
            <Card
              title={
                <Space>
                  {t('form.preview')}
                  {waiting && <Spin size="small" />}
                </Space>
              }
            >
              {!result ? (
                <Empty description={t('form.previewEmpty')} />
              ) : (
                <Flex vertical gap={16} aria-busy={waiting}>
                  <CalculatorSummary result={result} repayCycle={values.repayCycle} decimalPlaces={decimals} confirmed={false} onConfirm={() => undefined} />
                  <ScheduleTable result={result} loanAmount={String(values.loanAmount ?? '')} decimalPlaces={decimals} />
                </Flex>
              )}
            </Card>
          </Col>
        </Row>

        {layout.shown('partakers') && <Card title={t('form.sectionB')}>
          <Form.List name="partakers">
            {(rows, { add, remove }, { errors }) => (
              <Flex vertical gap={8}>
                <Form.ErrorList errors={errors} />
                {rows.map((r) => (
                  <Row gutter={16} key={r.key} align="bottom">
                    <Col xs={24} md={10}>
                      <Form.Item name={[r.name, 'customerId']} label={t('fields.customer')} required>
                        <CustomerPicker known={known} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={[r.name, 'role']} label={t('fields.role')} required>
                        <Select options={PARTAKER_ROLES.map((p) => ({ value: p, label: t(`enums:partakerRole.${p}`) }))} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={[r.name, 'relation']} label={t('fields.relation')}>
                        <Input maxLength={64} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={2}>
                      <Form.Item>
                        <Button icon={<DeleteOutlined />} aria-label={t('form.remove')} onClick={() => remove(r.name)} />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ role: 'guarantor' })} style={{ alignSelf: 'flex-start' }}>
                  {t('form.addPartaker')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>}

        {layout.shown('creditReferences') && <Card title={t('form.sectionC')}>
          <Form.List name="creditReferences">
            {(rows, { add, remove }, { errors }) => (
              <Flex vertical gap={8}>
                <Form.ErrorList errors={errors} />
                {rows.map((r) => (
                  <Row gutter={16} key={r.key} align="bottom">
                    <Col xs={24} md={6}>
                      <Form.Item name={[r.name, 'creditName']} label={t('fields.creditName')} required>
                        <Input maxLength={128} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item name={[r.name, 'creditType']} label={t('fields.creditType')}>
                        <Input maxLength={64} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item name={[r.name, 'loanAmount']} label={t('fields.creditLoanAmount')}>
                        <DecimalInput grouped />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item name={[r.name, 'instalmentAmount']} label={t('fields.creditInstalment')}>
                        <DecimalInput grouped />
                      </Form.Item>
                    </Col>
                    <Col xs={8} md={4}>
                      <Form.Item name={[r.name, 'outstandingTenors']} label={t('fields.outstandingTenors')}>
                        <InputNumber precision={0} style={full} />
                      </Form.Item>
                    </Col>
                    <Col xs={4} md={2}>
                      <Form.Item>
                        <Button icon={<DeleteOutlined />} aria-label={t('form.remove')} onClick={() => remove(r.name)} />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({})} style={{ alignSelf: 'flex-start' }}>
                  {t('form.addCreditReference')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>}

        <DocumentsSection loan={loan} saving={save.isPending && save.variables === 'draft'} onSaveDraft={() => save.mutate('draft')} />

        {layout.shown('collaterals') && <Card title={t('form.sectionE')}>
          <Form.List name="collaterals">
            {(rows, { add, remove }, { errors }) => (
              <Flex vertical gap={8}>
                <Form.ErrorList errors={errors} />
                {rows.map((r) => (
                  <Card size="small" key={r.key} extra={<Button size="small" icon={<DeleteOutlined />} aria-label={t('form.remove')} onClick={() => remove(r.name)} />}>
                    <Row gutter={16}>
                      <Col {...col}>
                        <Form.Item name={[r.name, 'ownerName']} label={t('fields.ownerName')} required>
                          <Input maxLength={128} />
                        </Form.Item>
                      </Col>
                      <Col {...col}>
                        <Form.Item name={[r.name, 'ownerIdNumber']} label={t('fields.ownerIdNumber')}>
                          <Input maxLength={32} />
                        </Form.Item>
                      </Col>
                      <Col {...col}>
                        <Form.Item name={[r.name, 'propertyType']} label={t('fields.propertyType')}>
                          <Input maxLength={64} />
                        </Form.Item>
                      </Col>
                      <Col xs={24}>
                        <Form.Item name={[r.name, 'address']} label={t('fields.address')} required>
                          <Input maxLength={255} />
                        </Form.Item>
                      </Col>
                      {(['usableArea', 'buildingArea'] as const).map((f) => (
                        <Col {...col} key={f}>
                          <Form.Item name={[r.name, f]} label={t(`fields.${f}`)}>
                            <DecimalInput />
                          </Form.Item>
                        </Col>
                      ))}
                      <Col {...col}>
                        <Form.Item name={[r.name, 'completionYear']} label={t('fields.completionYear')}>
                          <InputNumber precision={0} style={full} />
                        </Form.Item>
                      </Col>
                      <Col {...col}>
                        <Form.Item name={[r.name, 'purpose']} label={t('fields.purpose')}>
                          <Input maxLength={64} />
                        </Form.Item>
                      </Col>
                      <Col {...col}>
                        <Form.Item name={[r.name, 'boughtOn']} label={t('fields.boughtOn')}>
                          <DatePicker format={DATE} style={full} />
                        </Form.Item>
                      </Col>
                      {(['buyPrice', 'mortgageBalance'] as const).map((f) => (
                        <Col {...col} key={f}>
                          <Form.Item name={[r.name, f]} label={t(`fields.${f}`)}>
                            <DecimalInput grouped prefix="HK$" />
                          </Form.Item>
                        </Col>
                      ))}
                    </Row>
                  </Card>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({})} style={{ alignSelf: 'flex-start' }}>
                  {t('form.addCollateral')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>}
      </Flex>
      {/* A dialog (rendered outside the form's DOM): a manager submits despite a blacklist hit. */}
      {overrideFor && (
        <LoanActionDialog
          loan={overrideFor.loan}
          action="submit"
          initialError={overrideFor.error}
          onClose={() => navigate(`/loan/operation?id=${overrideFor.loan.id}`)}
        />
      )}
    </Form>
  );
}
