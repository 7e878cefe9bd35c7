import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Descriptions } from 'antd';
import { ensureLanguage, i18next } from '../../i18n/index.js';
import { annualRateItems } from './LoanRates';

/** The loan of issue 30: 25.60% nominal on the application form, 29.58% effective on the s.18 note. */
const LOAN = { nominalRate: '25.6012', mloRate: '29.5834', mloStatus: 'ok' as const };

const show = (loan: Parameters<typeof annualRateItems>[0], lng: 'en' | 'zh-TW' = 'en') =>
  render(<Descriptions items={annualRateItems(loan, i18next.getFixedT(lng, 'loans'))} />);

describe('the loan page’s annual rates', () => {
  it('shows the nominal annual rate beside the Ordinance’s effective rate, each explained in its tooltip', () => {
    show(LOAN);
    const nominal = screen.getByText('Nominal annual rate').closest('tr')!;
    expect(within(nominal).getByText('25.60%')).toBeInTheDocument();
    expect(within(nominal).getByText('Effective annual rate (Money Lenders Ordinance)')).toBeInTheDocument();
    expect(within(nominal).getByText('29.58%')).toBeInTheDocument();
    expect(within(nominal).getByText('Within 36%')).toBeInTheDocument();
    // the same hints as the papers' and the calculator's rates
    expect(screen.getByRole('img', { name: i18next.t('loans:rateHints.nominalRate', { lng: 'en' }) })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: i18next.t('loans:rateHints.mloRate', { lng: 'en' }) })).toBeInTheDocument();
  });

  it('reads in Chinese with the glossary’s terms, and shows a dash when the server has no nominal rate', async () => {
    await ensureLanguage('zh-TW');
    show({ ...LOAN, nominalRate: null }, 'zh-TW');
    const row = screen.getByText('名義年利率').closest('tr')!;
    expect(within(row).getByText('—')).toBeInTheDocument();
    expect(within(row).getByText('29.58%')).toBeInTheDocument();
  });
});
