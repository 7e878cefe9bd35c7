import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TrialBalance, TrialBalanceRow } from '@harbour/contracts';
import { fakeApi, ok, renderAt } from '../../generic/test-harness';
import TrialBalancePage from './TrialBalancePage';

const row = (key: TrialBalanceRow['key'], code: string, kind: TrialBalanceRow['kind'], name: string, debit: string, credit: string, balance: string): TrialBalanceRow => ({
  key,
  code,
  kind,
  normalSide: kind === 'asset' || kind === 'expense' ? 'debit' : 'credit',
  name,
  debit,
  credit,
  balance,
});

/** The server's answer for the payout of the API test (10,000 less a 300 fee, paid in cash) in Mong Kok. */
const POSTED: TrialBalance = {
  storeId: 1,
  from: null,
  to: null,
  rows: [
    row('cash', '1010', 'asset', 'Cash at stores', '0.00', '9700.00', '-9700.00'),
    row('loansReceivable', '1100', 'asset', 'Loans receivable', '10000.00', '0.00', '10000.00'),
    row('feeIncome', '4030', 'income', 'Fee income', '0.00', '300.00', '300.00'),
  ],
  totals: { debit: '10000.00', credit: '10000.00' },
  balanced: true,
  entryCount: 1,
  stores: [
    { id: 1, name: 'Mong Kok' },
    { id: 2, name: 'Kwun Tong' },
  ],
};
const EMPTY: TrialBalance = { ...POSTED, rows: POSTED.rows.map((r) => ({ ...r, debit: '0.00', credit: '0.00', balance: '0.00' })), totals: { debit: '0.00', credit: '0.00' }, entryCount: 0, stores: [{ id: 1, name: 'Mong Kok' }] };

afterEach(() => vi.unstubAllGlobals());

describe('TrialBalancePage', () => {
  it('shows each account’s amounts grouped with two decimals, the totals and the balanced tag', async () => {
    fakeApi((c) => (c.path === '/ledger/trialBalance' ? ok(POSTED) : undefined));
    renderAt('/reports/trialBalance', <TrialBalancePage />);
    const table = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ledger-trial-balance');
      if (!el) throw new Error('no table yet');
      return el;
    });
    expect(within(table).getByText('Loans receivable')).toBeInTheDocument();
    expect(within(table).getByText('-9,700.00')).toBeInTheDocument();
    expect(within(table).getAllByText('10,000.00')).toHaveLength(4); // debit, balance, both totals
    expect(within(table).getByText('Total')).toBeInTheDocument();
    expect(screen.getByText('Balanced')).toBeInTheDocument();
    expect(screen.getByText('1 entry')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export xlsx/ })).toBeEnabled();
  });

  it('says plainly that nothing is posted yet, and offers nothing to export or print', async () => {
    fakeApi((c) => (c.path === '/ledger/trialBalance' ? ok(EMPTY) : undefined));
    renderAt('/reports/trialBalance', <TrialBalancePage />);
    expect(await screen.findByText(/No accounting entries in this period yet/)).toBeInTheDocument();
    expect(document.querySelector('.ledger-trial-balance')).toBeNull();
    expect(screen.queryByText('Balanced')).toBeNull();
    expect(screen.getByRole('button', { name: /Export xlsx/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Print/ })).toBeDisabled();
  });
});
