import { useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Modal, Radio, Select, Space, Spin, Tag } from 'antd';
import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { moneyDisplay } from '../../components/format.js';
import { REPAYMENT_CORRECTIONS, repaymentResource, type RepaymentCorrection, type RepaymentItem, type RepaymentListItem, type ResourceField } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { Money } from '../../components/Money.js';
import { usePermission } from '../../components/Permission.js';
import { DateTimeText } from '../../generic/DateTimeText';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { RowAction } from '../../generic/RowAction';
import { useFeedback } from '../../generic/use-feedback';
import { resourceKeys, type Row } from '../../generic/use-resource';
import { AllocationTable } from './RepaymentProcessPage';
import { ReceiptView } from './ReceiptView';
import { repaymentsApi } from './repayments-api';
import { isApprovalRequested } from '../approvals/approvals-api';

/** The declared list, without "create" (receipts are posted at the counter) and with the corrected filter. */
const listDecl = {
  ...repaymentResource,
  permissions: { list: repaymentResource.permissions.list },
  fields: [
    ...repaymentResource.fields,
    { name: 'corrected', kind: 'enum', label: 'repayments:filters.corrected', options: ['yes', 'no'], filter: 'enum' } satisfies ResourceField,
  ],
};

const asItem = (row: Row) => row as unknown as RepaymentListItem;

export function CorrectionTag({ r }: { r: Pick<RepaymentListItem, 'correction'> }) {
  const { t } = useTranslation('repayments');
  return r.correction ? <Tag color="#a8071a">{t(`enums:repaymentCorrection.${r.correction}`)}</Tag> : <Tag color="#237804">{t('list.standing')}</Tag>;
}

