import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Result, Space, Spin, Table, Typography } from 'antd';
import { EditOutlined, FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dec, moneyText } from '@harbour/domain';
import { LOANS_PATH, type ApprovalItem, type LoanItem, type PermissionKey, type ReloanLink } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { formatDate } from '../../components/format.js';
import { Money } from '../../components/Money.js';
import { usePermission } from '../../components/Permission.js';
import { Rate } from '../../components/Rate.js';
import { DateTimeText } from '../../generic/DateTimeText';
import { resourceKeys } from '../../generic/use-resource';
import { useFocusableScroll } from '../../generic/use-focusable-scroll';
import { ScheduleTable } from '../tools/ScheduleTable';
import { LoanActionDialog } from './LoanActionDialog';
import { PayoutReceiptButton, PrintMenu } from './papers/PrintMenu';
import { SettlementButton } from '../repayments/settlement/SettlementButton';
import { LoanStatusTag, useOptionChoices } from './LoanListView';
import { LoanDocuments } from './LoanDocuments';
import { SignedNoteCard, SuretyPackCard } from './S18Cards';
import { ConsentText, PartakerPhone } from './RefereeConsent';
import { loansApi, optionLabel, type LoanActionName } from './loans-api';
import { useStoreName } from './use-store-name';
import { rateDecimals, useDecimalPlaces } from './rate-decimals';
import { RateLabel } from '../../components/RateLabel.js';
import { annualRateItems } from './LoanRates';
import { useTabDetail } from '../../shell/use-tab-detail.js';
import { ContactsPanel } from '../collection-desk/ContactsPanel';

/** The buttons of a loan, in the order of the work, with the key each needs and when it applies. */
const BUTTONS: { action: LoanActionName; need: PermissionKey; offered: (l: LoanItem) => boolean; primary?: boolean; label?: (l: LoanItem) => string }[] = [
  { action: 'submit', need: 'loan.submit', offered: (l) => l.nextActions.includes('submit'), primary: true },
  { action: 'approve', need: 'approval.approve', offered: (l) => l.nextActions.includes('approve'), primary: true },
  { action: 'return', need: 'approval.return', offered: (l) => l.nextActions.includes('return') },
  { action: 'reject', need: 'approval.reject', offered: (l) => l.nextActions.includes('reject') },
  // recorded again when the note is signed again (the later date replaces the earlier, audited)
  {
    action: 'signedNote',
    need: 'payout.signedNote',
    offered: (l) => l.status === 'approved',
    primary: true,
    label: (l) => (l.signedNoteReceivedOn ? 'actions.signedNoteAgain' : 'actions.signedNote'),
  },
  { action: 'suretyPack', need: 'payout.signedNote', offered: (l) => l.suretyPack !== null && l.suretyPack.givenOn === null, primary: true },
  { action: 'payout', need: 'payout.confirm', offered: (l) => l.nextActions.includes('payout') && !!l.signedNoteReceivedOn, primary: true },
  { action: 'undoApproval', need: 'approval.undo', offered: (l) => l.nextActions.includes('undo_approval') },
  { action: 'cancel', need: 'loan.cancel', offered: (l) => l.nextActions.includes('cancel') },
];

function ActionButton({ loan, b, onRun }: { loan: LoanItem; b: (typeof BUTTONS)[number]; onRun: (a: LoanActionName) => void }) {
  const { t } = useTranslation('loans');
  const allowed = usePermission(b.need);
  if (!allowed || !b.offered(loan)) return null;
  // the server says why this person may not approve (maker ≠ checker, their level's amount): shown, not tried
  if (b.action === 'approve' && loan.approveRefusal)
    return (
      <Space size={8}>
        <Button type="primary" disabled>
          {t('actions.approve')}
        </Button>
        <Typography.Text type="secondary">{loan.approveRefusal}</Typography.Text>
      </Space>
    );
  return (
    // No pale red text (3.3:1) on cancel and reject: their dialogs confirm with a danger button.
    <Button type={b.primary ? 'primary' : 'default'} onClick={() => onRun(b.action)}>
      {t(b.label ? b.label(loan) : `actions.${b.action}`)}
    </Button>
  );
}

/** A loan the reloan links to, opened in the operation page (a real link: keyboard, new tab). */
function LoanLink({ link }: { link: ReloanLink }) {
  return (
    <Space size={8} wrap>
      <Link to={`/loan/operation?id=${link.id}`}>{link.loanNo ?? link.applyNo}</Link>
      <LoanStatusTag status={link.status} />
    </Space>
  );
}

