import { useId, useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Radio, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, TEMPORARY_APPLY_TYPES, repaymentResource, type ApplyTemporaryBody, type DueState, type PaymentMethod, type RefundTemporaryBody, type RepaymentItem, type TemporaryApplyType } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { moneyDisplay } from '../../components/format.js';
import { isApprovalRequested } from '../../api/four-eyes';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';
import { DecimalInput } from '../../components/DecimalInput.js';
import { Money } from '../../components/Money.js';
import { Permission } from '../../components/Permission.js';
import { applyServerErrors, fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { resourceKeys } from '../../generic/use-resource';

/** A key for one submission of a form: a double click or a retry posts once (8–64 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `tmp-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const temporaryApi = {
  /** Silent: the panel shows field errors under the inputs and other refusals as a message itself. */
  apply: (body: ApplyTemporaryBody) => call(endpoints.repayments.applyTemporary, { body, silent: true }),
  refund: (body: RefundTemporaryBody) => call(endpoints.repayments.refundTemporary, { body, silent: true }),
};

interface ApplyValues {
  repayType: TemporaryApplyType;
  tenor?: string;
  amount?: string;
}
interface RefundValues {
  amount?: string;
  method: PaymentMethod;
  chequeNo?: string;
  reason?: string;
}

const present = (v: string | undefined) => (v === undefined || v === null || String(v).trim() === '' ? undefined : String(v).trim());
const money = (v: string) => `HK$ ${moneyDisplay(v)}`;

interface Props {
  loanId: number;
  /** The loan on the counter's date (`GET /repayments/due`): what is held and what is due. */
  due: Pick<DueState, 'asOf' | 'tempAmount' | 'amountDue' | 'nextTenor' | 'status'>;
  /** After a temporary amount was applied or refunded (the caller reloads the due state). */
  onDone?: (item: RepaymentItem) => void;
}

/**
 * The loan's temporary amount at the repayment counter: what is held, a form to apply it to what
 * is due (repayment.process) and one to pay it back to the customer (repayment.void, a manager's),
 * each confirmed in a dialog before it is posted.
 */
