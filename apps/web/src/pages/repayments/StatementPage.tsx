import { Fragment, useId, useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Radio, Select, Space, Spin, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { STATEMENT_KINDS, type CompanyInfo, type PaperLanguage, type Statement, type StatementKind } from '@harbour/contracts';
import { endpoints, type StatementIssueBody } from '../../api/endpoints.js';
import { DecimalInput } from '../../components/DecimalInput.js';
import { formatRate, hongKongToday } from '../../components/format.js';
import { call } from '../../api/index.js';
import { DATE_FORMAT } from '../../generic/form-values';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { LoanFinder } from '../loans/LoanFinder';
import { repaymentsApi } from './repayments-api';
import { paperMoney } from '../loans/papers/papers-model';
import { LenderHeader } from '../../components/LenderHeader';
import { FpsPaymentCode } from '../../components/FpsPaymentCode';
import { PaperCard } from '../loans/papers/PaperCard';

const statementApi = {
  get: (loanId: number, date: string, signal?: AbortSignal) => call(endpoints.loans.statement, { params: { id: loanId }, query: { date }, signal }),
  issue: (loanId: number, body: StatementIssueBody) => call(endpoints.loans.issueStatement, { params: { id: loanId }, body, silent: true }),
};

/** Rows of due dates and amounts, with their total (or "none"). */
function AmountRows({ rows, t, total }: { rows: { tenor: number; dueDate: string; amount: string }[]; t: TFunction; total?: string }) {
  const l = (k: string) => t(`statements:labels.${k}`);
  if (rows.length === 0) return <p className="paper-text">{l('none')}</p>;
  return (
    <table className="paper-table paper-grid">
      <thead>
        <tr><th>{l('tenor')}</th><th>{l('dueDate')}</th><th className="num">{l('amount')}</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.tenor}><td className="num">{r.tenor}</td><td className="date">{r.dueDate}</td><td className="num">{paperMoney(r.amount)}</td></tr>
        ))}
        {total !== undefined && (
          <tr className="paper-strong"><td colSpan={2}>{l('total')}</td><td className="num">{paperMoney(total)}</td></tr>
        )}
      </tbody>
    </table>
  );
}

