import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Flex, Form, Input, Result, Select, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { LoanStatus } from '@harbour/domain';
import { PAYMENT_METHODS, type PaperLanguage, type SettlementResult } from '@harbour/contracts';
import { call } from '../../../api/index.js';
import { endpoints } from '../../../api/endpoints.js';
import { formatDate, hongKongToday, moneyDisplay } from '../../../components/format.js';
import { Money } from '../../../components/Money.js';
import { PRINT_ROOT_CLASS, usePrintOnMount } from '../../../components/use-print-on-mount';
import { fieldErrorsOf } from '../../../generic/server-errors';
import { useFeedback } from '../../../generic/use-feedback';
import { LoanStatusTag } from '../../loans/LoanListView';
import { PaperLanguageSwitch, usePaperTexts } from '../../loans/papers/PaperLanguage';
import { paperLanguageParam } from '../../loans/papers/papers-model';
import { QuoteSheet } from './QuoteSheet';
import '../../loans/papers/papers.css';
import './settlement.css';

const DATE = 'YYYY-MM-DD';

/** The printout under <body>: opens the print dialog once mounted, closes itself after. */
function Printout({ children, onDone }: { children: React.ReactNode; onDone: () => void }) {
  usePrintOnMount(onDone);
  return createPortal(<div className={`${PRINT_ROOT_CLASS} loan-papers-print`}>{children}</div>, document.body);
}

interface PostValues {
  method: (typeof PAYMENT_METHODS)[number];
  chequeNo?: string;
  remarks?: string;
  useTemporary: boolean;
  /** asked when settling costs more a year than the company's maximum APR and the settings ask to confirm */
  confirmExcess?: boolean;
}

/** A key per settlement form: a double click or a retry posts once. */
const newKey = () => `settle-${crypto.randomUUID()}`;

/**
 * Repayment → early settlement (`/repayment/settlement?loanId=7&date=YYYY-MM-DD&lang=zh-TW|en`,
 * MLO s.21): the quote of a repaying loan on a chosen date (`GET /repayments/settlement`), printable
 * on A4 in zh-TW or English for the borrower, and posting it (`POST /repayments/settle`) after a
 * confirmation; the receipt number and the completed loan are shown after.
 */
