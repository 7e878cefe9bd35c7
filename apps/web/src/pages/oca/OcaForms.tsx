import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Descriptions, Form, Input, Modal, Select, Typography } from 'antd';
import { DollarOutlined, PlusCircleOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { PAYMENT_METHODS, type CollectionAgent, type CollectionLoan, type PermissionKey } from '@harbour/contracts';
import { DecimalInput } from '../../components/DecimalInput';
import { Money } from '../../components/Money';
import { Permission, usePermission } from '../../components/Permission';
import { hongKongToday, moneyDisplay } from '../../components/format';
import { DATE_FORMAT } from '../../generic/form-values';
import { RowAction } from '../../generic/RowAction';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { ocaApi } from './oca-api';

const future = (v: Dayjs) => v.format(DATE_FORMAT) > hongKongToday();

/**
 * A collection step's form in a dialog: a button (or a row action when `compact`) opens it; on
 * submit a confirmation names what will happen, then `run` posts it. The server's field errors go
 * under their fields, any other refusal (a rule of §8) is shown in the dialog in the caller's language.
 */
function FormDialog<V extends object, T>({
  need,
  label,
  title,
  icon,
  primary,
  compact,
  danger,
  fields,
  initial,
  intro,
  confirm,
  run,
  done,
  onDone,
  children,
}: {
  need: PermissionKey;
  label: string;
  title?: string;
  icon: ReactNode;
  primary?: boolean;
  compact?: boolean;
  danger?: boolean;
  fields: readonly string[];
  initial: () => Partial<V>;
  intro?: ReactNode;
  confirm: (v: V) => string;
  run: (v: V) => Promise<T>;
  done: string;
  onDone?: (answer: T) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('collection');
  const { message, confirm: ask } = useFeedback();
  const formName = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<V>();
  const change = useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      void message.success(done);
      setOpen(false);
      onDone?.(answer);
    },
    onError: (err) => {
      applyServerErrors(form, err, fields);
      setError(err.message);
    },
  });
  const show = () => {
    setError(null);
    setOpen(true);
  };
  return (
    <Permission need={need}>
      {compact ? (
        <RowAction icon={icon} danger={danger} onClick={show}>
          {label}
        </RowAction>
      ) : (
        <Button type={primary ? 'primary' : 'default'} icon={icon} onClick={show}>
          {label}
        </Button>
      )}
      <Modal
        open={open}
        title={title ?? label}
        okText={t('forms.ok')}
        cancelText={t('forms.cancel')}
        okButtonProps={{ htmlType: 'submit', form: formName, loading: change.isPending }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {intro}
        <Form
          form={form}
          name={formName}
          layout="vertical"
          initialValues={initial()}
          onFinish={(v: V) => {
            setError(null);
            ask({ title: label, content: confirm(v), okText: t('forms.ok'), cancelText: t('forms.cancel'), onOk: () => change.mutateAsync(v).catch(() => undefined) });
          }}
        >
          {children}
        </Form>
        {error && <Alert type="error" showIcon title={error} />}
      </Modal>
    </Permission>
  );
}

const key = () => crypto.randomUUID();

function MethodField() {
  const { t } = useTranslation('collection');
  return (
    <Form.Item name="method" label={t('fields.method')} rules={[{ required: true, message: t('validation:required') }]}>
      <Select options={PAYMENT_METHODS.map((v) => ({ value: v, label: t(`enums:paymentMethod.${v}`) }))} />
    </Form.Item>
  );
}

/** Money moved on a date (a recovery, a payment to an agent): amount, date, method, remarks. */
function MoneyFields() {
  const { t } = useTranslation('collection');
  return (
    <>
      <Form.Item name="amount" label={t('fields.amount')} rules={[{ required: true, message: t('validation:required') }]}>
        <DecimalInput grouped />
      </Form.Item>
      <DateField name="date" label={t('fields.date')} />
      <MethodField />
      <Form.Item name="remarks" label={t('fields.remarks')}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}

function DateField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('collection');
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('validation:required') }]}>
      <DatePicker format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} disabledDate={future} />
    </Form.Item>
  );
}

interface TransferValues {
  loanId?: number;
  agentId?: number;
  ocaDate: Dayjs;
  chargePercent?: string;
  solicitorFee?: string;
  remarks?: string;
}

/** "Transfer to OCA": an overdue repaying loan, the agent (its charge percent prefilled), OCA date, fee. */
export function TransferButton({ agents, onDone }: { agents: CollectionAgent[]; onDone: () => void }) {
  const { t } = useTranslation('collection');
  const [search, setSearch] = useState('');
  // only for holders of the key (the list's other readers would be answered 403)
  const allowed = usePermission('oca.transfer');
  const overdue = useQuery({ queryKey: ['collection', 'overdue', search], queryFn: ({ signal }) => ocaApi.overdueLoans(search, signal), enabled: allowed });
  const usable = agents.filter((a) => a.state === 'normal');
  const loanLabel = (loanId: number | undefined) => overdue.data?.find((l) => l.loanId === loanId)?.loanNo ?? '';
  const agentName = (agentId: number | undefined) => agents.find((a) => a.agentId === agentId)?.name ?? '';
  return (
    <FormDialog<TransferValues, CollectionLoan>
      need="oca.transfer"
      label={t('list.transfer')}
      icon={<SendOutlined />}
      primary
      fields={['loanId', 'agentId', 'ocaDate', 'chargePercent', 'solicitorFee', 'remarks']}
      initial={() => ({ ocaDate: dayjs(hongKongToday()) })}
      confirm={(v) => t('questions.confirmTransfer', { loanNo: loanLabel(v.loanId), agent: agentName(v.agentId) })}
      run={(v) =>
        ocaApi.transfer({
          loanId: v.loanId!,
          agentId: v.agentId!,
          ocaDate: v.ocaDate.format(DATE_FORMAT),
          chargePercent: v.chargePercent || undefined,
          solicitorFee: v.solicitorFee || undefined,
          remarks: v.remarks || undefined,
        })
      }
      done={t('success.transferred')}
      onDone={onDone}
    >
      <TransferFields overdue={overdue.data ?? []} loading={overdue.isFetching} onSearch={setSearch} agents={usable} />
    </FormDialog>
  );
}

