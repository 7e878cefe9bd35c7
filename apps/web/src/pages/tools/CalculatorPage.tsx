import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Form, Row, Space, Spin } from 'antd';
import { FileExcelOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DecimalPlaces } from '@harbour/domain';
import { fieldErrorsOf } from '../../generic/server-errors';
import { calculatorApi, type CalculatorBody } from './calculator-api';
import { CalculatorForm } from './CalculatorForm';
import { CalculatorSummary } from './CalculatorSummary';
import { FORM_FIELDS, formFieldOf, toRequest, type CalculatorFormValues } from './form-model';
import { PrintView } from './PrintView';
import { ScreenPaperHeader } from '../../components/LenderHeader';
import { ScheduleTable } from './ScheduleTable';
import { useLiveCalculation } from './use-live-calculation';
import './calculator.css';


const initialValues = (): CalculatorFormValues => ({
  loanAmount: null,
  totalTenor: 12,
  repayCycle: 'monthly',
  cycleMonths: 1,
  cycleDays: 30,
  interestMethod: 'amortization',
  rateType: 'flat',
  rate: null,
  ruleOf78: false,
  loanDate: dayjs().startOf('day'),
  firstDueDate: null,
  amountDeducted: null,
});

/**
 * Tools → repayment calculator (spec §2). The form sends the terms to the server as they are
 * typed; the schedule, rates and checks shown are the server's answer (the domain's maths with
 * the default settings and holidays) — the page never computes money.
 */
export default function CalculatorPage() {
  const { t } = useTranslation('tools');
  const [form] = Form.useForm<CalculatorFormValues>();
  const [start] = useState(initialValues);
  const [values, setValues] = useState<CalculatorFormValues>(start);
  const [confirmedFor, setConfirmedFor] = useState<unknown>();
  const [printing, setPrinting] = useState(false);
  const endPrint = useCallback(() => setPrinting(false), []);

  const options = useQuery({ queryKey: ['tools', 'calculator', 'options'], queryFn: ({ signal }) => calculatorApi.options(signal) });
  const opts = options.data;
  // Offer only the methods the settings enable: a method switched off reads as the first enabled
  // one, and the form's radio shows that too.
  const firstMethod = opts?.interestMethods[0];
  const methodOff = !!opts && !!firstMethod && !opts.interestMethods.includes(values.interestMethod);
  const terms = useMemo(() => (methodOff && firstMethod ? { ...values, interestMethod: firstMethod } : values), [values, methodOff, firstMethod]);
  useEffect(() => {
    if (methodOff && firstMethod) form.setFieldValue('interestMethod', firstMethod);
  }, [methodOff, firstMethod, form]);

  const body = useMemo(() => toRequest(terms), [terms]);
  const { calc, settledKey, waiting } = useLiveCalculation(body);

  // The server's field errors go under the inputs; a good answer clears them.
  useEffect(() => {
    const byField = new Map<string, string[]>();
    for (const e of fieldErrorsOf(calc.error)) {
      const name = formFieldOf(e.field.split('.')[0] ?? e.field);
      byField.set(name, [...new Set([...(byField.get(name) ?? []), e.message])]);
    }
    form.setFields(FORM_FIELDS.map((name) => ({ name, errors: byField.get(name) ?? [] })));
  }, [calc.error, calc.data, form]);

  // The client saves the file and shows an error answer's message itself.
  const exporting = useMutation({
    mutationFn: () => calculatorApi.exportXlsx(JSON.parse(settledKey) as CalculatorBody),
  });

  const result = calc.isError ? undefined : calc.data;
  const generalError = calc.isError && fieldErrorsOf(calc.error).length === 0 ? calc.error.message : undefined;
  // The setting is 0, 1 or 2 (the settings schema); anything else falls back to cents.
  const places = opts?.decimalPlaces;
  const decimals: DecimalPlaces = places === 0 || places === 1 ? places : 2;

  const reset = () => {
    const fresh = initialValues();
    form.resetFields();
    form.setFieldsValue(fresh);
    setValues(fresh);
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9} xl={8}>
        <Card
          title={t('calculator.terms')}
          extra={
            <Button size="small" icon={<ReloadOutlined />} onClick={reset}>
              {t('calculator.actions.reset')}
            </Button>
          }
        >
          <CalculatorForm form={form} initialValues={start} options={opts} onChange={setValues} />
        </Card>
      </Col>
      <Col xs={24} lg={15} xl={16}>
        <Card
          title={
            <Space>
              {t('calculator.title')}
              {waiting && <Spin size="small" aria-label={t('calculator.calculating')} />}
            </Space>
          }
        >
          <Flex justify="flex-end" wrap gap={8} style={{ marginBottom: 16 }}>
            <Button icon={<PrinterOutlined />} disabled={!result} onClick={() => setPrinting(true)}>
              {t('calculator.actions.print')}
            </Button>
            <Button icon={<FileExcelOutlined />} disabled={!result} loading={exporting.isPending} onClick={() => exporting.mutate()}>
              {t('calculator.actions.export')}
            </Button>
          </Flex>
          {generalError && <Alert type="error" showIcon title={generalError} style={{ marginBottom: 12 }} />}
          {!result ? (
            <Empty className="calc-empty" description={calc.isError ? t('calculator.fixFields') : t('calculator.empty')} />
          ) : (
            // printed as it is (Ctrl+P): the lender's header above the summary and schedule, nothing else of the page
            <Flex vertical gap={16} aria-busy={waiting} className="harbour-paper calc-paper">
              <ScreenPaperHeader title={t('calculator.printTitle')} printOnly />
              <CalculatorSummary
                result={result}
                repayCycle={values.repayCycle}
                decimalPlaces={decimals}
                confirmed={confirmedFor === result}
                onConfirm={() => setConfirmedFor(result)}
              />
              <ScheduleTable result={result} loanAmount={String(values.loanAmount ?? '')} decimalPlaces={decimals} />
            </Flex>
          )}
        </Card>
      </Col>
      {printing && result && (
        <PrintView
          result={result}
          terms={{
            loanAmount: String(values.loanAmount ?? ''),
            totalTenor: values.totalTenor,
            loanDate: values.loanDate?.format('YYYY-MM-DD'),
            repayCycle: values.repayCycle,
          }}
          decimalPlaces={decimals}
          onDone={endPrint}
        />
      )}
    </Row>
  );
}
