import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DueState, RepaymentItem } from '@harbour/contracts';
import { fail, fakeApi, ok, renderAt, signIn, type Call } from '../../generic/test-harness';
import RepaymentProcessPage from './RepaymentProcessPage';

const instalment = (tenor: number, dueDate: string, state: DueState['instalments'][number]['state']) => ({
  tenor,
  dueDate,
  principal: '4000.00',
  interest: '500.00',
  paidPrincipal: '0.00',
  paidInterest: '0.00',
  unpaid: '4500.00',
  overdueDays: state === 'overdue' ? 12 : 0,
  overdueInterest: state === 'overdue' ? '35.50' : '0.00',
  handlingFee: state === 'overdue' ? '300.00' : '0.00',
  state,
});
const due: DueState = {
  loanId: 1,
  storeId: 1,
  loanNo: 'LNMK26110001',
  status: 'repaying',
  customerName: '陳志明',
  customerPhones: ['****4514', '****0002'],
  loanAmount: '8000.00',
  instalmentAmount: '4500.00',
  totalTenor: 2,
  asOf: '2026-01-10',
  lastRepaymentDate: null,
  instalments: [instalment(1, '2025-12-29', 'overdue'), instalment(2, '2026-01-29', 'future')],
  overdueAmount: '4500.00',
  overdueInterest: '35.50',
  handlingFee: '300.00',
  amountDue: '4835.50',
  tempAmount: '0.00',
  unpaidPrincipal: '8000.00',
  remainingScheduled: '9000.00',
  nextTenor: 2,
  nextDueDate: '2026-01-29',
};
const allocation = {
  repayDate: '2026-01-10',
  received: '5000.00',
  overdueInterest: '35.50',
  handlingFee: '300.00',
  interest: '500.00',
  principal: '4000.00',
  tempAmount: '164.50',
  lines: [{ tenor: 1, overdueInterest: '35.50', handlingFee: '300.00', interest: '500.00', principal: '4000.00' }],
  completes: false,
};
const receipt: RepaymentItem = {
  ...allocation,
  id: 31,
  storeId: 1,
  storeName: '旺角店',
  repayNo: 'RPMK202601100001',
  tempUsed: '0.00',
  paidOut: '0.00',
  lockPeriodFee: '0.00',
  rebate: '0.00',
  loanId: 1,
  loanNo: 'LNMK26110001',
  customerName: '陳志明',
  repayType: 'auto',
  tenor: null,
  method: 'cash',
  chequeNo: null,
  remarks: null,
  createdByName: 'Tester',
  createdAt: '2026-01-10T03:00:00.000Z',
  correction: null,
  correctionReason: null,
  correctedOn: null,
  correctedByName: null,
  latest: true,
};
const company = { nameZh: '海港財務有限公司', nameEn: 'Harbour Finance Limited', licenceNo: '0001/2026', brNo: null, addressZh: null, addressEn: null, phone: null, fax: null, email: null, website: null, logoUrl: null, updatedAt: null };

afterEach(() => vi.unstubAllGlobals());

function api(onPost: (c: Call) => ReturnType<typeof ok> | ReturnType<typeof fail>) {
  return fakeApi((c) => {
    if (c.method === 'GET' && c.path === '/repayments/due') return ok(due);
    if (c.method === 'POST' && c.path === '/repayments/preview') return ok(allocation);
    if (c.method === 'POST' && c.path === '/repayments') return onPost(c);
    if (c.path === '/companyInfo') return ok(company);
    return undefined;
  });
}

/** Post receipt (its button, or Ctrl+Enter in the amount), then the confirmation's button (an earlier confirmation may still be closing). */
const confirmPost = async (how: 'button' | 'keys' = 'button', amount = /5,000\.00/) => {
  const before = document.querySelectorAll('.ant-modal-confirm').length;
  if (how === 'keys') fireEvent.keyDown(screen.getByLabelText('Received amount'), { key: 'Enter', ctrlKey: true });
  // the form's button comes first (a closing confirmation may still hide the page from the accessibility tree)
  else fireEvent.click(screen.getAllByRole('button', { hidden: true }).find((b) => b.textContent === 'Post receipt')!);
  const box = await waitFor(() => {
    const all = document.querySelectorAll('.ant-modal-confirm');
    if (all.length <= before) throw new Error('no confirmation yet');
    return all[all.length - 1] as HTMLElement;
  });
  expect(within(box).getByText(amount)).toBeInTheDocument();
  fireEvent.click(within(box).getByRole('button', { name: 'Post receipt' }));
};