export default function SettlementPage() {
  const { t, i18n } = useTranslation('settlement');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message, confirm } = useFeedback();
  const [search, setSearch] = useSearchParams();
  const [form] = Form.useForm<PostValues>();
  const [printing, setPrinting] = useState(false);
  const [key, setKey] = useState(newKey);
  const [done, setDone] = useState<SettlementResult | undefined>();
  const [error, setError] = useState<string | undefined>();
  const raw = search.get('loanId') ?? '';
  const loanId = /^\d+$/.test(raw) ? Number(raw) : undefined;
  const today = hongKongToday();
  const dateParam = search.get('date');
  const date = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : today;
  const lang: PaperLanguage = paperLanguageParam(search.get('lang'), i18n.language);
  const method = Form.useWatch('method', form);

  const quote = useQuery({
    queryKey: ['repayments', 'settlement', loanId, date],
    queryFn: ({ signal }) => call(endpoints.repayments.settlementQuote, { query: { loanId: loanId!, date }, signal, silent: true }),
    enabled: loanId !== undefined && !done,
    retry: false,
  });
  const textsReady = usePaperTexts(lang);
  const printed = useCallback(() => setPrinting(false), []);

  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    setSearch(next, { replace: true });
  };

  const post = useMutation({
    mutationFn: (v: PostValues) =>
      call(endpoints.repayments.settle, {
        silent: true,
        body: { loanId, repayDate: date, method: v.method, chequeNo: v.method === 'cheque' ? v.chequeNo : undefined, remarks: v.remarks || undefined, useTemporary: v.useTemporary, idempotencyKey: key, ...(v.confirmExcess ? { confirmExcess: true } : {}) },
      }),
    onSuccess: async (r) => {
      setDone(r);
      setError(undefined);
      message.success(t('success.posted'));
      await qc.invalidateQueries({ queryKey: ['repayments'] });
      await qc.invalidateQueries({ queryKey: ['loans'] });
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      form.setFields(fields.map((e) => ({ name: e.field.split('.')[0] as keyof PostValues, errors: [e.message] })));
      setError(fields.length ? undefined : err instanceof Error ? err.message : String(err));
      // a refused settlement may be sent again with other figures: a new key
      setKey(newKey());
    },
  });

  if (loanId === undefined) {
    return (
      <Result
        status="info"
        title={t('noLoan')}
        extra={
          <Button type="primary" onClick={() => navigate('/loan/operation')}>
            {t('back')}
          </Button>
        }
      />
    );
  }

  if (done) {
    const r = done.repayment;
    return (
      <Result
        status="success"
        title={t('posted', { repayNo: r.repayNo, status: t(`enums:loanStatus.${done.loanStatus}`) })}
        subTitle={
          <Space wrap>
            <span>{r.loanNo}</span>
            <LoanStatusTag status={done.loanStatus as LoanStatus} />
          </Space>
        }
        extra={
          <Descriptions bordered size="small" column={1} style={{ maxWidth: 480, margin: '0 auto', textAlign: 'left' }}>
            <Descriptions.Item label={t('fields.repayNo')}>{r.repayNo}</Descriptions.Item>
            <Descriptions.Item label={t('asOf')}>{formatDate(r.repayDate)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.received')}>
              <Money value={r.received} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.tempApplied')}>
              <Money value={r.tempUsed} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.method')}>{r.method ? t(`enums:paymentMethod.${r.method}`) : ''}</Descriptions.Item>
          </Descriptions>
        }
      />
    );
  }

  const q = quote.data;
  const sheetT = i18n.getFixedT(lang, 'settlement');

  const ask = (v: PostValues) => {
    if (!q) return;
    const amount = v.useTemporary ? q.payable : q.total;
    confirm({
      title: t('confirmTitle'),
      content: t('confirmBody', { loanNo: q.loanNo, amount: moneyDisplay(amount), method: t(`enums:paymentMethod.${v.method}`), date: formatDate(q.asOf) }),
      okText: t('post'),
      cancelText: t('common:actions.close'),
      onOk: () => post.mutateAsync(v).catch(() => undefined),
    });
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('title')}
            </Typography.Title>
            {q && (
              <Typography.Text type="secondary">
                {q.loanNo} · {q.customerName}
              </Typography.Text>
            )}
          </Space>
          <Space wrap>
            <DatePicker
              aria-label={t('asOf')}
              allowClear={false}
              value={dayjs(date)}
              format={DATE}
              disabledDate={(d: Dayjs) => d.format(DATE) > today}
              onChange={(d: Dayjs | null) => d && set('date', d.format(DATE))}
            />
            <PaperLanguageSwitch label={t('printLanguage')} value={lang} onChange={(l) => set('lang', l)} />
            <Button icon={<PrinterOutlined />} disabled={!q} onClick={() => setPrinting(true)}>
              {t('print')}
            </Button>
          </Space>
        </Flex>
        {quote.isError && <Alert style={{ marginTop: 12 }} type="error" showIcon title={quote.error.message} />}
      </Card>
      {quote.isLoading && <Spin />}
      {q && (
        <Card title={t('post')}>
          <Flex gap={24} wrap>
            <Descriptions size="small" column={1} bordered style={{ flex: '1 1 320px' }}>
              <Descriptions.Item label={t('method')}>{t(`methods.${q.method}`)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.lockPeriodEnds')}>
                {q.lockPeriodEnds ? `${formatDate(q.lockPeriodEnds)} · ${q.inLockPeriod ? t('inLockPeriod') : t('notInLockPeriod')}` : t('noLockPeriod')}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.total')}>
                <Money value={q.total} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.tempAmount')}>
                <Money value={q.tempAmount} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.payable')}>
                <Money value={q.payable} style={{ fontWeight: 700 }} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.remainingScheduled')}>
                <Money value={q.remainingScheduled} />
              </Descriptions.Item>
            </Descriptions>
            <Form<PostValues> form={form} layout="vertical" style={{ flex: '1 1 320px' }} initialValues={{ method: 'cash', useTemporary: true }} onFinish={ask} onValuesChange={() => setError(undefined)}>
              {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
              <Form.Item name="method" label={t('fields.method')} required>
                <Select options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`enums:paymentMethod.${m}`) }))} />
              </Form.Item>
              {method === 'cheque' && (
                <Form.Item name="chequeNo" label={t('fields.chequeNo')} rules={[{ required: true, whitespace: true, message: t('repayments:validation.chequeNoRequired') }]}>
                  <Input maxLength={32} />
                </Form.Item>
              )}
              <Form.Item name="remarks" label={t('fields.remarks')}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
              </Form.Item>
              {q.tempAmount !== '0.00' && (
                <Form.Item name="useTemporary" valuePropName="checked">
                  <Checkbox>{t('fields.useTemporary')}</Checkbox>
                </Form.Item>
              )}
              {q.confirmMaxApr !== null && (
                <>
                  <Alert type="warning" showIcon title={t('excessNotice', { rate: q.settlementRate, maxApr: q.confirmMaxApr })} style={{ marginBottom: 12 }} />
                  <Form.Item
                    name="confirmExcess"
                    valuePropName="checked"
                    rules={[{ validator: (_, checked: boolean | undefined) => (checked ? Promise.resolve() : Promise.reject(new Error(t('excessRequired')))) }]}
                  >
                    <Checkbox>{t('fields.confirmExcess')}</Checkbox>
                  </Form.Item>
                </>
              )}
              <Button type="primary" danger htmlType="submit" loading={post.isPending}>
                {t('post')}
              </Button>
            </Form>
          </Flex>
        </Card>
      )}
      {q && textsReady && <QuoteSheet q={q} lang={lang} t={sheetT} printedOn={today} />}
      {printing && q && textsReady && (
        <Printout onDone={printed}>
          <QuoteSheet q={q} lang={lang} t={sheetT} printedOn={today} />
        </Printout>
      )}
    </Flex>
  );
}