/**
 * The reloan both ways (spec §3 reloan number): the loan this one refinances, with its early
 * settlement today while this one awaits payout (and the loan amount left after it, before the
 * approval's deductions), and the applications that refinance this one.
 */
function ReloanCard({ loan: l }: { loan: LoanItem }) {
  const { t } = useTranslation('loans');
  const today = l.reloanOf?.settlementToday;
  return (
    <Card title={t('op.reloan')}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, lg: 3 }}
        items={[
          ...(l.reloanOf ? [{ key: 'of', label: t('fields.reloanOf'), children: <LoanLink link={l.reloanOf} /> }] : []),
          ...(today
            ? [
                { key: 'settlement', label: t('op.settlementToday', { date: formatDate(today.asOf) }), children: <Money value={today.amount} /> },
                { key: 'net', label: t('op.netAfterSettlement'), children: <Money value={moneyText(dec(l.loanAmount).minus(today.amount))} /> },
              ]
            : []),
          ...(l.reloans.length > 0
            ? [{ key: 'by', label: t('fields.reloans'), children: <Space direction="vertical" size={4}>{l.reloans.map((r) => <LoanLink key={r.id} link={r} />)}</Space> }]
            : []),
        ]}
      />
    </Card>
  );
}

const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);

/**
 * A loan whole (spec §2 Loan operation, Approval detail, Payout detail): status, section A with
 * the computed figures, partakers, credit references, collateral, the approval history, the
 * signed note, the payout and the persisted schedule, and the actions the status allows and the
 * staff member's keys permit.
 */