/** The statement on A4 (MLO s.19, or s.20 for a surety): what the Ordinance says it holds. */
function StatementSheet({ s, kind, suretyId, company, lang, t }: { s: Statement; kind: StatementKind; suretyId?: number; company: CompanyInfo; lang: PaperLanguage; t: TFunction }) {
  const l = (k: string) => t(`statements:labels.${k}`);
  const surety = s.sureties.find((x) => x.id === suretyId);
  const addressee = kind === 's20' && surety ? surety : { name: s.borrowerName, address: s.borrowerAddress };
  return (
    <section className="paper" data-paper="statement">
      <LenderHeader
        lender={company}
        lang={lang}
        t={t}
        title={t(`statements:title.${kind}`)}
        reference={
          <>
            <div>{`${l('loanNo')}: ${s.loanNo}`}</div>
            <div>{`${t('statements:fields.asOf')}: ${s.asOf}`}</div>
          </>
        }
      />
      <table className="paper-table paper-items">
        <tbody>
          <tr><th scope="row">{kind === 's20' ? t('statements:fields.surety') : l('borrower')}</th><td>{addressee.name}</td></tr>
          <tr><th scope="row">{l('address')}</th><td>{addressee.address ?? '—'}</td></tr>
          {kind === 's20' && <tr><th scope="row">{l('borrower')}</th><td>{s.borrowerName}</td></tr>}
          <tr><th scope="row">{l('loanDate')}</th><td className="date">{s.loanDate}</td></tr>
          <tr><th scope="row">{l('principal')}</th><td className="num">{paperMoney(s.principal)}</td></tr>
          <tr><th scope="row">{l('annualRate')}</th><td className="num">{formatRate(s.annualRate)}</td></tr>
          {s.flatRate && <tr><th scope="row">{l('flatRate')}</th><td className="num">{formatRate(s.flatRate)}</td></tr>}
        </tbody>
      </table>
      <h3 className="paper-h3">{t('statements:sections.paid')}</h3>
      {s.paid.length === 0 ? (
        <p className="paper-text">{l('none')}</p>
      ) : (
        <table className="paper-table paper-grid">
          <thead>
            <tr><th>{l('date')}</th><th>{l('repayNo')}</th><th className="num">{l('amount')}</th></tr>
          </thead>
          <tbody>
            {s.paid.map((p) => (
              <tr key={p.repayNo}><td className="date">{p.date}</td><td>{p.repayNo}</td><td className="num">{paperMoney(p.amount)}</td></tr>
            ))}
            <tr className="paper-strong"><td colSpan={2}>{l('total')}</td><td className="num">{paperMoney(s.totalPaid)}</td></tr>
          </tbody>
        </table>
      )}
      {s.waived.length > 0 && (
        <>
          <h3 className="paper-h3">{t('statements:sections.waived')}</h3>
          <table className="paper-table paper-grid">
            <thead>
              <tr><th>{l('date')}</th><th className="num">{l('overdueInterest')}</th><th className="num">{l('handlingFee')}</th><th className="num">{l('amount')}</th></tr>
            </thead>
            <tbody>
              {/* the reason on a line of its own under its figures: it stays readable on a narrow screen */}
              {s.waived.map((w, k) => (
                <Fragment key={k}>
                  <tr><td className="date">{w.date}</td><td className="num">{paperMoney(w.overdueInterest)}</td><td className="num">{paperMoney(w.fee)}</td><td className="num">{paperMoney(w.amount)}</td></tr>
                  <tr><td colSpan={4}>{`${l('reason')}: ${w.reason}`}</td></tr>
                </Fragment>
              ))}
              <tr className="paper-strong"><td colSpan={3}>{l('total')}</td><td className="num">{paperMoney(s.totalWaived)}</td></tr>
            </tbody>
          </table>
        </>
      )}
      <h3 className="paper-h3">{t('statements:sections.dueUnpaid')}</h3>
      <AmountRows rows={s.dueUnpaid} t={t} />
      {(s.overdueInterest !== '0.00' || s.handlingFee !== '0.00') && (
        <table className="paper-table paper-figures">
          <tbody>
            <tr><th scope="row">{l('overdueInterest')}</th><td className="num">{paperMoney(s.overdueInterest)}</td></tr>
            <tr><th scope="row">{l('handlingFee')}</th><td className="num">{paperMoney(s.handlingFee)}</td></tr>
          </tbody>
        </table>
      )}
      <table className="paper-table paper-figures">
        <tbody>
          <tr className="paper-strong"><th scope="row">{l('total')}</th><td className="num">{paperMoney(s.totalDueUnpaid)}</td></tr>
        </tbody>
      </table>
      <h3 className="paper-h3">{t('statements:sections.notYetDue')}</h3>
      <AmountRows rows={s.notYetDue} t={t} total={s.totalNotYetDue} />
      {/* what is owed now, or else the next instalment */}
      <FpsPaymentCode amount={s.totalDueUnpaid !== '0.00' ? s.totalDueUnpaid : (s.notYetDue[0]?.amount ?? null)} reference={s.loanNo} t={t} />
      <div className="paper-signatures">
        <div className="paper-person">
          <div className="paper-sign-line" />
          <div>{l('signature')}</div>
        </div>
        <div className="paper-person">
          <div className="paper-sign-line" />
          <div>{kind === 's20' ? l('suretyCopy') : l('borrowerCopy')}</div>
        </div>
      </div>
    </section>
  );
}

const ISSUE_FIELDS = ['kind', 'requestedOn', 'suretyId', 'fee', 'remarks'] as const;

interface IssueValues {
  kind: StatementKind;
  requestedOn: Dayjs;
  suretyId?: number;
  fee?: string;
  remarks?: string;
}

/**
 * MLO s.19 / s.20 statements of a loan (`/repayment/statement?loanId=`): the statement on a date
 * to print in zh-TW or en, the written request recorded before it is issued, and the statements
 * issued so far. An s.19 statement is not owed again within a month of the last.
 */
