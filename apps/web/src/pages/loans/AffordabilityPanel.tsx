import { Alert, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Affordability } from '@harbour/contracts';
import { Money } from '../../components/Money.js';

const percent = (v: string) => <span style={{ display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{v}%</span>;

/**
 * The affordability assessment the approver decides on (licensing condition 2021): the borrower's
 * monthly income, the existing monthly instalments (section C), this loan's instalment and its
 * monthly figure, the total, the debt-to-income ratio and the company's limit — or why none is
 * needed (secured, or a company borrower). The figures are the server's (`loan.affordability`),
 * the same the approval checks.
 */
export function AffordabilityPanel({ a }: { a: Affordability }) {
  const { t } = useTranslation('loans');
  if (!a.required) {
    return <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t(a.secured ? 'affordability.notRequiredSecured' : 'affordability.notRequiredCompany')} />;
  }
  const monthlyDiffers = a.newMonthly !== a.newInstalment;
  return (
    <div data-testid="affordability" style={{ marginBottom: 12 }}>
      <Descriptions
        bordered
        size="small"
        column={1}
        title={t('affordability.title')}
        styles={{ label: { width: '55%' } }}
        items={[
          { key: 'income', label: t('affordability.income'), children: a.income === null ? <Typography.Text type="danger">—</Typography.Text> : <Money value={a.income} /> },
          { key: 'existing', label: t('affordability.existing'), children: <Money value={a.existing} /> },
          { key: 'new', label: t('affordability.newInstalment'), children: <Money value={a.newInstalment} /> },
          ...(monthlyDiffers ? [{ key: 'monthly', label: t('affordability.newMonthly'), children: <Money value={a.newMonthly} /> }] : []),
          { key: 'total', label: t('affordability.total'), children: <Money value={a.total} /> },
          {
            key: 'ratio',
            label: <strong>{t('affordability.ratio')}</strong>,
            children: a.ratio === null ? t('affordability.ratioUnknown') : <strong style={{ color: a.aboveLimit ? '#cf1322' : undefined }}>{percent(a.ratio)}</strong>,
          },
          { key: 'limit', label: t('affordability.limit'), children: a.limit === null ? t('affordability.noLimit') : percent(a.limit) },
        ]}
      />
      {a.missing.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          title={t('affordability.missingTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {a.missing.map((m) => (
                <li key={`${m.figure}-${m.name ?? ''}`}>{t(`affordability.missing.${m.figure}`, { name: m.name ?? '' })}</li>
              ))}
            </ul>
          }
        />
      )}
      {a.missing.length === 0 && a.aboveLimit && <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('affordability.aboveLimit')} />}
    </div>
  );
}
