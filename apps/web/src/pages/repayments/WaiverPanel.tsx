import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Empty, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RepaymentOperation, VoidWaiverBody, WaiveBody, WaiverItem } from '@harbour/contracts';
import { dec, moneyText } from '@harbour/domain';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';
import { DateText } from '../../components/DateText.js';
import { DecimalInput } from '../../components/DecimalInput.js';
import { Money } from '../../components/Money.js';
import { moneyDisplay } from '../../components/format.js';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { useFocusableScroll } from '../../generic/use-focusable-scroll';
import { newIdempotencyKey } from './TemporaryAmountPanel';
import { isApprovalRequested } from '../../api/four-eyes';

/** Waivers of overdue interest and fees (issue 26): the dialog that posts one, the loan's list of them, the void. */
const waiverApi = {
  /** Silent: the dialog shows field errors under the inputs and other refusals itself. */
  waive: (body: WaiveBody) => call(endpoints.repayments.waive, { body, silent: true }),
  void: (body: VoidWaiverBody) => call(endpoints.repayments.voidWaiver, { body, silent: true }),
};

const COMPONENTS = ['overdueInterest', 'fee'] as const;
type Component = (typeof COMPONENTS)[number];
interface WaiveValues {
  overdueInterest?: string;
  fee?: string;
  overdueInterestWhole?: boolean;
  feeWhole?: boolean;
  reason?: string;
}

const nowrap = (v: ReactNode) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>;
const present = (v: string | undefined) => (v === undefined || v === null || String(v).trim() === '' ? undefined : String(v).trim());

/**
 * "Waive": per component the figure outstanding today, an amount or "in full" (the figure shown
 * is what is sent, so a waiver carried out later never gives up more than was seen), a required
 * reason, and a confirmation naming the total.
 */
