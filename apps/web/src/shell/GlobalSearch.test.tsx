import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SearchResult } from '@harbour/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, locationNow, ok, renderAt, signIn } from '../generic/test-harness.js';
import { useSession } from '../stores/session.js';
import { GlobalSearch } from './GlobalSearch.js';

const customer = { id: 5, customerCode: 'C0005', name: '陳大文', englishName: 'CHAN Tai Man', idNumber: '*****4563', mobile1: '****4567', listStatus: 'white' as const };
const RESULT: SearchResult = {
  loans: [
    { id: 12, applyNo: 'MK-AP-0012', loanNo: 'MK-LN-0012', status: 'repaying', storeId: 1, storeName: 'Mong Kok', customer, path: '/loan/operation?id=12', counterPath: '/repayment/process?loanId=12' },
    { id: 11, applyNo: 'MK-AP-0011', loanNo: null, status: 'pending', storeId: 1, storeName: 'Mong Kok', customer, path: '/loan/operation?id=11', counterPath: null },
  ],
  moreLoans: true,
  customers: [{ ...customer, registeredStoreName: 'Mong Kok', path: '/persona/detail?id=5' }],
  moreCustomers: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

const box = () => screen.getByRole('combobox', { name: 'Search loans and customers' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe('the global search', () => {
  it('asks once typing pauses, groups loans and customers with masked numbers, and Enter opens the first hit', async () => {
    signIn(['loan.list', 'persona.list', 'loan.operation', 'persona.detail']);
    const calls = fakeApi((c) => (c.path === '/search' ? ok(RESULT) : undefined));
    renderAt('/dashboard', <GlobalSearch mobile={false} />);
    fireEvent.focus(box());
    type('陳');
    expect(await screen.findByText(/at least 2 characters/)).toBeInTheDocument();
    type('陳大');
    type('陳大文');
    await waitFor(() => expect(screen.getByText('MK-LN-0012')).toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/search').map((c) => c.query.get('q'))).toEqual(['陳大文']);
    expect(screen.getByText('Loans')).toBeInTheDocument();
    expect(screen.getByText('Customers')).toBeInTheDocument();
    expect(screen.getByText('陳大文 · *****4563 · Mong Kok · MK-AP-0012')).toBeInTheDocument();
    expect(screen.getByText('C0005 · *****4563 · ****4567 · Mong Kok')).toBeInTheDocument();
    expect(screen.getByText(/More loans found/)).toBeInTheDocument();
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(locationNow()).toBe('/loan/operation?id=12'));
  });

  it('offers a repaying loan’s counter right under it, and opens it', async () => {
    signIn(['loan.list', 'persona.list', 'loan.operation', 'persona.detail', 'repayment.process']);
    fakeApi((c) => (c.path === '/search' ? ok(RESULT) : undefined));
    renderAt('/dashboard', <GlobalSearch mobile={false} />);
    fireEvent.focus(box());
    type('4567');
    const counter = await screen.findByText('Repayment process · MK-LN-0012');
    expect(screen.getAllByText(/^Repayment process · /)).toHaveLength(1);
    expect(screen.getByText('陳大文 · ****4567')).toBeInTheDocument();
    fireEvent.click(counter);
    await waitFor(() => expect(locationNow()).toBe('/repayment/process?loanId=12'));
  });

  it('Enter pressed at once after a paste asks without waiting and opens the first hit when it comes', async () => {
    signIn(['loan.list', 'persona.list', 'loan.operation', 'persona.detail']);
    const calls = fakeApi((c) => (c.path === '/search' ? ok(RESULT) : undefined));
    renderAt('/dashboard', <GlobalSearch mobile={false} />);
    fireEvent.focus(box());
    type('MK-LN-0012');
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(locationNow()).toBe('/loan/operation?id=12'));
    expect(calls.filter((c) => c.path === '/search').map((c) => c.query.get('q'))).toEqual(['MK-LN-0012']);
  });

  it('says when nothing is found and when the search failed', async () => {
    signIn(['persona.list']);
    let answer: { status?: number; body: unknown } = ok({ loans: [], moreLoans: false, customers: [], moreCustomers: false });
    fakeApi((c) => (c.path === '/search' ? answer : undefined));
    renderAt('/dashboard', <GlobalSearch mobile={false} />);
    fireEvent.focus(box());
    type('nobody');
    expect(await screen.findByText('No loan or customer found.')).toBeInTheDocument();
    answer = fail(500, 'Server error');
    type('nobody else');
    expect(await screen.findByText('The search failed. Please try again.')).toBeInTheDocument();
  });

  it('"/" or Ctrl+K focuses the box', async () => {
    signIn(['loan.list']);
    fakeApi(() => undefined);
    renderAt('/dashboard', <GlobalSearch mobile={false} />);
    act(() => {
      fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    });
    await waitFor(() => expect(box()).toHaveFocus());
    act(() => box().blur());
    act(() => {
      fireEvent.keyDown(document.body, { key: '/' });
    });
    await waitFor(() => expect(box()).toHaveFocus());
  });

  it('on a phone is an icon that opens a full-width box, and is absent for staff holding neither list', async () => {
    signIn(['loan.list']);
    fakeApi(() => undefined);
    const { unmount } = renderAt('/dashboard', <GlobalSearch mobile />);
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search loans and customers' }));
    await waitFor(() => expect(box()).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Close the search' }));
    expect(screen.queryByRole('combobox')).toBeNull();
    unmount();
    signIn(['repayment.list']);
    renderAt('/dashboard', <GlobalSearch mobile={false} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