export function LoanOperationView({ id }: { id: number }) {
  const { t, i18n } = useTranslation('loans');
  const navigate = useNavigate();
  const [action, setAction] = useState<LoanActionName>();
  const choices = useOptionChoices();
  const mayEdit = usePermission('loan.edit');
  const storeName = useStoreName();
  const decimalPlaces = useDecimalPlaces();
  const mayPrintForm = usePermission('tools.applicationForm');
  const box = useFocusableScroll(t('op.title', { applyNo: '' }).trim());
  const loan = useQuery({ queryKey: resourceKeys.item(LOANS_PATH, id), queryFn: ({ signal }) => loansApi.get(id, signal) });
  useTabDetail(loan.data ? (loan.data.loanNo ?? loan.data.applyNo) : undefined);
  if (loan.isError) return <Result status="404" title={t('op.notFound')} subTitle={loan.error.message} />;
  if (!loan.data) return <Spin />;
  const l = loan.data;
  const lang = i18n.language;
  const opt = (c: 'loanType' | 'purpose' | 'payoutMethod', code: string | null) => dash(optionLabel(choices.data, c, code, lang));
  const money = (v: string | null) => (v === null ? '—' : <Money value={v} />);
  const date = (v: string | null) => (v ? <DateText value={v} /> : '—');
  const totalRepayment = moneyText(dec(l.loanAmount).plus(dec(l.totalInterest)));

  return (
    <Flex vertical gap={16} ref={box}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('op.title', { applyNo: l.applyNo })}
            </Typography.Title>
            <LoanStatusTag status={l.status} />
            {l.loanNo && <Typography.Text type="secondary">{`${t('fields.loanNo')} ${l.loanNo}`}</Typography.Text>}
          </Space>
          <Space wrap>
            {l.status === 'pending' && mayEdit && (
              <Button icon={<EditOutlined />} onClick={() => navigate(`/loan/edit/${l.id}`)}>
                {t('op.edit')}
              </Button>
            )}
            {BUTTONS.map((b) => (
              <ActionButton key={b.action} loan={l} b={b} onRun={setAction} />
            ))}
            <PrintMenu loan={l} />
            <PayoutReceiptButton loan={l} />
            <SettlementButton loan={l} />
            {mayPrintForm && (
              <Button icon={<FileTextOutlined />} onClick={() => navigate(`/tools/applicationForm?id=${l.id}`)}>
                {t('formLayout:print.open')}
              </Button>
            )}
          </Space>
        </Flex>
        {l.cancelReason && <Alert style={{ marginTop: 12 }} type="info" showIcon title={`${t('fields.cancelReason')}: ${l.cancelReason}`} />}
      </Card>

      <Card title={t('op.terms')}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
          items={[
            { key: 'customer', label: t('fields.customer'), children: `${l.customer.name} · ${l.customer.idNumber} · ${l.customer.mobile1}` },
            { key: 'loanType', label: t('fields.loanType'), children: opt('loanType', l.loanType) },
            { key: 'store', label: t('fields.store'), children: storeName(l.storeId, l.storeName) },
            { key: 'loanAmount', label: t('fields.loanAmount'), children: money(l.loanAmount) },
            { key: 'tenor', label: t('fields.totalTenor'), children: l.totalTenor },
            { key: 'cycle', label: t('fields.repayCycle'), children: t(`tools:calculator.repayCycle.${l.repayCycle}`) },
            { key: 'method', label: t('fields.interestMethod'), children: t(`tools:calculator.interestMethod.${l.interestMethod}`) },
            { key: 'flat', label: <RateLabel label={t('fields.flatRate')} hint={t('rateHints.flatRate')} />, children: l.flatRate === null ? '—' : <Rate value={l.flatRate} decimals={rateDecimals(l.flatRate, decimalPlaces)} /> },
            // the annual rate typed instead of a flat rate: shown only when the loan was quoted so
            ...(l.effectiveRate === null ? [] : [{ key: 'effective', label: t('fields.effectiveRate'), children: <Rate value={l.effectiveRate} /> }]),
            { key: 'instalment', label: t('fields.instalmentAmount'), children: money(l.instalmentAmount) },
            { key: 'interest', label: t('fields.totalInterest'), children: money(l.totalInterest) },
            ...annualRateItems(l, t),
            { key: 'applyDate', label: t('fields.applyDate'), children: date(l.applyDate) },
            { key: 'loanDate', label: t('fields.loanDate'), children: date(l.loanDate) },
            { key: 'interestStart', label: t('fields.interestStartDate'), children: date(l.interestStartDate) },
            { key: 'firstDue', label: t('fields.firstDueDate'), children: date(l.firstDueDate) },
            { key: 'purpose', label: t('fields.loanPurpose'), children: opt('purpose', l.loanPurpose) },
            { key: 'payoutMethod', label: t('fields.payoutMethod'), children: opt('payoutMethod', l.payoutMethod) },
            { key: 'agent', label: t('fields.referralAgent'), children: dash(l.referralAgentName) },
            { key: 'staff', label: t('fields.staff'), children: l.staffName },
            { key: 'submitted', label: t('fields.submittedAt'), children: l.submittedAt ? <Space wrap size={[8, 0]}><DateTimeText value={l.submittedAt} /><span style={{ whiteSpace: 'nowrap' }}>{l.submittedByName}</span></Space> : '—' },
            { key: 'autopay', label: t('form.autopay'), children: dash([l.autopayBankName, l.autopayAccountName, l.autopayAccountNo].filter(Boolean).join(' · ')) },
            ...(l.blacklistOverrideReason ? [{ key: 'override', label: t('fields.overrideReason'), children: l.blacklistOverrideReason }] : []),
            { key: 'remarks', label: t('fields.remarks'), children: dash(l.remarks) },
          ]}
        />
      </Card>

      {(l.reloanOf || l.reloans.length > 0) && <ReloanCard loan={l} />}

      <Card title={t('op.partakers')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={l.partakers}
          locale={{ emptyText: <Typography.Text type="secondary">{t('form.none')}</Typography.Text> }}
          columns={[
            { key: 'name', title: t('fields.customer'), render: (_, p) => p.customer.name },
            { key: 'id', title: t('fields.idNumber'), render: (_, p) => p.customer.idNumber },
            { key: 'role', title: t('fields.role'), render: (_, p) => t(`enums:partakerRole.${p.role}`) },
            { key: 'relation', title: t('fields.relation'), render: (_, p) => dash(p.relation) },
            { key: 'phone', title: t('fields.phone'), render: (_, p) => <PartakerPhone loan={l} p={p} /> },
            ...(l.partakers.some((p) => p.role === 'referee') ? [{ key: 'consent', title: t('fields.consent'), render: (_: unknown, p: LoanItem['partakers'][number]) => <ConsentText p={p} /> }] : []),
          ]}
        />
      </Card>

      <Card title={t('form.sectionC')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={l.creditReferences}
          locale={{ emptyText: <Typography.Text type="secondary">{t('form.none')}</Typography.Text> }}
          columns={[
            { key: 'name', title: t('fields.creditName'), dataIndex: 'creditName' },
            { key: 'type', title: t('fields.creditType'), render: (_, c) => dash(c.creditType) },
            { key: 'amount', title: t('fields.creditLoanAmount'), align: 'right', render: (_, c) => money(c.loanAmount) },
            { key: 'instalment', title: t('fields.creditInstalment'), align: 'right', render: (_, c) => money(c.instalmentAmount) },
            { key: 'tenors', title: t('fields.outstandingTenors'), align: 'right', render: (_, c) => dash(c.outstandingTenors) },
          ]}
        />
      </Card>

      <Card title={t('form.sectionD')}>
        <LoanDocuments loan={l} />
      </Card>

      <Card title={t('form.sectionE')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={l.collaterals}
          locale={{ emptyText: <Typography.Text type="secondary">{t('form.none')}</Typography.Text> }}
          columns={[
            { key: 'owner', title: t('fields.ownerName'), dataIndex: 'ownerName' },
            { key: 'address', title: t('fields.address'), dataIndex: 'address' },
            { key: 'type', title: t('fields.propertyType'), render: (_, c) => dash(c.propertyType) },
            { key: 'area', title: t('fields.usableArea'), align: 'right', render: (_, c) => dash(c.usableArea) },
            { key: 'price', title: t('fields.buyPrice'), align: 'right', render: (_, c) => money(c.buyPrice) },
            { key: 'balance', title: t('fields.mortgageBalance'), align: 'right', render: (_, c) => money(c.mortgageBalance) },
          ]}
        />
      </Card>

      <Card title={t('op.approvals')}>
        <Table<ApprovalItem>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={l.approvals}
          locale={{ emptyText: <Typography.Text type="secondary">{t('form.none')}</Typography.Text> }}
          columns={[
            { key: 'on', title: t('fields.decidedOn'), render: (_, a) => <DateText value={a.decidedOn} /> },
            { key: 'decision', title: t('fields.decision'), render: (_, a) => t(`enums:approvalDecision.${a.decision}`) },
            { key: 'by', title: t('fields.decidedBy'), dataIndex: 'staffName' },
            { key: 'upfront', title: t('fields.upfrontInterest'), align: 'right', render: (_, a) => money(a.upfrontInterest) },
            { key: 'fee', title: t('fields.handlingFee'), align: 'right', render: (_, a) => money(a.handlingFee) },
            { key: 'received', title: t('fields.amountReceived'), align: 'right', render: (_, a) => money(a.actualReceivedAmount) },
            { key: 'remarks', title: t('fields.remarks'), render: (_, a) => dash(a.remarks) },
          ]}
        />
      </Card>

      <SignedNoteCard loan={l} />
      <SuretyPackCard loan={l} />

      {l.payout && (
        <Card title={t('op.payout')}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, lg: 3 }}
            items={[
              { key: 'date', label: t('fields.payoutDate'), children: <DateText value={l.payout.payoutDate} /> },
              { key: 'method', label: t('fields.method'), children: t(`enums:payoutMethod.${l.payout.method}`) },
              { key: 'cheque', label: t('fields.chequeNo'), children: dash(l.payout.chequeNo) },
              { key: 'upfront', label: t('fields.totalDeducted'), children: money(l.payout.upfrontDeducted) },
              { key: 'late', label: t('fields.lateDrawdownFee'), children: money(l.payout.lateDrawdownFee) },
              ...(dec(l.payout.oldLoanSettled).isZero() ? [] : [{ key: 'reloan', label: t('fields.oldLoanSettlement'), children: money(l.payout.oldLoanSettled) }]),
              { key: 'received', label: t('fields.amountReceived'), children: money(l.payout.amountReceived) },
              { key: 'by', label: t('fields.paidBy'), children: dash(l.payout.paidByName) },
              { key: 'remarks', label: t('fields.remarks'), children: dash(l.payout.remarks) },
            ]}
          />
        </Card>
      )}

      <Card title={t('op.schedule')}>
        {l.instalments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('op.scheduleEmpty')} />
        ) : (
          <ScheduleTable
            title={t('op.schedule')}
            result={{ schedule: l.instalments, totalInterest: l.totalInterest, totalRepayment }}
            loanAmount={l.loanAmount}
            decimalPlaces={2}
          />
        )}
      </Card>
      {l.loanNo && l.payout && <ContactsPanel loanId={l.id} loanNo={l.loanNo} />}
      {action && <LoanActionDialog key={action} loan={l} action={action} onClose={() => setAction(undefined)} />}
    </Flex>
  );
}
