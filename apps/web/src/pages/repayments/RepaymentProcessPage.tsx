import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Col, DatePicker, Descriptions, Flex, Form, Input, Result, Row, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { dec, sumMoney, type LoanStatus } from '@harbour/domain';
import { PAYMENT_METHODS, REPAY_TYPES, repaymentResource, type AllocationPreview, type DueState, type RepaymentItem } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { DecimalInput } from '../../components/DecimalInput.js';
import { Money } from '../../components/Money.js';
import { usePermission } from '../../components/Permission.js';
import { hongKongToday, moneyDisplay } from '../../components/format.js';
import { DATE_FORMAT } from '../../generic/form-values';
import { matchesMessage } from '../../i18n/message-match';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { resourceKeys } from '../../generic/use-resource';
import { LoanStatusTag } from '../loans/LoanListView';
import { ReceiptView } from './ReceiptView';
import { ContactsPanel } from '../collection-desk/ContactsPanel';
import { ReschedulePanel } from './ReschedulePanel';
import { TemporaryAmountPanel } from './TemporaryAmountPanel';
import { ChosenLoan } from './list-controls';
import { repaymentsApi } from './repayments-api';
import { useLivePreview } from './use-live-preview';
import { useTabDetail } from '../../shell/use-tab-detail.js';

/** Solid tag colours of an instalment's state, dark enough for white text (WCAG AA). */
const STATE_COLOR: Record<DueState['instalments'][number]['state'], string> = { paid: '#237804', overdue: '#a8071a', due: '#ad4e00', future: '#595959' };

interface FormValues {
  received?: string;
  repayType: (typeof REPAY_TYPES)[number];
  tenor?: number;
  method: (typeof PAYMENT_METHODS)[number];
  chequeNo?: string;
  repayDate: Dayjs;
  remarks?: string;
  /** shown once the server asks: the reschedule goes above the company's maximum APR (prompt-and-confirm) */
  confirmExcess?: boolean;
}
const FORM_FIELDS = ['received', 'repayType', 'tenor', 'method', 'chequeNo', 'repayDate', 'remarks'] as const;

const money = (v: string) => <Money value={v} />;

/** The allocation of a receipt: its split and the per-instalment lines (a preview or a posted receipt). */
export function AllocationTable({ a }: { a: Pick<AllocationPreview, 'lines' | 'overdueInterest' | 'handlingFee' | 'interest' | 'principal' | 'tempAmount' | 'received'> }) {
  const { t } = useTranslation('repayments');
  return (
    <Flex vertical gap={12}>
      <Table
        size="small"
        rowKey="tenor"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={a.lines}
        columns={[
          { key: 'tenor', title: t('fields.tenor'), align: 'right', dataIndex: 'tenor' },
          { key: 'oi', title: t('fields.overdueInterest'), align: 'right', render: (_, l) => money(l.overdueInterest) },
          { key: 'fee', title: t('fields.handlingFee'), align: 'right', render: (_, l) => money(l.handlingFee) },
          { key: 'interest', title: t('fields.interest'), align: 'right', render: (_, l) => money(l.interest) },
          { key: 'principal', title: t('fields.principal'), align: 'right', render: (_, l) => money(l.principal) },
        ]}
      />
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'received', label: t('fields.received'), children: money(a.received) },
          { key: 'oi', label: t('fields.overdueInterest'), children: money(a.overdueInterest) },
          { key: 'fee', label: t('fields.handlingFee'), children: money(a.handlingFee) },
          { key: 'interest', label: t('fields.interest'), children: money(a.interest) },
          { key: 'principal', label: t('fields.principal'), children: money(a.principal) },
          { key: 'temp', label: t('fields.tempAmount'), children: money(a.tempAmount) },
        ]}
      />
    </Flex>
  );
}

function DueTable({ due }: { due: DueState }) {
  const { t } = useTranslation('repayments');
  return (
    <Table
      size="small"
      rowKey="tenor"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={due.instalments}
      columns={[
        { key: 'tenor', title: t('fields.tenor'), align: 'right', dataIndex: 'tenor' },
        { key: 'dueDate', title: t('process.dueDate'), render: (_, i) => <DateText value={i.dueDate} /> },
        { key: 'principal', title: t('fields.principal'), align: 'right', render: (_, i) => money(i.principal) },
        { key: 'interest', title: t('fields.interest'), align: 'right', render: (_, i) => money(i.interest) },
        { key: 'paid', title: t('process.paid'), align: 'right', render: (_, i) => money(sumMoney([i.paidPrincipal, i.paidInterest])) },
        { key: 'unpaid', title: t('process.unpaid'), align: 'right', render: (_, i) => money(i.unpaid) },
        { key: 'days', title: t('process.overdueDays'), align: 'right', dataIndex: 'overdueDays' },
        { key: 'oi', title: t('fields.overdueInterest'), align: 'right', render: (_, i) => money(i.overdueInterest) },
        { key: 'fee', title: t('fields.handlingFee'), align: 'right', render: (_, i) => money(i.handlingFee) },
        { key: 'state', title: t('process.state'), render: (_, i) => <Tag color={STATE_COLOR[i.state]}>{t(`state.${i.state}`)}</Tag> },
      ]}
    />
  );
}

