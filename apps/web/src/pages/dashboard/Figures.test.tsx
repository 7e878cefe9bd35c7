import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dashboard } from '@harbour/contracts';
import { fail, fakeApi, ok, renderAt } from '../../generic/test-harness';
import { Figures } from './Figures';

// ECharts is not drawn in jsdom: the chart stands in as its labelled box
vi.mock('./LazyChart', () => ({ LazyChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const period = (disbursed: string, n: number, collected: string) => ({ disbursed, disbursedLoans: n, collected });
const DASH: Dashboard = {
  storeId: 1,
  stores: [
    { id: 1, name: 'Mong Kok' },
    { id: 2, name: 'Kwun Tong' },
  ],
  allowAll: true,
  today: '2026-11-24',
  book: { repayingLoans: 8, ocaLoans: 1, outstandingPrincipal: '575980.18' },
  thisMonth: period('450000.00', 3, '11900.00'),
  lastMonth: period('54000.00', 2, '20000.00'),
  lastMonthToDate: period('54000.00', 2, '11900.00'),
  months: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map((month) => ({ month, ...period('1000.00', 1, '0.00') })),
  par: { par30: '14.01', par60: '6.37', par90: '3.25', par30Principal: '80696.46', par60Principal: '36696.46', par90Principal: '18696.46' },
  parTrend: ['2026-05-31', '2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31'].map((asOf) => ({ asOf, outstanding: '1000.00', par30: '0.00', par60: '0.00', par90: '0.00' })),
  dueToday: 2,
  overdue: 5,
  topAgents: [{ agentId: 3, name: 'Golden Gate Credit Services Limited', loans: 2, principal: '120000.00' }],
};

afterEach(() => vi.unstubAllGlobals());

describe('dashboard figures', () => {
  it('shows the book, money with separators right-aligned, PAR percents, deltas and tips-list links', async () => {
    const calls = fakeApi((c) => (c.path === '/dashboard' ? ok(DASH) : undefined));
    renderAt('/dashboard', <Figures tipsAllowed />);
    const outstanding = await screen.findByTestId('fig-outstanding');
    expect(within(outstanding).getByText('575,980.18')).toHaveStyle({ textAlign: 'right' });
    expect(within(screen.getByTestId('fig-repaying')).getByText('8')).toBeInTheDocument();
    expect(within(screen.getByTestId('fig-par30')).getByText('14.01%')).toBeInTheDocument();
    expect(within(screen.getByTestId('fig-par90')).getByText('18,696.46')).toBeInTheDocument();
    // month to date against last month to the same day: disbursed up 733.3%, collected unchanged
    expect(within(screen.getByTestId('fig-disbursed')).getByTestId('delta')).toHaveTextContent('733.3%');
    expect(within(screen.getByTestId('fig-collected')).queryByTestId('delta')).toBeNull();
    expect(within(screen.getByTestId('fig-due-today')).getByRole('link')).toHaveAttribute('href', '/repayment/tipsList?dueFrom=2026-11-24&dueTo=2026-11-24');
    expect(within(screen.getByTestId('fig-overdue')).getByRole('link')).toHaveAttribute('href', '/repayment/tipsList?overdueOnly=yes');
    expect(screen.getByText('Golden Gate Credit Services Limited')).toBeInTheDocument();
    expect(screen.getByText('120,000.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'PAR trend (month-ends)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Disbursed and collected, last 6 months' })).toBeInTheDocument();
    expect(calls[0]!.query.toString()).toBe('');

    // another store: asked by id
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('All stores'));
    await waitFor(() => expect(calls.at(-1)!.query.get('store')).toBe('all'));
  });

  it('shows counts without links when the tips list is not the staff member’s, and the empty agents list', async () => {
    fakeApi((c) => (c.path === '/dashboard' ? ok({ ...DASH, topAgents: [], stores: [DASH.stores[0]], allowAll: false }) : undefined));
    renderAt('/dashboard', <Figures tipsAllowed={false} />);
    const due = await screen.findByTestId('fig-due-today');
    expect(within(due).queryByRole('link')).toBeNull();
    expect(within(due).getByText('2')).toBeInTheDocument();
    expect(screen.getByText(/No loans through referral agents/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('says when the figures could not be loaded, with a retry', async () => {
    fakeApi((c) => (c.path === '/dashboard' ? fail(500, 'boom') : undefined));
    renderAt('/dashboard', <Figures tipsAllowed />);
    expect(await screen.findByText('The figures could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
