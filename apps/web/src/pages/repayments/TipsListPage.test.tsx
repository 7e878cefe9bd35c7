import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DailyJobResult, RepaymentTip, RepaymentTipsPage } from '@harbour/contracts';
import { fakeApi, ok, renderAt, signIn } from '../../generic/test-harness';
import TipsListPage from './TipsListPage';

const tip = (over: Partial<RepaymentTip>): RepaymentTip => ({
  loanId: 7,
  storeId: 1,
  storeName: 'Mong Kok',
  loanNo: 'MK2611001',
  loanStatus: 'repaying',
  customerName: 'Chan Tai Man',
  mobile: '****5678',
  totalTenor: 6,
  nextTenor: 1,
  nextDueDate: '2026-11-10',
  nextAmount: '2120.00',
  overdueTenors: 1,
  overdueAmount: '2120.00',
  overdueInterest: '27.88',
  handlingFee: '100.00',
  amountDue: '2247.88',
  daysOverdue: 13,
  unpaidPrincipal: '12000.00',
  tempAmount: '0.00',
  asOf: '2026-11-23',
  ...over,
});

const PAGE: RepaymentTipsPage = {
  items: [tip({}), tip({ loanId: 8, loanNo: 'MK2611002', nextDueDate: '2026-11-25', overdueTenors: 0, overdueAmount: '0.00', overdueInterest: '0.00', handlingFee: '0.00', amountDue: '1050.50', nextAmount: '1050.50', daysOverdue: 0 })],
  total: 2,
  page: 1,
  pageSize: 20,
  reminderDays: 3,
  today: '2026-11-23',
  asOf: '2026-11-23',
  totals: { amountDue: '3298.38', overdueAmount: '2120.00' },
};

afterEach(() => vi.unstubAllGlobals());

describe('TipsListPage', () => {
  it('shows the overdue and due-soon loans with grouped amounts, the totals and a link to the repayment', async () => {
    fakeApi((c) => (c.path === '/repayments/tips' ? ok(PAGE) : undefined));
    renderAt('/repayment/tipsList', <TipsListPage />);
    const row = await screen.findByRole('row', { name: /MK2611001/ });
    expect(within(row).getByText('13 days overdue')).toBeInTheDocument();
    expect(within(row).getAllByText('2,120.00').length).toBeGreaterThan(0);
    expect(within(row).getByText('2,247.88')).toBeInTheDocument();
    expect(within(row).getByText('****5678')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Repay' })).toHaveAttribute('href', '/repayment/process?loanId=7');
    expect(within(screen.getByRole('row', { name: /MK2611002/ })).getByText('Due soon')).toBeInTheDocument();
    expect(screen.getByText('3,298.38')).toBeInTheDocument();
    expect(screen.getByText('2 loans')).toBeInTheDocument();
  });

  it('sends the filters to the server when searched', async () => {
    const seen: URLSearchParams[] = [];
    fakeApi((c) => {
      if (c.path !== '/repayments/tips') return undefined;
      seen.push(c.query);
      return ok(PAGE);
    });
    renderAt('/repayment/tipsList', <TipsListPage />);
    await screen.findByRole('row', { name: /MK2611001/ });
    fireEvent.change(screen.getByPlaceholderText('Loan no.'), { target: { value: 'MK2611002' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(seen.at(-1)?.get('loanNo')).toBe('MK2611002'));
    expect(seen.at(-1)?.get('pageSize')).toBeNull();
  });

  it('shows the server’s own message when the daily job had already run for the date', async () => {
    signIn(['repayment.tipsList', 'repayment.dailyJob']);
    const message = 'The daily servicing job already ran for 2026-11-23 (finished 2026-11-23 00:05 Hong Kong time); nothing was done now. Running it again needs a forced re-run.';
    const answer: DailyJobResult = { asOf: '2026-11-23', loans: 2, overdue: 1, removed: 0, durationMs: 40, alreadyRan: true, forced: false, ranAt: '2026-11-22T16:05:00.000Z', message };
    const calls = fakeApi((c) => (c.path === '/repayments/tips' ? ok(PAGE) : c.path === '/repayments/dailyJob' ? ok(answer) : undefined));
    renderAt('/repayment/tipsList', <TipsListPage />);
    await screen.findByRole('row', { name: /MK2611001/ });
    fireEvent.click(screen.getByRole('button', { name: /Run daily servicing/ }));
    const confirm = await waitFor(() => {
      const button = document.querySelector('.ant-popconfirm .ant-btn-primary');
      expect(button).not.toBeNull();
      return button as HTMLElement;
    });
    fireEvent.click(confirm);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/repayments/dailyJob').map((c) => [c.method, c.body])).toEqual([['POST', {}]]);
  });
});
