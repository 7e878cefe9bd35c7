import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SettlementQuoteAnswer } from '@harbour/contracts';
import { fakeApi, ok, renderAt, signIn } from '../../../generic/test-harness';
import SettlementPage from './SettlementPage';

/** 12,000 with 600 kept back, settled soon after payout: 48.00% a year, above the company's 30%. */
const quote: SettlementQuoteAnswer = {
  loanId: 7,
  loanNo: 'LNMK26110004',
  customerName: '陳志明',
  status: 'repaying',
  asOf: '2026-11-28',
  method: 'actuarial',
  principal: '12000.00',
  interest: '103.82',
  rebate: '0.00',
  lockPeriodFee: '0.00',
  agreedLockPeriodFee: '0.00',
  lockPeriodFeeCeiling: null,
  loanRate: '36.66',
  settlementRate: '48.00',
  capRebate: '518.67',
  confirmMaxApr: '30',
  overdueInterest: '0.00',
  handlingFee: '0.00',
  total: '11585.15',
  tempAmount: '0.00',
  payable: '11585.15',
  remainingScheduled: '13440.00',
  inLockPeriod: false,
  lockPeriodEnds: null,
  lines: [],
  lender: { nameZh: '海港財務有限公司', nameEn: 'Harbour Finance Limited', licenceNo: '0001/2026', addressZh: null, addressEn: null, phone: null, fax: null, email: null, logoUrl: null },
};

afterEach(() => vi.unstubAllGlobals());

describe('SettlementPage above the company’s maximum APR (prompt-and-confirm)', () => {
  it('says so, asks for the confirmation before posting, and sends it', async () => {
    signIn(['repayment.settlement']);
    const calls = fakeApi((c) => {
      if (c.method === 'GET' && c.path === '/repayments/settlement') return ok(quote);
      if (c.method === 'POST' && c.path === '/repayments/settle') return ok({ repayment: { id: 1, repayNo: 'RPMK202611280001', received: '11585.15' }, loanStatus: 'complete' });
      return undefined;
    });
    renderAt('/repayment/settlement?loanId=7&date=2026-11-28&lang=en', <SettlementPage />);
    expect(await screen.findByText('Settling on this date costs the borrower 48.00% a year, above the company’s maximum APR of 30%.')).toBeInTheDocument();
    const post = () => fireEvent.click(document.querySelector('form button[type="submit"]')!);
    post();
    expect(await screen.findByText('Confirm settling above the company’s maximum APR, or pick another date.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByLabelText('I confirm settling above the company’s maximum APR'));
    post();
    const box = await waitFor(() => {
      const all = document.querySelectorAll('.ant-modal-confirm');
      if (all.length === 0) throw new Error('no confirmation yet');
      return all[all.length - 1] as HTMLElement;
    });
    fireEvent.click(within(box).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ loanId: 7, method: 'cash', confirmExcess: true });
  });
});
