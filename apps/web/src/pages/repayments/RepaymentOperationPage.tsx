import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { DollarOutlined, FileTextOutlined, GiftOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dec, type LoanStatus } from '@harbour/domain';
import type { OperationInstalment, RepaymentItem, RepaymentOperation, TemporaryMovement } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { Money } from '../../components/Money.js';
import { usePermission } from '../../components/Permission.js';
import { useFocusableScroll } from '../../generic/use-focusable-scroll';
import { LoanStatusTag, useOptionChoices } from '../loans/LoanListView';
import { optionLabel } from '../loans/loans-api';
import { SettlementButton } from './settlement/SettlementButton';
import { CorrectDialog, CorrectionTag, ReceiptDrawer } from './RepaymentListPage';
import { processingApi } from './processing-api';
import { ChosenLoan } from './list-controls';
import { useTabDetail } from '../../shell/use-tab-detail.js';
import { WaiverDialog, WaiverTable } from './WaiverPanel';

/** Solid tag colours of an instalment's state, dark enough for white text (WCAG AA). */
const STATE_COLOR: Record<OperationInstalment['state'], string> = { paid: '#237804', partly: '#0958d9', overdue: '#a8071a', due: '#ad4e00', future: '#595959' };

const money = (v: string) => <Money value={v} />;
const nowrap = (v: ReactNode) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>;

type Figure = keyof RepaymentOperation['totals'];

