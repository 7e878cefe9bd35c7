import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReportAnswer } from '@harbour/contracts';
import { fakeApi, ok, renderAt, signIn } from '../../generic/test-harness';
import { compactMoney } from '../../components/format';
import { columnsStorageKey } from './report-columns';
import ReportPage from './ReportPage';

const LOAN_ROW = {
  loanNo: 'LNMK26050001',
  customerName: '陳大文',
  storeName: 'Mong Kok',
  loanType: 'Personal',
  payoutDate: '2026-05-03',
  loanAmount: '120000.00',
  flatRate: '1.2000',
  annualRate: '29.5800',
  totalTenor: 24,
  upfrontInterest: '0.00',
  fees: '500.00',
  oldLoanSettled: '0.00',
  netPaid: '119500.00',
};
const LOAN: ReportAnswer = {
  name: 'loan',
  params: { dateFrom: '2026-05-01', dateTo: '2026-05-31', store: null },
  rows: [LOAN_ROW],
  totals: { loanAmount: '120000.00', upfrontInterest: '0.00', fees: '500.00', oldLoanSettled: '0.00', netPaid: '119500.00' },
  total: 1,
  page: 1,
  pageSize: 50,
  generatedAt: '2026-05-31T04:00:00.000Z',
};

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');

async function openChooser() {
  fireEvent.click(await screen.findByRole('button', { name: /Columns 10\/13|Columns 11\/13/ }));
  return screen.findByText('Columns shown');
}

afterEach(() => cleanup());

describe('report column chooser', () => {
  it('shows the declared default columns, remembers a choice per user and report, and restores the default', async () => {
    signIn(['reports.loan']);
    fakeApi((c) => (c.path === '/reports/loan' ? ok(LOAN) : undefined));
    const first = renderAt('/reports/loan', <ReportPage />);
    await screen.findByText('LNMK26050001');
    // the optional columns (loan type, flat rate, old loan settled) start hidden; net paid is shown
    expect(headers().some((h) => h.includes('Net paid'))).toBe(true);
    expect(headers().some((h) => h.includes('Flat rate'))).toBe(false);
    expect(screen.getByRole('button', { name: /Columns 10\/13/ })).toBeInTheDocument();

    await openChooser();
    const loanNo = screen.getByRole('checkbox', { name: 'Loan no.' });
    expect(loanNo).toBeChecked();
    expect(loanNo).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /Flat rate/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fees' }));
    await waitFor(() => expect(headers().some((h) => h.includes('Flat rate'))).toBe(true));
    expect(headers().some((h) => h.includes('Fees'))).toBe(false);
    expect(JSON.parse(localStorage.getItem(columnsStorageKey(7, 'loan'))!)).toEqual([
      'loanNo', 'customerName', 'storeName', 'payoutDate', 'loanAmount', 'flatRate', 'annualRate', 'totalTenor', 'upfrontInterest', 'netPaid',
    ]);
    first.unmount();

    // the same user opening the report again sees their choice
    renderAt('/reports/loan', <ReportPage />);
    await screen.findByText('LNMK26050001');
    expect(headers().some((h) => h.includes('Flat rate'))).toBe(true);
    expect(headers().some((h) => h.includes('Fees'))).toBe(false);
    // another report keeps its own default
    expect(localStorage.getItem(columnsStorageKey(7, 'overdue'))).toBeNull();

    await openChooser();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the default columns' }));
    await waitFor(() => expect(headers().some((h) => h.includes('Flat rate'))).toBe(false));
    expect(headers().some((h) => h.includes('Fees'))).toBe(true);
    expect(localStorage.getItem(columnsStorageKey(7, 'loan'))).toBeNull();
    // antd's table and popover render slowly under jsdom: three renders of a 13-column report
  }, 60_000);

  it('a compact column shortens large amounts on screen and keeps the cents below 10,000', () => {
    expect(compactMoney('12345.67')).toBe('12.3K');
    expect(compactMoney('123456.00')).toBe('123K');
    expect(compactMoney('1250000.00')).toBe('1.25M');
    expect(compactMoney('-45678.90')).toBe('-45.7K');
    expect(compactMoney('9999.99')).toBe('9,999.99');
  });
});
