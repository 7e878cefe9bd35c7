import type { ReactNode } from 'react';
import { Alert, Checkbox, Col, DatePicker, Descriptions, Form, Input, Radio, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dec } from '@harbour/domain';
import { PAYOUT_METHODS, type LoanItem, type PayoutQuote } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { Money } from '../../components/Money.js';
import { Rate } from '../../components/Rate.js';
import { RateLabel } from '../../components/RateLabel.js';

const DATE = 'YYYY-MM-DD';
const right = (node: ReactNode) => <div style={{ textAlign: 'right' }}>{node}</div>;

/**
 * The payout at the counter, on one screen at 1440×900: the loan and its borrower on the first
 * line, the payout form on the left, the amounts to pay out (the server's quote for the date)
 * beside it, and why the payout would be refused before anyone confirms it.
 */
export function PayoutPanel({
  loan,
  method,
  quote,
  loading,
  timing,
  refusal,
}: {
  loan: LoanItem;
  method: string | undefined;
  quote: PayoutQuote | undefined;
  loading: boolean;
  timing: string | undefined;
  refusal: PayoutQuote['refusal'];
}) {
  const { t } = useTranslation('loans');
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 12 }}
        items={[
          loan.loanNo ? { key: 'loanNo', label: t('fields.loanNo'), children: loan.loanNo } : { key: 'applyNo', label: t('fields.applyNo'), children: loan.applyNo },
          { key: 'borrower', label: t('fields.customer'), children: `${loan.customer.name} · ${loan.customer.mobile1}` },
          { key: 'loanAmount', label: t('fields.loanAmount'), children: right(<Money value={loan.loanAmount} />) },
          { key: 'loanDate', label: t('fields.loanDate'), children: <DateText value={loan.loanDate} /> },
          { key: 'note', label: t('op.signedNote'), children: loan.signedNoteReceivedOn ? <DateText value={loan.signedNoteReceivedOn} /> : '—' },
          { key: 'tenor', label: t('fields.totalTenor'), children: right(loan.totalTenor) },
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} md={11}>
          <Form.Item name="method" label={t('fields.method')} required>
            <Radio.Group optionType="button" options={PAYOUT_METHODS.map((m) => ({ value: m, label: t(`enums:payoutMethod.${m}`) }))} />
          </Form.Item>
          {method === 'cheque' && (
            <Form.Item name="chequeNo" label={t('fields.chequeNo')} required>
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="payoutDate" label={t('fields.payoutDate')} required>
            <DatePicker format={DATE} style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
          <Form.Item name="remarks" label={t('fields.remarks')} style={{ marginBottom: 8 }}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={1000} />
          </Form.Item>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
            {t('op.payoutKeys')}
          </Typography.Text>
        </Col>
        <Col xs={24} md={13}>
          {timing && <Alert type="error" showIcon title={timing} style={{ marginBottom: 12 }} />}
          {loading && !quote ? (
            <Spin />
          ) : quote ? (
            <Descriptions
              bordered
              size="small"
              column={1}
              title={t('op.quote')}
              items={[
                { key: 'loanAmount', label: t('fields.loanAmount'), children: <Money value={quote.loanAmount} /> },
                { key: 'upfront', label: t('fields.upfrontInterest'), children: <Money value={quote.upfrontInterest} /> },
                { key: 'fee', label: t('fields.handlingFee'), children: <Money value={quote.handlingFee} /> },
                { key: 'late', label: t('fields.lateDrawdownFee'), children: <Money value={quote.lateDrawdownFee} /> },
                { key: 'deducted', label: t('fields.totalDeducted'), children: <Money value={quote.totalDeducted} /> },
                ...(dec(quote.oldLoanSettlement).isZero()
                  ? []
                  : [{ key: 'reloan', label: `${t('fields.oldLoanSettlement')} (${loan.reloanOf?.loanNo ?? ''})`, children: <Money value={quote.oldLoanSettlement} /> }]),
                {
                  key: 'received',
                  label: <strong>{t('fields.amountReceived')}</strong>,
                  children: <Money value={quote.amountReceived} style={{ fontWeight: 600, fontSize: 16 }} />,
                },
                ...(quote.firstDueDate
                  ? [{ key: 'firstDue', label: quote.lateDays > 0 ? t('fields.rebasedFirstDue') : t('fields.firstDueDate'), children: right(quote.firstDueDate) }]
                  : []),
                ...(quote.mloRate !== null ? [{ key: 'rate', label: <RateLabel label={t('fields.payoutRate')} hint={t('rateHints.mloRate')} />, children: right(<Rate value={quote.mloRate} />) }] : []),
              ]}
            />
          ) : null}
          {refusal && <Alert type={refusal.needsConfirmation ? 'warning' : 'error'} showIcon title={refusal.message} style={{ marginTop: 12 }} />}
          {refusal?.needsConfirmation && (
            <Form.Item name="confirmExcess" valuePropName="checked" style={{ marginTop: 12 }}>
              <Checkbox>{t('fields.confirmPayoutExcess')}</Checkbox>
            </Form.Item>
          )}
        </Col>
      </Row>
    </>
  );
}
