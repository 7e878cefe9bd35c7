import { useId, useRef, useState } from 'react';
import { Alert, Checkbox, DatePicker, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { s18LastDay, s18NoteTiming, type S18NoteIssue } from '@harbour/domain';
import dayjs, { type Dayjs } from 'dayjs';
import type { LoanItem } from '@harbour/contracts';
import { DecimalInput } from '../../components/DecimalInput.js';
import { hongKongToday } from '../../components/format.js';
import { useDebounced } from '../../components/use-debounced.js';
import { moneyDisplay } from '../../components/format.js';
import { Rate } from '../../components/Rate.js';
import { RateLabel } from '../../components/RateLabel.js';
import { usePermission } from '../../components/Permission.js';
import { fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { resourceKeys } from '../../generic/use-resource';
import { loansApi, type LoanActionName } from './loans-api';
import { endpoints, type LoanActionBody } from '../../api/endpoints.js';
import { matchesMessage } from '../../i18n/message-match';
import { AffordabilityPanel } from './AffordabilityPanel';
import { loanPapersKey } from './papers/papers-model';
import { PayoutPanel } from './PayoutPanel';
import { focusFirstField, payoutKeyDown } from './payout-keys';

const DATE = 'YYYY-MM-DD';
const APPROVE_AMOUNTS = ['upfrontInterest', 'handlingFee', 'lateDrawdownFee', 'overduePenalty', 'lockPeriodFee'] as const;
const SUCCESS: Record<LoanActionName, string> = {
  submit: 'submitted',
  approve: 'approved',
  reject: 'rejected',
  return: 'returned',
  undoApproval: 'approvalUndone',
  signedNote: 'signedNote',
  suretyPack: 'suretyPack',
  payout: 'paidOut',
  cancel: 'cancelled',
};

type Values = Record<string, unknown>;

/** The refusal of each s.18 timing issue (the server's message keys). */
const S18_MESSAGES: Record<S18NoteIssue['code'], string> = {
  noteBeforeAgreement: 'signedNoteBeforeAgreement',
  noteInFuture: 'signedNoteInFuture',
  noteTooLate: 'signedNoteTooLate',
  payoutBeforeNote: 'payoutBeforeSignedNote',
};

/** The steps the server stops while anyone on the application is blacklisted (unless a reason is given). */
const BLACKLIST_CHECKED: ReadonlySet<LoanActionName> = new Set(['submit', 'approve', 'payout']);

/** The body an action sends: dates as YYYY-MM-DD, empty inputs left out. */
export function actionBody(values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    out[k] = dayjs.isDayjs(v) ? (v as Dayjs).format(DATE) : v;
  }
  return out;
}

/** Mounted per opening (keyed by the action), so each opening starts blank. */
/** A deduction as typed, sent only once it reads as an amount. */
const typedAmount = (v: unknown) => (typeof v === 'string' && /^\d+(\.\d{1,2})?$/.test(v.trim()) ? v.trim() : undefined);

/**
 * The approve dialog's live figure: the effective annual rate (s.24, fees included) after the
 * up-front interest and handling fee being typed, from the server's own rate check, and why the
 * approval would be refused on it — before the approver presses 批核.
 */
function ApprovalRate({ loanId, upfrontInterest, handlingFee }: { loanId: number; upfrontInterest: unknown; handlingFee: unknown }) {
  const { t } = useTranslation('loans');
  // debounced as text: a new object each render would restart the pause forever
  const typed = useDebounced(JSON.stringify({ upfrontInterest: typedAmount(upfrontInterest), handlingFee: typedAmount(handlingFee) }), 300);
  const deductions = JSON.parse(typed) as { upfrontInterest?: string; handlingFee?: string };
  const quote = useQuery({
    queryKey: ['loans', loanId, 'approvalQuote', deductions],
    queryFn: ({ signal }) => loansApi.approvalQuote(loanId, deductions, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!quote.data) return null;
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[{ key: 'rate', label: <RateLabel label={t('fields.approvalRate')} hint={t('rateHints.mloRate')} />, children: <div style={{ textAlign: 'right' }}><Rate value={quote.data.rate} /></div> }]}
      />
      {quote.data.refusal && <Alert type="error" showIcon title={quote.data.refusal} style={{ marginBottom: 12 }} />}
    </>
  );
}

interface Props {
  loan: LoanItem;
  action: LoanActionName | undefined;
  onClose: () => void;
  /** The server's refusal that opened the dialog (the application form's "save and submit" hit the blacklist). */
  initialError?: string;
}

/**
 * One action on a loan, confirmed in a dialog with what it needs: a reason, the approval's terms,
 * the signed note's date, or the payout's date and method with the payout quote shown before the
 * confirm button. When the server asks for more (a blacklist hit a manager may override, a rate
 * above the company's maximum APR to confirm) the dialog offers that field and shows why.
 */
export function LoanActionDialog({ loan, action, onClose, initialError }: Props) {
  const { t, i18n } = useTranslation('loans');
  const name = useId();
  const [form] = Form.useForm<Values>();
  const qc = useQueryClient();
  const { message, confirm } = useFeedback();
  const box = useRef<HTMLDivElement>(null);
  const mayOverride = usePermission('loan.blacklistOverride');
  const [error, setError] = useState<string | undefined>(initialError);
  const [askOverride, setAskOverride] = useState(
    () => action === 'submit' && mayOverride && !!initialError && matchesMessage(i18n, i18n.language, 'loans', 'errors.blacklisted', initialError),
  );
  const [askExcess, setAskExcess] = useState(false);
  // The ratio above the limit asks for the reason; so does the server's refusal (the limit may have changed since the loan was read).
  const [askAffordabilityReason, setAskAffordabilityReason] = useState(() => loan.affordability.required && loan.affordability.aboveLimit);
  const today = dayjs(hongKongToday());

  const payoutDate = Form.useWatch('payoutDate', form) as Dayjs | undefined;
  const upfrontInterest = Form.useWatch('upfrontInterest', form) as unknown;
  const handlingFee = Form.useWatch('handlingFee', form) as unknown;
  const method = Form.useWatch('method', form) as string | undefined;
  const quoteDate = action === 'payout' && payoutDate ? payoutDate.format(DATE) : undefined;
  const quote = useQuery({
    queryKey: ['loans', loan.id, 'payoutQuote', quoteDate],
    queryFn: ({ signal }) => loansApi.payoutQuote(loan.id, quoteDate!, signal),
    enabled: quoteDate !== undefined,
  });
  // The quote says why a payout on the date would be refused (the rate and what pushed it) before
  // the user confirms; a refusal the company lets the user overrule asks for the confirmation box.
  const refusal = quote.data?.refusal ?? null;
  const confirmed = Form.useWatch('confirmExcess', form) as boolean | undefined;
  const payoutBlocked = action === 'payout' && (!quote.data || (!!refusal && !(refusal.needsConfirmation && confirmed)));

  const run = useMutation({
    // The dialog's fields for this action; the server's schema of the action checks them.
    mutationFn: (values: Values) => loansApi.act(loan.id, action!, actionBody(values) as LoanActionBody<LoanActionName>),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: resourceKeys.all(endpoints.loans.list.path) });
      await qc.invalidateQueries({ queryKey: resourceKeys.all(endpoints.loans.approvals.path) });
      await qc.invalidateQueries({ queryKey: resourceKeys.all(endpoints.loans.payouts.path) });
      // the papers the loan has follow its status (the payout receipt once paid out): never the ones read before
      await qc.invalidateQueries({ queryKey: loanPapersKey(loan.id) });
      message.success(t(`success.${SUCCESS[action!]}`));
      onClose();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      form.setFields(fields.map((e) => ({ name: e.field.split('.')[0]!, errors: [e.message] })));
      const text = err instanceof Error ? err.message : String(err);
      setError(fields.length ? undefined : text);
      const lang = i18n.language;
      // the blacklist stops submission, approval and payout alike; a holder of the override key may give a reason
      if (BLACKLIST_CHECKED.has(action!) && mayOverride && matchesMessage(i18n, lang, 'loans', 'errors.blacklisted', text)) setAskOverride(true);
      if (action === 'approve' && matchesMessage(i18n, lang, 'loans', 'errors.confirmMaxApr', text)) setAskExcess(true);
      if (action === 'approve' && matchesMessage(i18n, lang, 'loans', 'errors.dtiAboveLimit', text)) setAskAffordabilityReason(true);
    },
  });

  if (!action) return null;
  const title = t(action === 'signedNote' && loan.signedNoteReceivedOn ? 'actions.signedNoteAgain' : `actions.${action}`);
  // The s.18 timing the server checks at payout, shown before the confirm (the server still decides).
  const issue =
    action === 'payout' && loan.signedNoteReceivedOn && quoteDate
      ? s18NoteTiming({ agreementDate: loan.loanDate, noteDate: loan.signedNoteReceivedOn, today: hongKongToday(), payoutDate: quoteDate })
      : null;
  const timing = issue ? t(`errors.${S18_MESSAGES[issue.code]}`, issue) : undefined;
  const payoutDisabled = payoutBlocked || (action === 'payout' && timing !== undefined);
  // Ctrl+Enter on the payout form: the payout's own confirmation (amount, method, borrower), then the post.
  const askPayout = () => {
    if (payoutDisabled || !quote.data) return;
    void form.validateFields().then(
      (values) =>
        confirm({
          title,
          content: t('op.confirmPayout', {
            amount: moneyDisplay(quote.data!.amountReceived),
            method: t(`enums:payoutMethod.${String(values.method)}`),
            name: loan.customer.name,
            loanNo: loan.loanNo ?? loan.applyNo,
          }),
          okText: title,
          autoFocusButton: 'ok',
          onOk: () => run.mutateAsync(values).catch(() => undefined),
        }),
      () => undefined,
    );
  };
  const okButton = () => box.current?.closest('.ant-modal')?.querySelector<HTMLElement>('.ant-modal-footer .ant-btn-primary') ?? null;
  const reason = (field: 'remarks' | 'reason') => (
    <Form.Item name={field} label={t('fields.reason')} required>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={field === 'reason' ? 500 : 1000} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={title}
      okText={title}
      cancelText={t('common:actions.close')}
      okButtonProps={{ danger: action === 'cancel' || action === 'reject', disabled: payoutDisabled }}
      confirmLoading={run.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={action === 'payout' ? 1040 : action === 'approve' ? 640 : 480}
      // the payout dialog opens ready for the keyboard (its first field focused)
      afterOpenChange={(open) => open && action === 'payout' && focusFirstField(box.current)}
      style={action === 'payout' ? { top: 24 } : undefined}
    >
      {action !== 'payout' && <Typography.Paragraph>{t('op.confirmAction', { action: title })}</Typography.Paragraph>}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <div ref={box} onKeyDownCapture={action === 'payout' ? (e) => payoutKeyDown(e, askPayout, okButton) : undefined}>
        <Form<Values>
          form={form}
          name={name}
          layout="vertical"
          onFinish={(v) => run.mutate(v)}
          initialValues={{ receivedOn: today, givenOn: today, payoutDate: today, method: 'cheque' }}
        >
          {BLACKLIST_CHECKED.has(action) && askOverride && (
            <Form.Item name="overrideReason" label={t('fields.overrideReason')} required>
              <Input.TextArea autoSize={{ minRows: 2 }} maxLength={500} />
            </Form.Item>
          )}
          {action === 'cancel' && reason('reason')}
          {(action === 'reject' || action === 'return' || action === 'undoApproval') && reason('remarks')}
          {action === 'approve' && (
            <>
              <AffordabilityPanel a={loan.affordability} />
              {askAffordabilityReason && (
                <Form.Item name="affordabilityReason" label={t('fields.affordabilityReason')} rules={[{ required: true, whitespace: true, message: t('validation:required') }]}>
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
                </Form.Item>
              )}
              <Form.Item name="overdueRate" label={t('fields.overdueRate')}>
                <DecimalInput suffix="%" />
              </Form.Item>
              {APPROVE_AMOUNTS.map((f) => (
                <Form.Item key={f} name={f} label={t(`fields.${f}`)}>
                  <DecimalInput grouped prefix="HK$" />
                </Form.Item>
              ))}
              <ApprovalRate loanId={loan.id} upfrontInterest={upfrontInterest} handlingFee={handlingFee} />
              <Form.Item name="earlySettleLockMonths" label={t('fields.earlySettleLockMonths')}>
                <Input inputMode="numeric" />
              </Form.Item>
              <Form.Item name="placeOfNegotiation" label={t('fields.placeOfNegotiation')}>
                <Input maxLength={128} />
              </Form.Item>
              <Form.Item name="remarks" label={t('fields.remarks')}>
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
              </Form.Item>
              {askExcess && (
                <Form.Item name="confirmExcess" valuePropName="checked">
                  <Checkbox>{t('fields.confirmExcess')}</Checkbox>
                </Form.Item>
              )}
            </>
          )}
          {action === 'signedNote' && (
            <>
              <Typography.Paragraph type="secondary">{t('op.signedNoteDue', { date: s18LastDay(loan.loanDate), agreementDate: loan.loanDate })}</Typography.Paragraph>
              <Form.Item name="receivedOn" label={t('fields.receivedOn')} required>
                <DatePicker format={DATE} style={{ width: '100%' }} allowClear={false} />
              </Form.Item>
            </>
          )}
          {action === 'suretyPack' && (
            <>
              <Typography.Paragraph type="secondary">{t('op.suretyPackDue', { date: loan.suretyPack?.dueBy ?? s18LastDay(loan.loanDate) })}</Typography.Paragraph>
              <Form.Item name="givenOn" label={t('fields.givenOn')} required>
                <DatePicker format={DATE} style={{ width: '100%' }} allowClear={false} />
              </Form.Item>
            </>
          )}
          {action === 'payout' && <PayoutPanel loan={loan} method={method} quote={quote.data} loading={quote.isFetching} timing={timing} refusal={refusal} />}
        </Form>
      </div>
    </Modal>
  );
}