/** A decimal amount as the receipt form holds it, or null while it cannot be previewed yet. */
const previewable = (v: string | undefined) => {
  const text = (v ?? '').trim();
  return /^\d+(\.\d{1,2})?$/.test(text) && dec(text).gt(0) ? text : null;
};

/** The loan's due state beside the receipt form: the figures a cashier reads before taking money. */
function DueFigures({ d }: { d: DueState }) {
  const { t } = useTranslation('repayments');
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 2 }}
      items={[
        { key: 'amountDue', label: <strong>{t('process.amountDue')}</strong>, children: <strong>{money(d.amountDue)}</strong> },
        { key: 'overdueAmount', label: t('process.overdueAmount'), children: money(d.overdueAmount) },
        { key: 'oi', label: t('fields.overdueInterest'), children: money(d.overdueInterest) },
        { key: 'fee', label: t('fields.handlingFee'), children: money(d.handlingFee) },
        { key: 'next', label: t('process.nextDue'), children: d.nextDueDate ? <span style={{ whiteSpace: 'nowrap' }}>{`${d.nextTenor ?? ''}/${d.totalTenor} · ${d.nextDueDate}`}</span> : '—' },
        { key: 'instalment', label: t('process.instalmentAmount'), children: money(d.instalmentAmount) },
        { key: 'temp', label: t('fields.tempAmount'), children: money(d.tempAmount) },
        { key: 'unpaidPrincipal', label: t('process.unpaidPrincipal'), children: money(d.unpaidPrincipal) },
        { key: 'remaining', label: t('process.remainingScheduled'), children: money(d.remainingScheduled) },
        { key: 'loanAmount', label: t('process.loanAmount'), children: money(d.loanAmount) },
        { key: 'last', label: t('process.lastRepayment'), children: d.lastRepaymentDate ? <DateText value={d.lastRepaymentDate} /> : '—' },
        { key: 'asOf', label: t('process.asOf'), children: <DateText value={d.asOf} /> },
      ]}
    />
  );
}

/** The loan, its borrower and phones, and whether (since when) it is overdue: the counter's first line. */
function CounterHeader({ d, actions }: { d: DueState; actions: ReactNode }) {
  const { t } = useTranslation('repayments');
  const overdue = d.instalments.filter((i) => i.state === 'overdue');
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Space wrap align="center" size={[12, 4]}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {`${d.loanNo} · ${d.customerName}`}
        </Typography.Title>
        <LoanStatusTag status={d.status as LoanStatus} />
        {overdue.length > 0 && (
          <Tag color={STATE_COLOR.overdue}>{t('process.overdueSince', { date: overdue[0]!.dueDate, tenors: overdue.map((i) => i.tenor).join(', ') })}</Tag>
        )}
        {d.customerPhones.length > 0 && (
          <Typography.Text aria-label={t('process.phones')}>
            <PhoneOutlined aria-hidden /> {d.customerPhones.join(' / ')}
          </Typography.Text>
        )}
      </Space>
      <Space wrap>{actions}</Space>
    </Flex>
  );
}

/**
 * The counter of one loan (spec §2 Repayment process), built to take money without scrolling: the
 * loan, borrower and phones on the first line; the due figures beside the receipt form and its live
 * allocation; the schedule below. Keyboard: the amount is focused on open, Enter previews at once,
 * Ctrl+Enter posts after the confirmation (whose OK button has the focus).
 */
