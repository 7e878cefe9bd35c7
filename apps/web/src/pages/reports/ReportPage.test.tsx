import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportAnswer } from '@harbour/contracts';
import { fakeApi, locationNow, ok, renderAt } from '../../generic/test-harness';
import ReportPage from './ReportPage';

const ROW = (applyNo: string, amount: string, approved: string | null, status: string) => ({
  applyNo,
  customerName: '陳大文',
  storeName: 'Mong Kok',
  applyDate: '2026-05-03',
  amountApplied: amount,
  amountApproved: approved,
  status,
  approver: approved ? 'Manager' : null,
  decisionDate: approved ? '2026-05-04' : null,
});

const ANSWER: ReportAnswer = {
  name: 'approvalStatus',
  params: { dateFrom: '2026-05-01', dateTo: '2026-05-31', store: null, status: null },
  rows: [ROW('APMK26050001', '12000.00', '12000.00', 'repaying'), ROW('APMK26050002', '1500.50', null, 'reject')],
  totals: { amountApplied: '13500.50', amountApproved: '12000.00' },
  total: 2,
  page: 1,
  pageSize: 50,
  generatedAt: '2026-05-31T04:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('ReportPage', () => {
  it('renders a report from its declaration: the defaults in the form, money with separators, enums translated, the totals row', async () => {
    const calls = fakeApi((c) => (c.path === '/reports/approvalStatus' ? ok(ANSWER) : undefined));
    renderAt('/reports/approvalStatus', <ReportPage />);
    expect(await screen.findByText('APMK26050001')).toBeInTheDocument();
    expect(screen.getByText('Approval status report', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.getByText(/Loan applications made in the period/)).toBeInTheDocument();
    // the server's defaults fill the form
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('2026-05-01'));
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('2026-05-31');
    expect(screen.getAllByText('12,000.00').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('1,500.50')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    const totals = document.querySelector<HTMLElement>('.report-totals')!;
    expect(within(totals).getByText('Total')).toBeInTheDocument();
    expect(within(totals).getByText('13,500.50')).toBeInTheDocument();
    expect(screen.getByText('2 rows')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/reports/approvalStatus')!.query.get('page')).toBe('1');
  });

  it('says the figures may miss the latest changes when the server read them on a standby that is behind', async () => {
    fakeApi((c) => (c.path === '/reports/approvalStatus' ? ok({ ...ANSWER, replicaBehindSeconds: 12 }) : undefined));
    renderAt('/reports/approvalStatus', <ReportPage />);
    expect(await screen.findByText('APMK26050001')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Read from the reporting copy of the database, which is 12 s behind: changes made in the last 12 seconds may be missing. Run the report again shortly for the latest figures.',
    );
  });

  it('shows no lag notice for an answer read on the primary or a standby keeping up', async () => {
    fakeApi((c) => (c.path === '/reports/approvalStatus' ? ok(ANSWER) : undefined));
    renderAt('/reports/approvalStatus', <ReportPage />);
    expect(await screen.findByText('APMK26050001')).toBeInTheDocument();
    expect(screen.queryByText(/reporting copy of the database/)).not.toBeInTheDocument();
  });

  it('asks the server to sort when a column header is clicked, and opens the print view with the same parameters', async () => {
    const calls = fakeApi((c) => (c.path === '/reports/approvalStatus' ? ok(ANSWER) : undefined));
    renderAt('/reports/approvalStatus', <ReportPage />);
    await screen.findByText('APMK26050001');
    fireEvent.click(screen.getByRole('columnheader', { name: /Amount applied/ }));
    await waitFor(() => expect(calls.some((c) => c.query.get('sort') === 'amountApplied:asc')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Print view/ }));
    await waitFor(() => expect(locationNow()).toMatch(/^\/reports\/approvalStatus\?.*print=1/));
    expect(locationNow()).toContain('dateFrom=2026-05-01');
    expect(locationNow()).toContain('sort=amountApplied%3Aasc');
  });

  it('prints every row with the parameters and the totals', async () => {
    const calls = fakeApi((c) => (c.path === '/reports/approvalStatus' ? ok(ANSWER) : undefined));
    renderAt('/reports/approvalStatus?print=1&dateFrom=2026-05-01&dateTo=2026-05-31', <ReportPage />);
    const sheet = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.report-sheet-preview .report-sheet');
      if (!el) throw new Error('no sheet yet');
      return el;
    });
    expect(within(sheet).getByRole('heading', { name: 'Approval status report' })).toBeInTheDocument();
    expect(within(sheet).getByText('2026-05-01')).toBeInTheDocument();
    expect(within(sheet).getByText('13,500.50')).toBeInTheDocument();
    expect(sheet.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(calls.find((c) => c.path === '/reports/approvalStatus')!.query.get('pageSize')).toBe('5000');
  });

  it('says so for a report that is not declared', () => {
    fakeApi(() => undefined);
    renderAt('/reports/nonsense', <ReportPage />);
    expect(screen.getByText('This report does not exist.')).toBeInTheDocument();
  });
});