describe('RepaymentProcessPage', () => {
  it('shows the due state, previews the allocation, and posts with one key per receipt form', async () => {
    signIn(['repayment.process']);
    let answer: ReturnType<typeof ok> | ReturnType<typeof fail> = fail(422, 'The repayment date cannot be later than today (2026-01-10).');
    const calls = api(() => answer);
    renderAt('/repayment/process?loanId=1', <RepaymentProcessPage />);

    expect(await screen.findByText('LNMK26110001 · 陳志明')).toBeInTheDocument();
    expect(screen.getByText('4,835.50')).toBeInTheDocument(); // amount due
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/repayments/due')?.query.get('loanId')).toBe('1');

    fireEvent.change(screen.getByLabelText('Received amount'), { target: { value: '5000.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Allocation')).toBeInTheDocument();
    expect(screen.getByText('164.50')).toBeInTheDocument(); // kept as the temporary amount
    expect(calls.find((c) => c.path === '/repayments/preview')?.body).toMatchObject({ loanId: 1, received: '5000', repayType: 'auto' });

    // The server's refusal is shown as it comes; the retry carries the same key.
    await confirmPost();
    expect(await screen.findByText('The repayment date cannot be later than today (2026-01-10).')).toBeInTheDocument();
    answer = ok(receipt);
    await confirmPost();
    expect((await screen.findAllByText('Receipt RPMK202601100001 posted.')).length).toBeGreaterThan(0);
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/repayments').map((c) => c.body as Record<string, unknown>);
    expect(posts).toHaveLength(2);
    expect(posts[0]).toMatchObject({ loanId: 1, received: '5000', method: 'cash' });
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);

    // The receipt to print, and a fresh form: the next receipt gets a new key.
    expect(await screen.findByText('Receipt no. RPMK202601100001')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Received amount'), { target: { value: '5000.00' } });
    await confirmPost();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/repayments')).toHaveLength(3));
    const third = calls.filter((c) => c.method === 'POST' && c.path === '/repayments')[2]!.body as Record<string, unknown>;
    expect(third.idempotencyKey).not.toBe(posts[0]!.idempotencyKey);
  });

  it('offers the confirmation when the server asks to confirm a reschedule above the company’s maximum APR, and sends it', async () => {
    signIn(['repayment.process']);
    const asked = 'Repaying 5000.00 of principal would reschedule the loan to 41.20% a year on the borrower’s whole cash flows, above the company’s maximum APR of 36%; confirm to go ahead.';
    const calls = api((c) => ((c.body as { confirmExcess?: boolean }).confirmExcess ? ok(receipt) : fail(422, asked)));
    renderAt('/repayment/process?loanId=1', <RepaymentProcessPage />);
    await screen.findByText('LNMK26110001 · 陳志明');
    fireEvent.change(screen.getByLabelText('Received amount'), { target: { value: '5000.00' } });
    expect(screen.queryByLabelText('I confirm the repayment above the company’s maximum APR')).toBeNull();
    await confirmPost();
    expect(await screen.findByText(asked)).toBeInTheDocument();
    fireEvent.click(await screen.findByLabelText('I confirm the repayment above the company’s maximum APR'));
    await confirmPost();
    expect((await screen.findAllByText('Receipt RPMK202601100001 posted.')).length).toBeGreaterThan(0);
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/repayments').map((c) => c.body as Record<string, unknown>);
    expect(posts.map((b) => b.confirmExcess)).toEqual([undefined, true]);
    // a fresh form does not carry the confirmation on
    expect(screen.queryByLabelText('I confirm the repayment above the company’s maximum APR')).toBeNull();
  });

  it('asks for the cheque number of a cheque before calling the server', async () => {
    signIn(['repayment.process']);
    const calls = api(() => ok(receipt));
    renderAt('/repayment/process?loanId=1', <RepaymentProcessPage />);
    await screen.findByText('LNMK26110001 · 陳志明');
    fireEvent.change(screen.getByLabelText('Received amount'), { target: { value: '5000.00' } });
    fireEvent.mouseDown(screen.getByLabelText('Payment method'));
    fireEvent.click(await screen.findByTitle('Cheque'));
    expect(await screen.findByLabelText('Cheque no.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Post receipt' }));
    expect(await screen.findByText('Enter the cheque number.')).toBeInTheDocument();
    // no receipt posted (the live preview may have asked for the allocation meanwhile)
    expect(calls.some((c) => c.method === 'POST' && c.path === '/repayments')).toBe(false);
  });

  it('opens with the amount focused, shows the borrower’s masked phones and the oldest overdue tenor, previews live and on Enter, and posts on Ctrl+Enter', async () => {
    signIn(['repayment.process']);
    const calls = api(() => ok(receipt));
    renderAt('/repayment/process?loanId=1', <RepaymentProcessPage />);
    await screen.findByText('LNMK26110001 · 陳志明');
    const amount = screen.getByLabelText('Received amount');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(screen.getByLabelText('Phones')).toHaveTextContent('****4514 / ****0002');
    expect(screen.getByText('Overdue: tenor 1 (since 2025-12-29)')).toBeInTheDocument();

    // typing previews by itself once typing settles: one request for the settled amount
    fireEvent.change(amount, { target: { value: '5000.00' } });
    expect(await screen.findByRole('region', { name: 'Allocation' }, { timeout: 2000 })).toHaveTextContent('164.50');
    const previews = () => calls.filter((c) => c.path === '/repayments/preview').map((c) => (c.body as { received: string }).received);
    expect(previews()).toEqual(['5000']);
    // Enter asks at once for the amount now typed (no wait for the pause)
    fireEvent.change(amount, { target: { value: '4000' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Allocation' })).toBeNull());
    fireEvent.submit(amount.closest('form')!);
    await waitFor(() => expect(previews()).toEqual(['5000', '4000']));

    await confirmPost('keys', /4,000\.00/);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/repayments')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/repayments')!.body).toMatchObject({ loanId: 1, received: '4000', method: 'cash', repayType: 'auto' });
  });
});