function RepaymentCounter({ loanId }: { loanId: number }) {
  const { t, i18n } = useTranslation('repayments');
  const navigate = useNavigate();
  const mayIssueStatement = usePermission('repayment.statement');
  const qc = useQueryClient();
  const { confirm, message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const formName = useId();
  const [asOf, setAsOf] = useState(hongKongToday);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string>();
  const [posted, setPosted] = useState<RepaymentItem>();
  // the server asked to confirm a reschedule above the company's maximum APR: the form offers the box
  const [askExcess, setAskExcess] = useState(false);
  const received = Form.useWatch('received', form);
  const repayType = Form.useWatch('repayType', form);
  const tenor = Form.useWatch('tenor', form);
  const repayDate = Form.useWatch('repayDate', form);
  const method = Form.useWatch('method', form);
  const confirmExcess = Form.useWatch('confirmExcess', form);
  const due = useQuery({ queryKey: ['repayments', 'due', loanId, asOf], queryFn: ({ signal }) => repaymentsApi.due(loanId, asOf, signal) });
  useTabDetail(due.data?.loanNo);

  const body = (v: Pick<FormValues, 'received' | 'repayType' | 'tenor' | 'repayDate' | 'confirmExcess'>) => ({
    loanId,
    received: (v.received ?? '').trim(),
    repayType: v.repayType,
    tenor: v.repayType === 'instalment' ? v.tenor : undefined,
    repayDate: v.repayDate.format(DATE_FORMAT),
    ...(v.confirmExcess ? { confirmExcess: true } : {}),
  });
  const amount = previewable(received);
  const live = useLivePreview(amount && repayType && repayDate ? body({ received: amount, repayType, tenor, repayDate, confirmExcess }) : null);
  const preview = live.preview;
  const previewError = live.error?.message;
  const excessAsked = (text: string | undefined) => !!text && matchesMessage(i18n, i18n.language, 'repayments', 'errors.rescheduleConfirmMaxApr', text);
  const fail = (err: unknown) => {
    const rest = applyServerErrors(form, err, FORM_FIELDS);
    setError(rest.length > 0 || !(err as { errors?: unknown }).errors ? (err as Error).message : undefined);
    if (excessAsked((err as Error).message)) setAskExcess(true);
  };
  const post = useMutation({
    mutationFn: (v: FormValues) => repaymentsApi.post({ ...body(v), method: v.method, chequeNo: v.method === 'cheque' ? v.chequeNo : undefined, remarks: v.remarks, idempotencyKey: key }),
    onMutate: () => setError(undefined),
    onSuccess: (r) => {
      setPosted(r);
      message.success(t('process.posted', { repayNo: r.repayNo }));
      form.resetFields();
      setAskExcess(false);
      setAsOf(hongKongToday());
      setKey(crypto.randomUUID());
      void qc.invalidateQueries({ queryKey: ['repayments'] });
      void qc.invalidateQueries({ queryKey: resourceKeys.all(repaymentResource.path) });
    },
    onError: fail,
  });

  if (due.isError && !due.data) return <Result status="warning" title={due.error.message} extra={<Button onClick={() => navigate('/repayment/process')}>{t('process.otherLoan')}</Button>} />;
  if (!due.data) return <Spin />;
  const d = due.data;
  const open = d.instalments.filter((i) => i.state !== 'paid');

  const askPost = (v: FormValues) =>
    confirm({
      title: t('process.post'),
      content: t('process.confirmPost', { amount: moneyDisplay((v.received ?? '').trim() || '0'), loanNo: d.loanNo }),
      okText: t('process.post'),
      autoFocusButton: 'ok',
      onOk: () => post.mutateAsync(v).catch(() => undefined),
    });
  const requestPost = () => void form.validateFields().then(askPost, () => undefined);
  const shownError = error ?? previewError;

  return (
    <Flex vertical gap={12}>
      <CounterHeader
        d={d}
        actions={
          <>
            {mayIssueStatement && <Button onClick={() => navigate(`/repayment/statement?loanId=${d.loanId}`)}>{t('shell:menu.repayment.statement')}</Button>}
            <Button onClick={() => navigate('/repayment/process')}>{t('process.otherLoan')}</Button>
          </>
        }
      />
      <Row gutter={[12, 12]}>
        {/* on a narrow screen the form comes first, the figures under it */}
        <Col xs={{ span: 24, order: 2 }} xl={{ span: 10, order: 1 }}>
          <DueFigures d={d} />
        </Col>
        <Col xs={{ span: 24, order: 1 }} xl={{ span: 14, order: 2 }}>
          <Card size="small" title={t('process.form')} extra={<Typography.Text type="secondary">{t('process.keys')}</Typography.Text>}>
            <div
              onKeyDownCapture={(e) => {
                // Ctrl+Enter (⌘+Enter) posts; a plain Enter submits the form, which previews
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  e.stopPropagation();
                  requestPost();
                }
              }}
            >
              <Form<FormValues>
                form={form}
                name={formName}
                layout="vertical"
                className="harbour-counter-form"
                initialValues={{ repayType: 'auto', method: 'cash', repayDate: dayjs(asOf) }}
                onValuesChange={(changed: Partial<FormValues>) => {
                  setError(undefined);
                  if (changed.repayDate) setAsOf(changed.repayDate.format(DATE_FORMAT));
                }}
                onFinish={() => live.flush()}
              >
                <Flex wrap gap={12}>
                  <Form.Item name="received" label={t('fields.received')} rules={[{ required: true, message: t('validation:required') }]} style={{ flex: '1 1 160px', marginBottom: 12 }}>
                    <DecimalInput grouped autoFocus />
                  </Form.Item>
                  <Form.Item name="repayDate" label={t('fields.repayDate')} rules={[{ required: true, message: t('validation:required') }]} style={{ flex: '1 1 140px', marginBottom: 12 }}>
                    <DatePicker format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} disabledDate={(v) => v.format(DATE_FORMAT) > hongKongToday()} />
                  </Form.Item>
                  <Form.Item name="repayType" label={t('fields.repayType')} style={{ flex: '1 1 140px', marginBottom: 12 }}>
                    <Select options={REPAY_TYPES.map((v) => ({ value: v, label: t(`enums:repayType.${v}`) }))} />
                  </Form.Item>
                  {repayType === 'instalment' && (
                    <Form.Item name="tenor" label={t('fields.tenor')} style={{ flex: '1 1 140px', marginBottom: 12 }}>
                      <Select allowClear options={open.map((i) => ({ value: i.tenor, label: `${i.tenor} · ${i.dueDate}` }))} />
                    </Form.Item>
                  )}
                </Flex>
                <Flex wrap gap={12}>
                  <Form.Item name="method" label={t('fields.method')} style={{ flex: '1 1 140px', marginBottom: 12 }}>
                    <Select options={PAYMENT_METHODS.map((v) => ({ value: v, label: t(`enums:paymentMethod.${v}`) }))} />
                  </Form.Item>
                  {method === 'cheque' && (
                    <Form.Item name="chequeNo" label={t('fields.chequeNo')} rules={[{ required: true, whitespace: true, message: t('validation.chequeNoRequired') }]} style={{ flex: '1 1 140px', marginBottom: 12 }}>
                      <Input maxLength={32} autoComplete="off" />
                    </Form.Item>
                  )}
                  <Form.Item name="remarks" label={t('fields.remarks')} style={{ flex: '2 1 240px', marginBottom: 12 }}>
                    <Input maxLength={1000} />
                  </Form.Item>
                </Flex>
                {shownError && <Alert type={askExcess || excessAsked(shownError) ? 'warning' : 'error'} showIcon style={{ marginBottom: 12 }} title={shownError} />}
                {(askExcess || excessAsked(previewError)) && (
                  <Form.Item name="confirmExcess" valuePropName="checked" style={{ marginBottom: 12 }}>
                    <Checkbox>{t('process.confirmExcess')}</Checkbox>
                  </Form.Item>
                )}
                <Space wrap>
                  <Button htmlType="submit" loading={live.loading}>
                    {t('process.preview')}
                  </Button>
                  <Button type="primary" loading={post.isPending} onClick={requestPost}>
                    {t('process.post')}
                  </Button>
                </Space>
              </Form>
            </div>
            {preview && (
              <section aria-label={t('process.allocation')} style={{ marginTop: 12 }}>
                <Typography.Text strong>{t('process.allocation')}</Typography.Text>
                {preview.completes && <Alert type="success" showIcon style={{ margin: '8px 0' }} title={t('process.completes')} />}
                <div style={{ marginTop: 8 }}>
                  <AllocationTable a={preview} />
                </div>
              </section>
            )}
          </Card>
        </Col>
      </Row>
      {preview?.reschedule && (
        <Card size="small" title={t('reschedule.title')}>
          <ReschedulePanel r={preview.reschedule} />
        </Card>
      )}

      {posted && (
        <>
          <Alert type="success" showIcon title={t('process.posted', { repayNo: posted.repayNo })} />
          <Card size="small" title={t('list.detail', { repayNo: posted.repayNo })}>
            <AllocationTable a={posted} />
          </Card>
          {posted.reschedule && (
            <Card size="small" title={t('reschedule.title')}>
              <ReschedulePanel r={posted.reschedule} />
            </Card>
          )}
          <ReceiptView receipt={posted} />
        </>
      )}

      {dec(d.tempAmount).gt(0) && (
        <TemporaryAmountPanel
          loanId={loanId}
          due={d}
          onDone={(r) => {
            setPosted(r);
            void qc.invalidateQueries({ queryKey: ['repayments'] });
          }}
        />
      )}

      <Card size="small" title={t('process.dueState')}>
        <DueTable due={d} />
      </Card>

      {/* below the schedule and collapsed: the counter's own action stays in view */}
      <ContactsPanel loanId={loanId} loanNo={d.loanNo} collapsed />
    </Flex>
  );
}

/**
 * Repayment → process (`/repayment/process`, `?loanId=` opens a loan directly): the loan finder,
 * then the counter of the chosen loan.
 */
export default function RepaymentProcessPage() {
  const { t } = useTranslation('repayments');
  return (
    <ChosenLoan path="/repayment/process" finderTitle={t('process.finderTitle')}>
      {(loanId) => <RepaymentCounter loanId={loanId} />}
    </ChosenLoan>
  );
}
