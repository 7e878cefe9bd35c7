import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProcessListItem, ProcessListPage as ListPage, RepaymentItem, RepaymentOperation } from '@harbour/contracts';
import { fakeApi, locationNow, ok, renderAt, signIn } from '../../generic/test-harness';
import ProcessListPage from './ProcessListPage';
import RepaymentOperationPage from './RepaymentOperationPage';

const row = (over: Partial<ProcessListItem>): ProcessListItem => ({
  loanId: 7,
  storeId: 1,
  storeName: 'Mong Kok',
  loanNo: 'MK2611001',
  loanType: 'private_loan',
  status: 'repaying',
  customerId: 3,
  customerName: 'Chan Tai Man',
  idNumber: 'A123****',
  mobile: '9123****',
  payoutDate: '2026-10-01',
  loanAmount: '12000.00',
  instalmentAmount: '2120.00',
  totalTenor: 6,
  paidTenors: 1,
  nextTenor: 2,
  nextDueDate: '2026-11-10',
  overdueTenors: 1,
  daysOverdue: 13,
  overdueAmount: '2120.00',
  overdueInterest: '27.88',
  handlingFee: '100.00',
  unpaidPrincipal: '10000.00',
  tempAmount: '0.00',
  lastReceiptDate: '2026-10-31',
  lastReceiptAmount: '2120.00',
  staffId: 2,
  staffName: 'Lee Clerk',
  asOf: '2026-11-23',
  ...over,
});

const LIST: ListPage = {
  items: [row({}), row({ loanId: 8, loanNo: 'MK2611002', status: 'bad', paidTenors: null, nextDueDate: null, overdueTenors: null, daysOverdue: null, overdueAmount: null, overdueInterest: null, handlingFee: null, unpaidPrincipal: null, lastReceiptDate: null, lastReceiptAmount: null, asOf: null })],
  total: 2,
  page: 1,
  pageSize: 20,
  today: '2026-11-23',
  staff: [{ id: 2, name: 'Lee Clerk' }],
};

const receipt = (over: Partial<RepaymentItem>): RepaymentItem => ({
  id: 31,
  storeId: 1,
  storeName: 'Mong Kok',
  repayNo: 'R2611001',
  loanId: 7,
  loanNo: 'MK2611001',
  customerName: 'Chan Tai Man',
  repayDate: '2026-10-31',
  repayType: 'auto',
  tenor: null,
  received: '2420.00',
  overdueInterest: '0.00',
  handlingFee: '0.00',
  interest: '120.00',
  principal: '2000.00',
  tempAmount: '300.00',
  tempUsed: '0.00',
  paidOut: '0.00',
  lockPeriodFee: '0.00',
  rebate: '0.00',
  method: 'cash',
  chequeNo: null,
  remarks: null,
  createdByName: 'Lee Clerk',
  createdAt: '2026-10-31T02:00:00.000Z',
  correction: null,
  correctionReason: null,
  correctedOn: null,
  correctedByName: null,
  latest: true,
  lines: [{ tenor: 1, overdueInterest: '0.00', handlingFee: '0.00', interest: '120.00', principal: '2000.00' }],
  ...over,
});

const inst = (tenor: number, over: Partial<RepaymentOperation['instalments'][number]>) => ({
  tenor,
  dueDate: `2026-1${tenor - 1}-01`,
  principal: '2000.00',
  interest: '120.00',
  paidPrincipal: '0.00',
  paidInterest: '0.00',
  interestWaived: '0.00',
  overdueInterestCharged: '0.00',
  overdueInterestPaid: '0.00',
  overdueInterestWaived: '0.00',
  feeCharged: '0.00',
  feePaid: '0.00',
  feeWaived: '0.00',
  outstanding: '2120.00',
  overdueDays: 0,
  state: 'future' as const,
  ...over,
});

const OP: RepaymentOperation = {
  loan: { loanId: 7, storeId: 1, storeName: 'Mong Kok', loanNo: 'MK2611001', applyNo: 'A2609001', loanType: 'private_loan', status: 'repaying', loanDate: '2026-10-01', interestStartDate: '2026-10-01', payoutDate: '2026-10-01', loanAmount: '4000.00', instalmentAmount: '2120.00', totalTenor: 2, repayCycle: 'monthly', staffName: 'Lee Clerk' },
  customer: { id: 3, name: 'Chan Tai Man', idNumber: 'A123****', mobile: '9123****' },
  figures: { asOf: '2026-11-23', paidTenors: 1, nextTenor: 2, nextDueDate: '2026-11-01', overdueTenors: 1, daysOverdue: 22, overdueAmount: '2120.00', overdueInterest: '45.10', handlingFee: '100.00', amountDue: '2265.10', unpaidPrincipal: '2000.00', tempAmount: '300.00', lastRepaymentDate: '2026-10-31' },
  instalments: [
    inst(1, { paidPrincipal: '2000.00', paidInterest: '120.00', outstanding: '0.00', state: 'paid' }),
    inst(2, { overdueInterestCharged: '45.10', feeCharged: '100.00', outstanding: '2265.10', overdueDays: 22, state: 'overdue' }),
  ],
  totals: { principal: '4000.00', interest: '240.00', paidPrincipal: '2000.00', paidInterest: '120.00', interestWaived: '0.00', overdueInterestCharged: '45.10', overdueInterestPaid: '0.00', overdueInterestWaived: '0.00', feeCharged: '100.00', feePaid: '0.00', feeWaived: '0.00', outstanding: '2265.10' },
  receipts: [receipt({})],
  temporary: [{ repaymentId: 31, repayNo: 'R2611001', repayDate: '2026-10-31', repayType: 'auto', amountIn: '300.00', amountOut: '0.00', balance: '300.00', correction: null }],
  waivers: [],
  waivable: { asOf: '2026-11-23', overdueInterest: '45.10', fee: '100.00' },
};