export function WaiverDialog({ op, onClose }: { op: Pick<RepaymentOperation, 'loan' | 'waivable'>; onClose: () => void }) {
  const { t } = useTranslation('repayments');
  const { confirm, message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<WaiveValues>();
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string>();
  const outstanding: Record<Component, string> = { overdueInterest: op.waivable.overdueInterest, fee: op.waivable.fee };
  const whole = { overdueInterest: Form.useWatch('overdueInterestWhole', form), fee: Form.useWatch('feeWhole', form) };
  const run = useMutation({
    mutationFn: waiverApi.waive,
    onSuccess: async (answer) => {
      await qc.invalidateQueries({ queryKey: ['repayments'] });
      // under four eyes the waiver is a request waiting for a second person, not a waiver yet
      void (isApprovalRequested(answer as unknown) ? message.info(t('approvals:success.requested')) : message.success(t('waiver.posted')));
      onClose();
    },
    onError: (err: Error) => {
      if (applyServerErrors(form, err, ['overdueInterest', 'fee', 'reason']).length === 0) setError(err.message);
    },
  });
  const amountOf = (v: WaiveValues, c: Component) => (v[`${c}Whole`] ? outstanding[c] : present(v[c]));
  const submit = (v: WaiveValues) => {
    setError(undefined);
    const amounts: Partial<Record<Component, string>> = {};
    for (const c of COMPONENTS) {
      const a = amountOf(v, c);
      if (a !== undefined && dec(a).gt(0)) amounts[c] = a;
    }
    const given = Object.values(amounts);
    if (given.length === 0) {
      setError(t('waiver.nothing'));
      return;
    }
    const total = given.reduce((s, a) => s.plus(a), dec('0'));
    confirm({
      title: t('waiver.confirmTitle', { total: `HK$ ${moneyDisplay(moneyText(total))}`, loanNo: op.loan.loanNo }),
      content: t('waiver.confirmText'),
      okText: t('waiver.action'),
      cancelText: t('common:actions.cancel'),
      onOk: () => run.mutateAsync({ loanId: op.loan.loanId, ...amounts, reason: present(v.reason)!, idempotencyKey: key }).catch(() => undefined),
    });
  };
  const rows = COMPONENTS.map((c) => ({ key: c, component: c, outstanding: outstanding[c] }));
  return (
    <Modal
      open
      width={640}
      title={t('waiver.title')}
      okText={t('waiver.action')}
      okButtonProps={{ loading: run.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="waive" onFinish={submit}>
        {/* one row per component, wrapping on a phone: the figure, "in full", the amount */}
        <div role="group" aria-label={t('waiver.title')}>
          {rows.map((r) => {
            const name = t(`waiver.${r.component}`);
            const none = !dec(r.outstanding).gt(0);
            return (
              <Flex key={r.key} wrap gap={12} align="center" justify="space-between" style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0' }} data-component={r.component}>
                <div style={{ minWidth: 180 }}>
                  <Typography.Text strong>{name}</Typography.Text>
                  <Flex gap={8} align="baseline">
                    <Typography.Text type="secondary">{t('waiver.outstanding')}</Typography.Text>
                    <div style={{ minWidth: 96 }}>
                      <Money value={r.outstanding} />
                    </div>
                  </Flex>
                </div>
                <Flex gap={12} align="center">
                  <Form.Item name={`${r.component}Whole`} valuePropName="checked" noStyle>
                    <Checkbox aria-label={`${name} ${t('waiver.inFull')}`} disabled={none}>
                      {t('waiver.inFull')}
                    </Checkbox>
                  </Form.Item>
                  <div style={{ width: 150 }}>
                    {whole[r.component] ? (
                      <div style={{ textAlign: 'right' }}>
                        <Money value={r.outstanding} />
                      </div>
                    ) : (
                      <Form.Item name={r.component} style={{ margin: 0 }} rules={[{ pattern: /^\d{1,14}(\.\d{1,2})?$/, message: t('validation:money') }]}>
                        <DecimalInput grouped aria-label={`${name} ${t('waiver.amount')}`} disabled={none} placeholder={t('waiver.amount')} />
                      </Form.Item>
                    )}
                  </div>
                </Flex>
              </Flex>
            );
          })}
        </div>
        <Form.Item name="reason" label={t('waiver.reason')} style={{ marginTop: 16 }} rules={[{ required: true, whitespace: true, message: t('validation:required') }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('waiver.reasonPlaceholder')} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

/** A waiver voided (entered in error): a reason and a confirmation. */
function VoidWaiverDialog({ w, onClose }: { w: WaiverItem; onClose: () => void }) {
  const { t } = useTranslation('repayments');
  const { confirm, message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string>();
  const run = useMutation({
    mutationFn: waiverApi.void,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['repayments'] });
      void message.success(t('waiver.voided'));
      onClose();
    },
    onError: (err: Error) => setError(err.message),
  });
  const submit = (v: { reason: string }) =>
    confirm({
      title: t('waiver.voidTitle'),
      content: t('waiver.voidText'),
      okText: t('waiver.void'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => run.mutateAsync({ waiverId: w.id, reason: v.reason.trim() }).catch(() => undefined),
    });
  return (
    <Modal open title={t('waiver.voidTitle')} okText={t('waiver.void')} okButtonProps={{ danger: true, loading: run.isPending }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" name={`void-waiver-${w.id}`} onFinish={submit}>
        <Form.Item name="reason" label={t('waiver.voidReason')} rules={[{ required: true, whitespace: true, message: t('validation:required') }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

/** The loan's waivers, newest first, voided ones too, with reason and staff; the latest standing one may be voided. */
export function WaiverTable({ waivers, mayVoid }: { waivers: WaiverItem[]; mayVoid: boolean }) {
  const { t } = useTranslation('repayments');
  const box = useFocusableScroll(t('waiver.history'));
  const [voiding, setVoiding] = useState<WaiverItem>();
  return (
    <div ref={box}>
      <Table<WaiverItem>
        size="small"
        rowKey="id"
        pagination={false}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        dataSource={waivers}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('waiver.none')} /> }}
        columns={[
          { key: 'date', title: t('waiver.date'), render: (_, w) => nowrap(<DateText value={w.waiveDate} />) },
          { key: 'oi', title: t('waiver.overdueInterest'), align: 'right', render: (_, w) => <Money value={w.overdueInterest} /> },
          { key: 'fee', title: t('waiver.fee'), align: 'right', render: (_, w) => <Money value={w.fee} /> },
          { key: 'total', title: t('waiver.total'), align: 'right', render: (_, w) => <Money value={w.total} /> },
          { key: 'reason', title: t('waiver.reason'), render: (_, w) => <Typography.Text style={{ maxWidth: 280, display: 'inline-block' }}>{w.reason}</Typography.Text> },
          { key: 'by', title: t('waiver.staff'), render: (_, w) => nowrap(w.createdByName ?? '—') },
          {
            key: 'state',
            title: '',
            render: (_, w) =>
              w.voided ? (
                <span title={[w.voidedOn, w.voidedByName, w.voidReason].filter(Boolean).join(' · ')}>
                  <Tag color="#a8071a">{t('waiver.voidedTag')}</Tag>
                </span>
              ) : mayVoid && w.latest ? (
                <Button size="small" danger type="link" icon={<StopOutlined aria-hidden />} onClick={() => setVoiding(w)}>
                  {t('waiver.void')}
                </Button>
              ) : null,
          },
        ]}
      />
      {voiding && <VoidWaiverDialog key={voiding.id} w={voiding} onClose={() => setVoiding(undefined)} />}
    </div>
  );
}