export function TemporaryAmountPanel({ loanId, due, onDone }: Props) {
  const { t } = useTranslation('repayments');
  const { message, confirm } = useFeedback();
  const qc = useQueryClient();
  const applyName = useId();
  const refundName = useId();
  const [applyForm] = Form.useForm<ApplyValues>();
  const [refundForm] = Form.useForm<RefundValues>();
  const [applyKey, setApplyKey] = useState(newIdempotencyKey);
  const [refundKey, setRefundKey] = useState(newIdempotencyKey);
  const repayType = Form.useWatch('repayType', applyForm) ?? 'auto';
  const method = Form.useWatch('method', refundForm) ?? 'cash';
  const held = dec(due.tempAmount);
  const nothingHeld = !held.gt(0);

  const finished = (done: string, form: 'apply' | 'refund') => async (item: RepaymentItem) => {
    await qc.invalidateQueries({ queryKey: resourceKeys.all(repaymentResource.path) });
    // a refund under four eyes is a request waiting for a second person, not a refund yet
    const requested = isApprovalRequested(item as unknown);
    void (requested ? message.info(t('approvals:success.requested')) : message.success(t(done)));
    if (form === 'apply') {
      setApplyKey(newIdempotencyKey());
      applyForm.resetFields();
    } else {
      setRefundKey(newIdempotencyKey());
      refundForm.resetFields();
    }
    if (!requested) onDone?.(item);
  };
  const refused = (form: typeof applyForm | typeof refundForm, fields: string[]) => (err: Error) => {
    // Field errors go under their inputs; anything else (more than is held, nothing due) is said aloud.
    if (applyServerErrors(form, err, fields).length > 0 || fieldErrorsOf(err).length === 0) void message.error(err.message);
  };

  const apply = useMutation({ mutationFn: temporaryApi.apply, onSuccess: finished('success.temporaryApplied', 'apply'), onError: refused(applyForm, ['repayType', 'tenor', 'amount']) });
  const refund = useMutation({ mutationFn: temporaryApi.refund, onSuccess: finished('success.temporaryRefunded', 'refund'), onError: refused(refundForm, ['amount', 'method', 'chequeNo', 'reason']) });

  const confirmApply = (v: ApplyValues) => {
    const amount = present(v.amount);
    const type = t(`enums:repayType.${v.repayType}`);
    const body = {
      loanId,
      repayDate: due.asOf,
      repayType: v.repayType,
      ...(v.repayType === 'instalment' && present(v.tenor) ? { tenor: present(v.tenor) } : {}),
      ...(amount ? { amount } : {}),
      idempotencyKey: applyKey,
    };
    confirm({
      title: t('temporary.applyTitle'),
      content: amount
        ? t('temporary.applyConfirm', { amount: money(amount), type, date: due.asOf })
        : t('temporary.applyConfirmDue', { amount: money(due.tempAmount), type, date: due.asOf }),
      okText: t('temporary.apply'),
      cancelText: t('common:actions.cancel'),
      onOk: () => apply.mutateAsync(body).catch(() => undefined),
    });
  };

  const confirmRefund = (v: RefundValues) => {
    const amount = present(v.amount)!;
    const body = {
      loanId,
      amount,
      method: v.method,
      ...(v.method === 'cheque' ? { chequeNo: present(v.chequeNo) } : {}),
      reason: present(v.reason)!,
      idempotencyKey: refundKey,
    };
    confirm({
      title: t('temporary.refundTitle'),
      content: t('temporary.refundConfirm', { amount: money(amount), method: t(`enums:paymentMethod.${v.method}`) }),
      okText: t('temporary.refund'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => refund.mutateAsync(body).catch(() => undefined),
    });
  };

  const required = [{ required: true, message: t('validation:required') }];

  return (
    <Card size="small" title={t('temporary.title')} data-testid="temporary-amount-panel">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'held', label: t('temporary.held'), children: <Money value={due.tempAmount} style={{ fontWeight: 600 }} /> },
          { key: 'due', label: t('temporary.amountDue', { date: due.asOf }), children: <Money value={due.amountDue} /> },
        ]}
      />
      {nothingHeld && <p style={{ margin: '8px 0 0' }}>{t('errors.noTemporaryAmount')}</p>}
      <Permission need="repayment.process">
        <Form<ApplyValues>
          form={applyForm}
          name={applyName}
          layout="vertical"
          disabled={nothingHeld || apply.isPending}
          initialValues={{ repayType: 'auto' }}
          onFinish={confirmApply}
          style={{ marginTop: 12 }}
        >
          <Form.Item name="repayType" label={t('temporary.applyAs')}>
            <Radio.Group options={TEMPORARY_APPLY_TYPES.map((v) => ({ value: v, label: t(`enums:repayType.${v}`) }))} />
          </Form.Item>
          <Space wrap align="start">
            {repayType === 'instalment' && (
              <Form.Item name="tenor" label={t('fields.tenor')}>
                <Input inputMode="numeric" placeholder={due.nextTenor ? String(due.nextTenor) : undefined} style={{ width: 96 }} />
              </Form.Item>
            )}
            <Form.Item name="amount" label={t('temporary.amount')} extra={t('temporary.amountAuto')}>
              <DecimalInput grouped prefix="HK$" style={{ width: 220 }} />
            </Form.Item>
          </Space>
          <Button type="primary" htmlType="submit" loading={apply.isPending}>
            {t('temporary.apply')}
          </Button>
        </Form>
      </Permission>
      <Permission need="repayment.void">
        <Form<RefundValues>
          form={refundForm}
          name={refundName}
          layout="vertical"
          disabled={nothingHeld || refund.isPending}
          initialValues={{ method: 'cash' }}
          onFinish={confirmRefund}
          style={{ marginTop: 16 }}
        >
          <Space wrap align="start">
            <Form.Item name="amount" label={t('temporary.amount')} rules={required}>
              <DecimalInput grouped prefix="HK$" style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="method" label={t('fields.method')}>
              <Radio.Group options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`enums:paymentMethod.${m}`) }))} />
            </Form.Item>
            {method === 'cheque' && (
              <Form.Item name="chequeNo" label={t('fields.chequeNo')} rules={required}>
                <Input maxLength={32} autoComplete="off" style={{ width: 180 }} />
              </Form.Item>
            )}
          </Space>
          <Form.Item name="reason" label={t('fields.reason')} rules={required}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
          </Form.Item>
          <Button htmlType="submit" loading={refund.isPending}>
            {t('temporary.refund')}
          </Button>
        </Form>
      </Permission>
    </Card>
  );
}