/** Void or refund a receipt: the kind, a reason, and a confirmation. */
export function CorrectDialog({ r, onClose, onDone = onClose }: { r: Pick<RepaymentListItem, 'id' | 'repayNo' | 'received'>; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation('repayments');
  const { confirm, message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ kind: RepaymentCorrection; reason: string }>();
  const [error, setError] = useState<string>();
  const run = useMutation({
    mutationFn: (v: { kind: RepaymentCorrection; reason: string }) => repaymentsApi.correct(r.id, v),
    onSuccess: (answer) => {
      // under four eyes the void waits for a second person: say so, never "voided"
      if (isApprovalRequested(answer)) void message.info(t('approvals:success.requested'));
      else void message.success(t('success.corrected'));
      void qc.invalidateQueries({ queryKey: ['approvals'] });
      void qc.invalidateQueries({ queryKey: resourceKeys.all(repaymentResource.path) });
      void qc.invalidateQueries({ queryKey: ['repayments'] });
      onDone();
    },
    onError: (err: Error) => setError(err.message),
  });
  const submit = (v: { kind: RepaymentCorrection; reason: string }) =>
    confirm({
      title: t('list.correctTitle', { repayNo: r.repayNo }),
      content: t('list.confirmCorrect', { repayNo: r.repayNo, amount: moneyDisplay(r.received) }),
      okButtonProps: { danger: true },
      okText: t('actions.correct'),
      onOk: () => run.mutateAsync(v).catch(() => undefined),
    });
  return (
    <Modal open title={t('list.correctTitle', { repayNo: r.repayNo })} okText={t('actions.correct')} okButtonProps={{ danger: true, loading: run.isPending }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" name={`correct-${r.id}`} initialValues={{ kind: 'void' }} onFinish={submit}>
        <Form.Item name="kind" label={t('list.kind')}>
          <Radio.Group optionType="button" options={REPAYMENT_CORRECTIONS.map((k) => ({ value: k, label: t(`enums:repaymentCorrection.${k}`) }))} />
        </Form.Item>
        <Form.Item name="reason" label={t('fields.reason')} rules={[{ required: true, whitespace: true, message: t('validation:required') }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

/**
 * One receipt: its figures, its lines, its correction, and the receipt to print; "Void / refund"
 * in its header when it is the loan's latest standing receipt and the caller holds `repayment.void`
 * (under four eyes the dialog says the request went for approval). `initial`: the receipt already
 * in hand (the repayment operation page's), shown without asking the server again.
 */
export function ReceiptDrawer({ id, initial, onClose }: { id: number; initial?: RepaymentItem; onClose: () => void }) {
  const { t } = useTranslation('repayments');
  const mayCorrect = usePermission('repayment.void');
  const [correcting, setCorrecting] = useState(false);
  const item = useQuery({
    queryKey: resourceKeys.item(repaymentResource.path, id),
    queryFn: ({ signal }) => repaymentsApi.get(id, signal),
    enabled: !initial,
  });
  const r: RepaymentItem | undefined = initial ?? item.data;
  return (
    <Drawer
      open
      size="large"
      title={r ? t('list.detail', { repayNo: r.repayNo }) : ''}
      onClose={onClose}
      extra={
        mayCorrect &&
        r?.latest &&
        !r.correction && (
          <Button danger icon={<RollbackOutlined />} onClick={() => setCorrecting(true)}>
            {t('actions.correct')}
          </Button>
        )
      }
    >
      {correcting && r && (
        <CorrectDialog
          r={r}
          onClose={() => setCorrecting(false)}
          onDone={() => {
            setCorrecting(false);
            onClose();
          }}
        />
      )}
      {!r ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'loanNo', label: t('fields.loanNo'), children: r.loanNo },
              { key: 'customer', label: t('fields.customerName'), children: r.customerName },
              { key: 'store', label: t('fields.store'), children: r.storeName },
              { key: 'date', label: t('fields.repayDate'), children: <DateText value={r.repayDate} /> },
              { key: 'type', label: t('fields.repayType'), children: t(`enums:repayType.${r.repayType}`) + (r.tenor ? ` · ${r.tenor}` : '') },
              { key: 'method', label: t('fields.method'), children: t(`enums:paymentMethod.${r.method}`) + (r.chequeNo ? ` · ${r.chequeNo}` : '') },
              { key: 'by', label: t('fields.createdBy'), children: r.createdByName ?? '—' },
              { key: 'at', label: t('list.createdAt'), children: <DateTimeText value={r.createdAt} /> },
              { key: 'remarks', label: t('fields.remarks'), children: r.remarks ?? '—' },
              { key: 'correction', label: t('fields.correction'), children: <CorrectionTag r={r} /> },
              ...(r.correction
                ? [
                    { key: 'reason', label: t('fields.reason'), children: r.correctionReason ?? '—' },
                    { key: 'on', label: t('list.correctedOn'), children: <DateText value={r.correctedOn} /> },
                    { key: 'cby', label: t('list.correctedBy'), children: r.correctedByName ?? '—' },
                  ]
                : []),
            ]}
          />
          <AllocationTable a={r} />
          <ReceiptView receipt={r} />
        </Flex>
      )}
    </Drawer>
  );
}

/**
 * Repayment → list (spec §2): the declared list with its filters (and corrected yes/no), a row's
 * receipt in a drawer with its lines and the receipt to print, and "Void / refund" on the loan's
 * latest standing receipt for a holder of `repayment.void`.
 */
export default function RepaymentListPage() {
  const { t } = useTranslation('repayments');
  const mayCorrect = usePermission('repayment.void');
  const [open, setOpen] = useState<number>();
  const [correcting, setCorrecting] = useState<RepaymentListItem>();
  const cells = useMemo(
    () => ({
      // A corrected receipt carries its correction beside its number, where the eye starts.
      repayNo: (row: Row) => {
        const r = asItem(row);
        return (
          <Space size={4} style={{ whiteSpace: 'nowrap' }}>
            {r.repayNo}
            {r.correction && <CorrectionTag r={r} />}
          </Space>
        );
      },
      received: (row: Row) => <Money value={asItem(row).received} />,
    }),
    [],
  );
  const filterControls = useMemo(
    () => ({ corrected: <Select allowClear style={{ width: 180 }} options={(['yes', 'no'] as const).map((v) => ({ value: v, label: t(`filters.${v}`) }))} /> }),
    [t],
  );
  return (
    <>
      <ResourceListPage
        decl={listDecl}
        cells={cells}
        filterControls={filterControls}
        extraColumns={[
          { key: 'tempAmount', title: t('fields.tempAmount'), align: 'right', render: (_, row) => <Money value={asItem(row).tempAmount} /> },
        ]}
        onOpen={(row) => setOpen(Number(row.id))}
        rowActions={(row) => {
          const r = asItem(row);
          return (
            <Space size={0}>
              <RowAction
                icon={<EyeOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  setOpen(r.id);
                }}
              >
                {t('list.view')}
              </RowAction>
              {mayCorrect && r.latest && !r.correction && (
                <RowAction
                  danger
                  icon={<RollbackOutlined />}
                  onClick={(e) => {
                    e.stopPropagation();
                    setCorrecting(r);
                  }}
                >
                  {t('actions.correct')}
                </RowAction>
              )}
            </Space>
          );
        }}
      />
      {open !== undefined && <ReceiptDrawer key={open} id={open} onClose={() => setOpen(undefined)} />}
      {correcting && <CorrectDialog key={correcting.id} r={correcting} onClose={() => setCorrecting(undefined)} />}
    </>
  );
}
