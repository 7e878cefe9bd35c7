import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeskPage, DeskRow } from '@harbour/contracts';
import { fail, fakeApi, ok, renderAt, signIn } from '../../generic/test-harness';
import CollectorDeskPage from './CollectorDeskPage';

const row = (over: Partial<DeskRow>): DeskRow => ({
  loanId: 7,
  loanNo: 'MK2611001',
  storeName: 'Mong Kok',
  customerName: 'Chan Tai Man',
  mobile: '****5678',
  daysOverdue: 13,
  overdueAmount: '2120.00',
  amountDue: '2247.88',
  lastContact: { at: '2026-11-22T02:00:00.000Z', madeOn: '2026-11-22', channel: 'call', outcome: 'noAnswer', staffName: 'Cheung' },
  promise: null,
  ...over,
});

const PAGE: DeskPage = {
  items: [row({}), row({ loanId: 8, loanNo: 'MK2611002', daysOverdue: 4, lastContact: null, promise: { contactId: 31, madeOn: '2026-11-22', date: '2026-11-25', amount: '12500.00', paid: '0.00', state: 'pending', staffName: 'Cheung' } })],
  total: 2,
  page: 1,
  pageSize: 20,
  today: '2026-11-23',
};
const EMPTY: DeskPage = { items: [], total: 0, page: 1, pageSize: 20, today: '2026-11-23' };

afterEach(() => vi.unstubAllGlobals());

describe('CollectorDeskPage', () => {
  it('shows the queue with grouped amounts, the last contact and the promise with its state', async () => {
    signIn(['collection.contacts', 'collection.log']);
    fakeApi((c) => (c.path === '/collection/desk' ? ok(PAGE) : undefined));
    renderAt('/repayment/collectorDesk', <CollectorDeskPage />);
    const first = await screen.findByRole('row', { name: /MK2611001/ });
    expect(within(first).getByText('2,247.88')).toBeInTheDocument();
    expect(within(first).getByText('Call · No answer')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'MK2611001' })).toHaveAttribute('href', '/repayment/process?loanId=7');
    const second = screen.getByRole('row', { name: /MK2611002/ });
    expect(within(second).getByText('12,500.00 by 2026-11-25')).toBeInTheDocument();
    expect(within(second).getByText('Pending')).toBeInTheDocument();
  });

  it('logs "called — no answer" in one click and asks the server for the list again', async () => {
    signIn(['collection.contacts', 'collection.log']);
    const calls = fakeApi((c) => (c.path === '/collection/desk' ? ok(PAGE) : c.path === '/collection/contacts' && c.method === 'POST' ? ok({}) : undefined));
    renderAt('/repayment/collectorDesk', <CollectorDeskPage />);
    const first = await screen.findByRole('row', { name: /MK2611001/ });
    fireEvent.click(within(first).getByRole('button', { name: /Called — no answer/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ loanId: 7, channel: 'call', outcome: 'noAnswer' }]));
    await waitFor(() => expect(calls.filter((c) => c.path === '/collection/desk')).toHaveLength(2));
  });

  it('switches to the broken promises with their filters, and says when there are none', async () => {
    signIn(['collection.contacts']);
    const seen: URLSearchParams[] = [];
    fakeApi((c) => {
      if (c.path !== '/collection/desk') return undefined;
      seen.push(c.query);
      return ok(c.query.get('view') === 'broken' ? EMPTY : PAGE);
    });
    renderAt('/repayment/collectorDesk', <CollectorDeskPage />);
    const first = await screen.findByRole('row', { name: /MK2611001/ });
    // without the logging key the row offers no logging
    expect(within(first).queryByRole('button', { name: /Called — no answer/ })).toBeNull();
    fireEvent.click(screen.getByText('Broken promises'));
    expect(await screen.findByText('No broken promises.')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Loan no.'), { target: { value: 'MK2611002' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(seen.at(-1)?.get('loanNo')).toBe('MK2611002'));
    expect(seen.at(-1)?.get('view')).toBe('broken');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    signIn(['collection.contacts']);
    fakeApi((c) => (c.path === '/collection/desk' ? fail(500, 'Server error') : undefined));
    renderAt('/repayment/collectorDesk', <CollectorDeskPage />);
    expect(await screen.findByText('Could not load; try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