/** The instalments with what each paid and was charged, and a totals row. */
function InstalmentTable({ op }: { op: RepaymentOperation }) {
  const { t } = useTranslation('processing');
  const box = useFocusableScroll(t('operation.instalments'));
  const waived = dec(op.totals.interestWaived).gt(0);
  // the columns of what a waiver gave up only when the loan has one standing
  const oiWaived = dec(op.totals.overdueInterestWaived).gt(0);
  const feeWaived = dec(op.totals.feeWaived).gt(0);
  const figures: Figure[] = [
    'principal',
    'interest',
    'paidPrincipal',
    'paidInterest',
    ...(waived ? (['interestWaived'] as const) : []),
    'overdueInterestCharged',
    'overdueInterestPaid',
    ...(oiWaived ? (['overdueInterestWaived'] as const) : []),
    'feeCharged',
    'feePaid',
    ...(feeWaived ? (['feeWaived'] as const) : []),
    'outstanding',
  ];
  const columns: ColumnsType<OperationInstalment> = [
    { key: 'tenor', title: t('operation.columns.tenor'), align: 'right', dataIndex: 'tenor' },
    { key: 'dueDate', title: t('operation.columns.dueDate'), render: (_, i) => nowrap(<DateText value={i.dueDate} />) },
    ...figures.map((f) => ({ key: f, title: t(`operation.columns.${f}`), align: 'right' as const, render: (_: unknown, i: OperationInstalment) => money(i[f]) })),
    { key: 'days', title: t('operation.columns.overdueDays'), align: 'right', render: (_, i) => (i.overdueDays > 0 ? i.overdueDays : '') },
    { key: 'state', title: t('operation.columns.state'), render: (_, i) => <Tag color={STATE_COLOR[i.state]}>{t(`operation.state.${i.state}`)}</Tag> },
  ];
  return (
    <div ref={box}>
      <Table<OperationInstalment>
        size="small"
        rowKey="tenor"
        pagination={false}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        dataSource={op.instalments}
        columns={columns}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <Typography.Text strong>{t('operation.total')}</Typography.Text>
            </Table.Summary.Cell>
            {figures.map((f, k) => (
              <Table.Summary.Cell key={f} index={k + 2} align="right">
                <Typography.Text strong>{money(op.totals[f])}</Typography.Text>
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={figures.length + 2} colSpan={2} />
          </Table.Summary.Row>
        )}
      />
    </div>
  );
}

/** Every receipt of the loan, corrected ones too; each opens its printable receipt. */
function ReceiptTable({ receipts, onOpen }: { receipts: RepaymentItem[]; onOpen: (r: RepaymentItem) => void }) {
  const { t } = useTranslation('processing');
  const f = (k: string) => t(`repayments:fields.${k}`);
  const box = useFocusableScroll(t('operation.receipts'));
  return (
    <div ref={box}>
      <Table<RepaymentItem>
        size="small"
        rowKey="id"
        pagination={false}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        dataSource={receipts}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operation.noReceipts')} /> }}
        columns={[
          { key: 'repayNo', title: f('repayNo'), render: (_, r) => nowrap(r.repayNo) },
          { key: 'date', title: f('repayDate'), render: (_, r) => nowrap(<DateText value={r.repayDate} />) },
          { key: 'type', title: f('repayType'), render: (_, r) => nowrap(t(`enums:repayType.${r.repayType}`)) },
          { key: 'method', title: f('method'), render: (_, r) => nowrap(r.method ? t(`enums:paymentMethod.${r.method}`) : '—') },
          { key: 'received', title: f('received'), align: 'right', render: (_, r) => money(r.received) },
          { key: 'oi', title: f('overdueInterest'), align: 'right', render: (_, r) => money(r.overdueInterest) },
          { key: 'fee', title: f('handlingFee'), align: 'right', render: (_, r) => money(r.handlingFee) },
          { key: 'interest', title: f('interest'), align: 'right', render: (_, r) => money(r.interest) },
          { key: 'principal', title: f('principal'), align: 'right', render: (_, r) => money(r.principal) },
          { key: 'by', title: f('createdBy'), render: (_, r) => nowrap(r.createdByName ?? '—') },
          { key: 'correction', title: f('correction'), render: (_, r) => <CorrectionTag r={r} /> },
          {
            key: 'print',
            title: '',
            render: (_, r) => (
              <Button size="small" type="link" icon={<PrinterOutlined aria-hidden />} onClick={() => onOpen(r)}>
                {t('operation.print')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}

function TemporaryTable({ rows }: { rows: TemporaryMovement[] }) {
  const { t } = useTranslation('processing');
  const box = useFocusableScroll(t('operation.temporary'));
  return (
    <div ref={box}>
      <Table<TemporaryMovement>
        size="small"
        rowKey="repaymentId"
        pagination={false}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operation.noMovements')} /> }}
        columns={[
          { key: 'repayNo', title: t('repayments:fields.repayNo'), render: (_, m) => nowrap(m.repayNo) },
          { key: 'date', title: t('repayments:fields.repayDate'), render: (_, m) => nowrap(<DateText value={m.repayDate} />) },
          { key: 'type', title: t('repayments:fields.repayType'), render: (_, m) => nowrap(t(`enums:repayType.${m.repayType}`)) },
          { key: 'in', title: t('operation.movement.in'), align: 'right', render: (_, m) => money(m.amountIn) },
          { key: 'out', title: t('operation.movement.out'), align: 'right', render: (_, m) => money(m.amountOut) },
          { key: 'balance', title: t('operation.movement.balance'), align: 'right', render: (_, m) => (m.balance === null ? <CorrectionTag r={m} /> : money(m.balance)) },
        ]}
      />
    </div>
  );
}

/** One loan's servicing view, and the ways to the counter, early settlement, statement and void. */
function LoanServicing({ loanId }: { loanId: number }) {
  const { t, i18n } = useTranslation('processing');
  const navigate = useNavigate();
  const choices = useOptionChoices();
  const mayRepay = usePermission('repayment.process');
  const mayStatement = usePermission('repayment.statement');
  const mayVoid = usePermission('repayment.void');
  const mayWaive = usePermission('repayment.waive');
  const [waiving, setWaiving] = useState(false);
  const [open, setOpen] = useState<RepaymentItem>();
  const [voiding, setVoiding] = useState<RepaymentItem>();
  const op = useQuery({ queryKey: ['repayments', 'operation', loanId], queryFn: ({ signal }) => processingApi.operation(loanId, signal) });
  useTabDetail(op.data?.loan.loanNo);

  if (op.isError && !op.data)
    return <Result status="warning" title={op.error.message} extra={<Button onClick={() => navigate('/repayment/operation')}>{t('operation.otherLoan')}</Button>} />;
  if (!op.data) return <Spin />;
  const d = op.data;
  const { loan, customer, figures: fig } = d;
  const latest = d.receipts.find((r) => r.latest && !r.correction);
  const f = (k: string) => t(`operation.fields.${k}`);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {`${loan.loanNo} · ${customer.name}`}
            </Typography.Title>
            <LoanStatusTag status={loan.status as LoanStatus} />
          </Space>
          <Space wrap>
            {mayRepay && loan.status === 'repaying' && (
              <Button type="primary" icon={<DollarOutlined aria-hidden />} onClick={() => navigate(`/repayment/process?loanId=${loan.loanId}`)}>
                {t('operation.repay')}
              </Button>
            )}
            {mayWaive && (dec(d.waivable.overdueInterest).gt(0) || dec(d.waivable.fee).gt(0)) && (
              <Button icon={<GiftOutlined aria-hidden />} onClick={() => setWaiving(true)}>
                {t('repayments:waiver.action')}
              </Button>
            )}
            <SettlementButton loan={{ id: loan.loanId, status: loan.status as LoanStatus }} />
            {mayStatement && (
              <Button icon={<FileTextOutlined aria-hidden />} onClick={() => navigate(`/repayment/statement?loanId=${loan.loanId}`)}>
                {t('shell:menu.repayment.statement')}
              </Button>
            )}
            {mayVoid && latest && (
              <Button danger icon={<RollbackOutlined aria-hidden />} onClick={() => setVoiding(latest)}>
                {t('operation.voidLatest')}
              </Button>
            )}
            <Button onClick={() => navigate('/repayment/operation')}>{t('operation.otherLoan')}</Button>
          </Space>
        </Flex>
        <Descriptions
          style={{ marginTop: 12 }}
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'applyNo', label: f('applyNo'), children: loan.applyNo },
            { key: 'loanType', label: f('loanType'), children: optionLabel(choices.data, 'loanType', loan.loanType, i18n.language) },
            { key: 'store', label: f('store'), children: loan.storeName },
            { key: 'idNumber', label: f('idNumber'), children: customer.idNumber ?? '—' },
            { key: 'mobile', label: f('mobile'), children: customer.mobile ?? '—' },
            { key: 'staff', label: f('staff'), children: loan.staffName },
            { key: 'loanDate', label: f('loanDate'), children: <DateText value={loan.loanDate} /> },
            { key: 'interestStart', label: f('interestStartDate'), children: <DateText value={loan.interestStartDate} /> },
            { key: 'payoutDate', label: f('payoutDate'), children: <DateText value={loan.payoutDate} /> },
            { key: 'loanAmount', label: f('loanAmount'), children: money(loan.loanAmount) },
            { key: 'instalment', label: f('instalmentAmount'), children: money(loan.instalmentAmount) },
            { key: 'repayCycle', label: f('repayCycle'), children: t(`tools:calculator.repayCycle.${loan.repayCycle}`) },
          ]}
        />
      </Card>

      <Card title={t('operation.figures', { date: fig.asOf })}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'tenors', label: f('tenors'), children: `${fig.paidTenors}/${loan.totalTenor}` },
            { key: 'next', label: f('nextDue'), children: fig.nextDueDate ? nowrap(`${fig.nextTenor ?? ''} · ${fig.nextDueDate}`) : '—' },
            { key: 'last', label: f('lastRepayment'), children: <DateText value={fig.lastRepaymentDate} /> },
            {
              key: 'overdue',
              label: f('overdue'),
              children:
                fig.overdueTenors > 0 ? <Tag color={STATE_COLOR.overdue}>{t('operation.overdueSummary', { tenors: fig.overdueTenors, days: fig.daysOverdue })}</Tag> : '—',
            },
            { key: 'overdueAmount', label: f('overdueAmount'), children: money(fig.overdueAmount) },
            { key: 'oi', label: f('overdueInterest'), children: money(fig.overdueInterest) },
            { key: 'fee', label: f('handlingFee'), children: money(fig.handlingFee) },
            { key: 'amountDue', label: <strong>{f('amountDue')}</strong>, children: <strong>{money(fig.amountDue)}</strong> },
            { key: 'principal', label: f('unpaidPrincipal'), children: money(fig.unpaidPrincipal) },
            { key: 'temp', label: f('tempAmount'), children: money(fig.tempAmount) },
          ]}
        />
      </Card>

      <Card title={t('operation.instalments')}>
        <InstalmentTable op={d} />
      </Card>
      <Card title={t('operation.receipts')}>
        <ReceiptTable receipts={d.receipts} onOpen={setOpen} />
      </Card>
      <Card title={t('operation.temporary')}>
        <TemporaryTable rows={d.temporary} />
      </Card>
      <Card title={t('repayments:waiver.history')}>
        <WaiverTable waivers={d.waivers} mayVoid={mayVoid} />
      </Card>
      {waiving && <WaiverDialog op={d} onClose={() => setWaiving(false)} />}
      {open && <ReceiptDrawer key={open.id} id={open.id} initial={open} onClose={() => setOpen(undefined)} />}
      {voiding && <CorrectDialog key={voiding.id} r={voiding} onClose={() => setVoiding(undefined)} />}
    </Flex>
  );
}

/**
 * Repayment → operation (`/repayment/operation`, `?loanId=` opens a loan directly; spec §2): the
 * loan finder among paid-out loans, then the loan's servicing view.
 */
export default function RepaymentOperationPage() {
  const { t } = useTranslation('processing');
  return (
    <ChosenLoan path="/repayment/operation" finderTitle={t('operation.finderTitle')}>
      {(loanId) => <LoanServicing loanId={loanId} />}
    </ChosenLoan>
  );
}
