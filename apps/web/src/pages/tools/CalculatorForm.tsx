import { Checkbox, DatePicker, Form, InputNumber, Radio, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPAY_CYCLES, type CalculatorOptions } from '@harbour/contracts';
import { DecimalInput } from '../../components/DecimalInput.js';
import type { CalculatorFormValues } from './form-model';

interface Props {
  form: FormInstance<CalculatorFormValues>;
  initialValues: CalculatorFormValues;
  options: CalculatorOptions | undefined;
  onChange: (values: CalculatorFormValues) => void;
}

/**
 * The loan terms. No submit button: every change goes to the page, which asks the server. The
 * inputs set no limits of their own: an out-of-range number is sent and the server's message
 * appears under the field, so there is one set of rules.
 */
export function CalculatorForm({ form, initialValues, options, onChange }: Props) {
  const { t } = useTranslation('tools');
  const cycle = Form.useWatch('repayCycle', form) ?? initialValues.repayCycle;
  const rateType = Form.useWatch('rateType', form) ?? initialValues.rateType;
  const methods = options?.interestMethods ?? ['amortization', 'interest-first'];
  const rateHelp =
    rateType === 'effective'
      ? t('calculator.help.rateEffective')
      : cycle === 'monthly'
        ? t('calculator.help.rateFlatMonthly')
        : t('calculator.help.rateFlatPeriod');

  return (
    <Form<CalculatorFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={(_, all) => onChange(all)}
      requiredMark={false}
      aria-label={t('calculator.terms')}
    >
      <Form.Item name="loanAmount" label={t('calculator.fields.loanAmount')}>
        <DecimalInput grouped prefix="HK$" />
      </Form.Item>
      <Form.Item name="totalTenor" label={t('calculator.fields.totalTenor')}>
        <InputNumber precision={0} style={{ width: '100%' }} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="repayCycle" label={t('calculator.fields.repayCycle')}>
        <Select options={REPAY_CYCLES.map((c) => ({ value: c, label: t(`calculator.repayCycle.${c}`) }))} />
      </Form.Item>
      {cycle === 'monthly' && (
        <Form.Item name="cycleMonths" label={t('calculator.fields.cycleMonths')}>
          <InputNumber precision={0} style={{ width: '100%' }} inputMode="numeric" />
        </Form.Item>
      )}
      {cycle === 'every-n-days' && (
        <Form.Item name="cycleDays" label={t('calculator.fields.cycleDays')}>
          <InputNumber precision={0} style={{ width: '100%' }} inputMode="numeric" />
        </Form.Item>
      )}
      <Form.Item name="interestMethod" label={t('calculator.fields.interestMethod')}>
        <Radio.Group
          optionType="button"
          options={methods.map((m) => ({ value: m, label: t(`calculator.interestMethod.${m}`) }))}
        />
      </Form.Item>
      <Form.Item name="rateType" label={t('calculator.fields.rateType')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'flat', label: t('calculator.rateType.flat') },
            { value: 'effective', label: t('calculator.rateType.effective') },
          ]}
        />
      </Form.Item>
      <Form.Item name="rate" label={t('calculator.fields.rate')} extra={rateHelp}>
        <DecimalInput suffix="%" />
      </Form.Item>
      {options?.ruleOf78 && cycle === 'monthly' && (
        <Form.Item name="ruleOf78" valuePropName="checked" extra={t('calculator.help.ruleOf78')}>
          <Checkbox>{t('calculator.fields.ruleOf78')}</Checkbox>
        </Form.Item>
      )}
      <Form.Item name="loanDate" label={t('calculator.fields.loanDate')}>
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} allowClear={false} />
      </Form.Item>
      <Form.Item name="firstDueDate" label={t('calculator.fields.firstDueDate')} extra={t('calculator.help.firstDueDate')}>
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="amountDeducted" label={t('calculator.fields.amountDeducted')} extra={t('calculator.help.amountDeducted')}>
        <DecimalInput grouped prefix="HK$" />
      </Form.Item>
    </Form>
  );
}