afterEach(() => vi.unstubAllGlobals());

describe('ProcessListPage', () => {
  it('shows the loans with grouped amounts and masked numbers, a dash where a written-off loan keeps no figures, and opens a loan', async () => {
    fakeApi((c) => (c.path === '/repayments/processList' ? ok(LIST) : c.path === '/optionChoices' ? ok({ loanType: [] }) : undefined));
    renderAt('/repayment/processList', <ProcessListPage />);
    const first = await screen.findByRole('row', { name: /MK2611001/ });
    expect(within(first).getByText('A123****')).toBeInTheDocument();
    expect(within(first).getByText('13 days')).toBeInTheDocument();
    expect(within(first).getByText('1/6')).toBeInTheDocument();
    expect(within(first).getByText('10,000.00')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'MK2611001' })).toHaveAttribute('href', '/repayment/operation?loanId=7');
    const bad = screen.getByRole('row', { name: /MK2611002/ });
    expect(within(bad).getAllByTitle('Written off: no figures kept').length).toBeGreaterThan(3);
    expect(screen.getByText('2 loans')).toBeInTheDocument();
    fireEvent.click(within(bad).getByText('Chan Tai Man'));
    await waitFor(() => expect(locationNow()).toBe('/repayment/operation?loanId=8'));
  });

  it('asks for repaying loans first and sends the search and overdue filter to the server', async () => {
    const seen: URLSearchParams[] = [];
    fakeApi((c) => {
      if (c.path === '/optionChoices') return ok({ loanType: [] });
      if (c.path !== '/repayments/processList') return undefined;
      seen.push(c.query);
      return ok(LIST);
    });
    renderAt('/repayment/processList', <ProcessListPage />);
    await screen.findByRole('row', { name: /MK2611001/ });
    expect(seen[0]?.get('status')).toBe('repaying');
    fireEvent.change(screen.getByPlaceholderText('Loan no., name, ID number or phone'), { target: { value: 'A123456(3)' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(seen.at(-1)?.get('q')).toBe('A123456(3)'));
    expect(seen.at(-1)?.get('pageSize')).toBe('20');
  });
});

describe('RepaymentOperationPage', () => {
  it('shows the loan’s figures, instalments with totals, receipts and temporary amount, and the actions the keys allow', async () => {
    signIn(['repayment.operation', 'repayment.process', 'repayment.statement']);
    fakeApi((c) => (c.path === '/repayments/operation' ? ok(OP) : c.path === '/optionChoices' ? ok({ loanType: [] }) : undefined));
    renderAt('/repayment/operation?loanId=7', <RepaymentOperationPage />);
    expect(await screen.findByText('MK2611001 · Chan Tai Man')).toBeInTheDocument();
    expect(screen.getByText('1 tenors, 22 days')).toBeInTheDocument();
    expect(screen.getAllByText('2,265.10').length).toBeGreaterThanOrEqual(2);
    const instalments = screen.getByText('Instalments').closest('.ant-card') as HTMLElement;
    const overdueRow = within(instalments).getByRole('row', { name: /2026-11-01/ });
    expect(within(overdueRow).getByText('Overdue')).toBeInTheDocument();
    const totals = within(instalments).getByRole('row', { name: /^Total/ });
    expect(within(totals).getByText('4,000.00')).toBeInTheDocument();
    expect(screen.getAllByRole('row', { name: /R2611001/ })).toHaveLength(2);
    expect(screen.queryByRole('columnheader', { name: 'Interest waived' })).toBeNull();
    // a manager's void and the settlement's key are not held: no buttons for them
    expect(screen.queryByRole('button', { name: /Void latest receipt/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Statement/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Repay/ }));
    await waitFor(() => expect(locationNow()).toBe('/repayment/process?loanId=7'));
  });

  it('offers the void of the latest receipt to a holder of the key, and a finder without a loan', async () => {
    signIn(['repayment.operation', 'repayment.void']);
    fakeApi((c) => (c.path === '/repayments/operation' ? ok(OP) : c.path === '/optionChoices' ? ok({ loanType: [] }) : undefined));
    renderAt('/repayment/operation?loanId=7', <RepaymentOperationPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Void latest receipt/ }));
    expect(await screen.findByRole('dialog', { name: /R2611001/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Repay$/ })).toBeNull();
  });

  it('opens the loan finder when no loan is given', async () => {
    signIn(['repayment.operation']);
    fakeApi(() => undefined);
    renderAt('/repayment/operation', <RepaymentOperationPage />);
    expect(await screen.findByText('Find a paid-out loan to service')).toBeInTheDocument();
  });
});