function TransferFields({
  overdue,
  loading,
  onSearch,
  agents,
}: {
  overdue: { loanId: number; loanNo: string; customerName: string; overdueTenors: number; overdueAmount: string }[];
  loading: boolean;
  onSearch: (s: string) => void;
  agents: CollectionAgent[];
}) {
  const { t } = useTranslation('collection');
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item name="loanId" label={t('forms.loan')} rules={[{ required: true, message: t('validation:required') }]}>
        <Select
          showSearch={{ filterOption: false, onSearch }}
          loading={loading}
          placeholder={t('forms.loanSearch')}
          options={overdue.map((l) => ({
            value: l.loanId,
            label: t('forms.loanOption', { loanNo: l.loanNo, name: l.customerName, tenors: l.overdueTenors, amount: moneyDisplay(l.overdueAmount) }),
          }))}
        />
      </Form.Item>
      <Form.Item name="agentId" label={t('fields.agent')} rules={[{ required: true, message: t('validation:required') }]}>
        <Select
          options={agents.map((a) => ({ value: a.agentId, label: `${a.name} (${a.chargePercent}%)` }))}
          onChange={(id: number) => form.setFieldValue('chargePercent', agents.find((a) => a.agentId === id)?.chargePercent)}
        />
      </Form.Item>
      <DateField name="ocaDate" label={t('fields.ocaDate')} />
      <Form.Item name="chargePercent" label={t('fields.chargePercent')}>
        <DecimalInput />
      </Form.Item>
      <Form.Item name="solicitorFee" label={t('fields.solicitorFee')}>
        <DecimalInput grouped />
      </Form.Item>
      <Form.Item name="remarks" label={t('fields.remarks')}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}

interface RecoveryValues {
  amount?: string;
  date: Dayjs;
  method: string;
  remarks?: string;
}

/** "Record recovery" on an OCA loan (a receipt plus the agent's charge) or a written-off loan (income). */
export function RecoveryAction({ loan, onDone }: { loan: CollectionLoan; onDone: () => void }) {
  const { t } = useTranslation('collection');
  const [formKey, setFormKey] = useState(key);
  return (
    <FormDialog<RecoveryValues, unknown>
      need="oca.recovery"
      compact
      label={t('actions.recover')}
      title={t('forms.recoverTitle', { loanNo: loan.loanNo ?? '' })}
      icon={<PlusCircleOutlined />}
      fields={['amount', 'date', 'method', 'remarks']}
      initial={() => ({ date: dayjs(hongKongToday()), method: 'cash' })}
      intro={
        <Typography.Paragraph type="secondary">
          {t('forms.recoverIntro', { percent: loan.status === 'oca' ? (loan.chargePercent ?? '0') : '0' })}
        </Typography.Paragraph>
      }
      confirm={(v) => t('questions.confirmRecovery', { loanNo: loan.loanNo ?? '', amount: moneyDisplay(v.amount ?? '0') })}
      run={(v) =>
        ocaApi.recover({ loanId: loan.loanId, amount: v.amount ?? '', date: v.date.format(DATE_FORMAT), method: v.method as never, remarks: v.remarks || undefined, idempotencyKey: formKey })
      }
      done={t('success.recovered')}
      onDone={() => {
        setFormKey(key());
        onDone();
      }}
    >
      <MoneyFields />
    </FormDialog>
  );
}

interface PaymentValues {
  amount?: string;
  date: Dayjs;
  method: string;
  remarks?: string;
}

/** "Pay agent": part or all of what the agent is owed (prefilled), never more (the server refuses). */
export function PayAgentAction({ agent, onDone }: { agent: CollectionAgent; onDone: () => void }) {
  const { t } = useTranslation('collection');
  const [formKey, setFormKey] = useState(key);
  return (
    <FormDialog<PaymentValues, unknown>
      need="oca.agentPayment"
      compact
      label={t('agents.pay')}
      title={t('agents.payTitle', { agent: agent.name })}
      icon={<DollarOutlined />}
      fields={['amount', 'date', 'method', 'remarks']}
      initial={() => ({ amount: agent.owed, date: dayjs(hongKongToday()), method: 'bank-transfer' })}
      intro={
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'charged', label: t('fields.charged'), children: <Money value={agent.charged} /> },
              { key: 'paid', label: t('fields.paid'), children: <Money value={agent.paid} /> },
              { key: 'owed', label: t('fields.owed'), children: <Money value={agent.owed} /> },
            ]}
          />
          <Typography.Paragraph type="secondary">{t('agents.owedNow')}</Typography.Paragraph>
        </>
      }
      confirm={(v) => t('questions.confirmPay', { agent: agent.name, amount: moneyDisplay(v.amount ?? '0') })}
      run={(v) => ocaApi.payAgent({ agentId: agent.agentId, amount: v.amount ?? '', date: v.date.format(DATE_FORMAT), method: v.method as never, remarks: v.remarks || undefined, idempotencyKey: formKey })}
      done={t('success.agentPaid')}
      onDone={() => {
        setFormKey(key());
        onDone();
      }}
    >
      <MoneyFields />
    </FormDialog>
  );
}