export default function StatementPage() {
  const { t } = useTranslation('statements');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loanId = Number(params.get('loanId')) || undefined;
  const [date, setDate] = useState(hongKongToday());
  const [form] = Form.useForm<IssueValues>();
  const [error, setError] = useState<string>();
  const kind = Form.useWatch('kind', form) ?? 's19';
  const suretyId = Form.useWatch('suretyId', form);
  const { message, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const headingId = useId();
  const statement = useQuery({
    queryKey: ['statement', loanId, date],
    queryFn: ({ signal }) => statementApi.get(loanId!, date, signal),
    enabled: !!loanId,
  });
  const issue = useMutation({
    mutationFn: (v: IssueValues) =>
      statementApi.issue(loanId!, { kind: v.kind, requestedOn: v.requestedOn.format(DATE_FORMAT), suretyId: v.kind === 's20' ? v.suretyId : undefined, fee: v.fee, remarks: v.remarks }),
    onSuccess: (s) => {
      void message.success(t('success.issued'));
      setDate(s.asOf);
      queryClient.setQueryData(['statement', loanId, s.asOf], s);
    },
    onMutate: () => setError(undefined),
    onError: (err) => {
      const rest = applyServerErrors(form, err, ISSUE_FIELDS);
      setError(rest.length > 0 || !(err as { errors?: unknown }).errors ? (err as Error).message : undefined);
    },
  });

  if (!loanId) return <LoanFinder search={repaymentsApi.findLoans} title={t('labels.chooseLoan')} onOpen={(l) => navigate(`/repayment/statement?loanId=${l.id}`)} />;
  if (statement.isError) return <Alert type="error" showIcon message={(statement.error as Error).message} />;
  if (!statement.data) return <Spin />;
  const s = statement.data;

  const submit = (v: IssueValues) =>
    confirm({
      title: t('issue'),
      content: t(`title.${v.kind}`),
      okText: t('issue'),
      onOk: () => issue.mutateAsync(v).catch(() => undefined),
    });

  return (
    <Flex vertical gap={16}>
      <Card title={<span id={headingId}>{`${s.loanNo} · ${s.borrowerName}`}</span>}>
        <Form<IssueValues>
          form={form}
          layout="vertical"
          aria-labelledby={headingId}
          initialValues={{ kind: 's19', requestedOn: dayjs(hongKongToday()) }}
          onFinish={submit}
        >
          <Flex wrap gap={16}>
            <Form.Item name="kind" label={t('fields.kind')} rules={[{ required: true }]}>
              <Radio.Group optionType="button" options={STATEMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`), disabled: k === 's20' && s.sureties.length === 0 }))} />
            </Form.Item>
            <Form.Item name="requestedOn" label={t('fields.requestedOn')} rules={[{ required: true }]}>
              <DatePicker format={DATE_FORMAT} allowClear={false} />
            </Form.Item>
            {kind === 's20' && (
              <Form.Item name="suretyId" label={t('fields.surety')} rules={[{ required: true, message: t('validation.suretyRequired') }]} style={{ minWidth: 200 }}>
                <Select options={s.sureties.map((x) => ({ value: x.id, label: x.name }))} />
              </Form.Item>
            )}
            <Form.Item name="fee" label={t('fields.fee')}>
              <DecimalInput />
            </Form.Item>
            <Form.Item name="remarks" label={t('fields.remarks')} style={{ minWidth: 240, flex: 1 }}>
              <Input maxLength={500} />
            </Form.Item>
          </Flex>
          {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} />}
          {s.lastIssuedOn && kind === 's19' && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('labels.nextOwed', { lastIssuedOn: s.lastIssuedOn, nextOwedFrom: s.nextOwedFrom })} />
          )}
          <Button type="primary" htmlType="submit" loading={issue.isPending}>
            {t('issue')}
          </Button>
        </Form>
      </Card>
      <PaperCard
        title={t(`title.${kind}`)}
        printLabel={t('labels.print')}
        extra={
          <Space>
            <Typography.Text>{t('fields.asOf')}</Typography.Text>
            <DatePicker aria-label={t('fields.asOf')} format={DATE_FORMAT} allowClear={false} value={dayjs(date)} onChange={(d) => d && setDate(d.format(DATE_FORMAT))} />
          </Space>
        }
      >
        {(paper) => <StatementSheet s={s} kind={kind} suretyId={suretyId} company={paper.company} lang={paper.lang} t={paper.t} />}
      </PaperCard>
      <Card title={t('sections.requests')}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={s.requests}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('fields.issuedOn'), dataIndex: 'issuedOn' },
            { title: t('fields.kind'), dataIndex: 'kind', render: (k: StatementKind) => t(`kinds.${k}`) },
            { title: t('fields.requestedOn'), dataIndex: 'requestedOn' },
            { title: t('fields.surety'), dataIndex: 'suretyName', render: (v: string | null) => v ?? '—' },
            { title: t('fields.fee'), dataIndex: 'fee', align: 'right', render: (v: string | null) => (v ? paperMoney(v) : '—') },
            { title: t('fields.issuedBy'), dataIndex: 'issuedByName' },
            { title: t('fields.remarks'), dataIndex: 'remarks' },
          ]}
        />
      </Card>
    </Flex>
  );
}
