import { Checkbox, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DAY_COUNTS,
  DECIMAL_PLACES,
  HOLIDAY_OVERDUE_INTEREST,
  LATE_PAYOUT_POLICIES,
  PRINCIPAL_REPAYMENT_RULES,
  INTEREST_METHODS,
  MAX_APR_EXCESS_ACTIONS,
  ROUNDING_MODES,
  SETTING_INTEGER_RANGES,
  WEEKDAYS,
  type SystemSettingKey,
} from '@harbour/contracts';
import { DecimalInput } from '../../components/DecimalInput.js';

/** Settings that are on/off switches (Form.Item must read `checked`). */
export const SWITCHES: ReadonlySet<SystemSettingKey> = new Set(['ruleOf78', 'moveDueDateOffHoliday']);


/** The input of one setting. antd's Form.Item passes value/onChange/id through `rest`. */
export function SettingControl({ name, ...rest }: { name: SystemSettingKey } & Record<string, unknown>) {
  const { t } = useTranslation('settings');
  const opt = (group: string, v: string | number) => ({ value: v, label: t(`options.${group}.${v}`) });
  switch (name) {
    case 'interestMethods':
      return <Checkbox.Group options={INTEREST_METHODS.map((m) => opt('interestMethods', m))} {...rest} />;
    case 'maxApr':
      return <DecimalInput suffix="%" style={{ width: 160 }} {...rest} />;
    case 'dtiReasonAbove':
      // empty (cleared) is saved as "no limit"
      return <DecimalInput suffix="%" placeholder={t('noLimit')} style={{ width: 200 }} {...rest} />;
    case 'lateDrawdownFee':
      return <DecimalInput grouped prefix="HK$" style={{ width: 200 }} {...rest} />;
    case 'maxAprExcessAction':
      return <Radio.Group options={MAX_APR_EXCESS_ACTIONS.map((a) => opt('maxAprExcessAction', a))} {...rest} />;
    case 'dayCount':
      return <Radio.Group optionType="button" options={DAY_COUNTS.map((d) => opt('dayCount', d))} {...rest} />;
    case 'decimalPlaces':
      return <Radio.Group optionType="button" options={DECIMAL_PLACES.map((d) => ({ value: d, label: String(d) }))} {...rest} />;
    case 'rounding':
      return <Select style={{ maxWidth: 280 }} options={ROUNDING_MODES.map((r) => opt('rounding', r))} {...rest} />;
    case 'holidayOverdueInterest':
      return <Select style={{ maxWidth: 320 }} options={HOLIDAY_OVERDUE_INTEREST.map((h) => opt('holidayOverdueInterest', h))} {...rest} />;
    case 'principalRepaymentRule':
      return <Radio.Group options={PRINCIPAL_REPAYMENT_RULES.map((r) => opt('principalRepaymentRule', r))} {...rest} />;
    case 'latePayoutPolicy':
      return <Radio.Group options={LATE_PAYOUT_POLICIES.map((p) => opt('latePayoutPolicy', p))} {...rest} />;
    case 'daysOff':
      return <Checkbox.Group options={WEEKDAYS.map((d) => opt('weekday', d))} {...rest} />;
    default: {
      if (SWITCHES.has(name)) return <Switch {...rest} />;
      const range = (SETTING_INTEGER_RANGES as Partial<Record<SystemSettingKey, { min: number; max: number }>>)[name];
      return <InputNumber precision={0} min={range?.min} max={range?.max} style={{ width: 160 }} inputMode="numeric" {...rest} />;
    }
  }
}
