import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceListPage } from './ResourceListPage';
import { branchesDecl } from './test-decl';
import { fail, fakeApi, locationNow, ok, renderAt, signIn, type Call } from './test-harness';

const ALL = ['stores.list', 'stores.create', 'stores.update', 'stores.delete'];
const rows = [
  { id: 1, storeName: 'Mong Kok', lendMoney: '1234567.5', state: 'true', openedOn: '2026-01-02', staffId: 3, staffName: 'Amy Chan' },
  { id: 2, storeName: 'Kwun Tong', lendMoney: '0', state: 'false', openedOn: null, staffId: 4 },
];
const staffChoices = { items: [{ id: 3, name: 'Amy Chan' }, { id: 4, name: 'Ben Wong' }] };

function listApi(extra?: (c: Call) => ReturnType<Parameters<typeof fakeApi>[0]>) {
  return fakeApi((c) => {
    const more = extra?.(c);
    if (more) return more;
    if (c.method === 'GET' && c.path === '/branches') return ok({ items: rows, total: 42, page: Number(c.query.get('page')), pageSize: 20 });
    if (c.path === '/admin/allAdmins') return ok(staffChoices);
    return undefined;
  });
}
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/branches');

afterEach(() => vi.unstubAllGlobals());

describe('ResourceListPage', () => {
  it('asks for the page and sort in the URL and shows the rows by field kind', async () => {
    signIn(ALL);
    const calls = listApi();
    renderAt('/branches?page=2&sort=lendMoney:desc', <ResourceListPage decl={branchesDecl} />);

    expect(await screen.findByText('Mong Kok')).toBeInTheDocument();
    const q = listCalls(calls)[0]!.query;
    expect(Object.fromEntries(q)).toEqual({ page: '2', pageSize: '20', sort: 'lendMoney:desc' });
    // Money right-aligned with thousands separators and two decimals; dates YYYY-MM-DD.
    expect(screen.getByText('1,234,567.50')).toBeInTheDocument();
    expect(screen.getByText('2026-01-02')).toBeInTheDocument();
    // Enum labels in the user's language; references by the name beside the id or from the choices.
    expect(screen.getAllByText('Yes').length).toBeGreaterThan(0);
    expect(screen.getByText('Amy Chan')).toBeInTheDocument();
    expect(await screen.findByText('Ben Wong')).toBeInTheDocument();
    expect(screen.getByText('42 records')).toBeInTheDocument();
  });

  it('sorts by a column header and writes the sort into the URL from page 1', async () => {
    signIn(ALL);
    const calls = listApi();
    renderAt('/branches?page=3', <ResourceListPage decl={branchesDecl} />);
    await screen.findByText('Mong Kok');

    fireEvent.click(screen.getByRole('columnheader', { name: /Store name/ }).querySelector('.ant-table-column-sorters')!);
    await waitFor(() => expect(locationNow()).toBe('/branches?sort=storeName%3Aasc'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('sort')).toBe('storeName:asc'));
    expect(listCalls(calls).at(-1)!.query.get('page')).toBe('1');
  });

  it('applies the filter bar on Search and clears it on Reset', async () => {
    signIn(ALL);
    const calls = listApi();
    renderAt('/branches', <ResourceListPage decl={branchesDecl} />);
    await screen.findByText('Mong Kok');

    const bar = screen.getByRole('search');
    fireEvent.change(within(bar).getByLabelText('Store name'), { target: { value: '  Mong ' } });
    fireEvent.click(within(bar).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('storeName')).toBe('Mong'));
    expect(locationNow()).toBe('/branches?storeName=Mong');

    fireEvent.click(within(bar).getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(locationNow()).toBe('/branches'));
  });

  it('reads filters back from the URL into the filter bar', async () => {
    signIn(ALL);
    listApi();
    renderAt('/branches?storeName=Kwun&openedOnFrom=2026-01-01&openedOnTo=2026-01-31', <ResourceListPage decl={branchesDecl} />);
    await screen.findByText('Mong Kok');
    expect(within(screen.getByRole('search')).getByLabelText('Store name')).toHaveValue('Kwun');
    expect(screen.getByDisplayValue('2026-01-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2026-01-31')).toBeInTheDocument();
  });

  it('shows create, edit and delete only with their permission keys', async () => {
    signIn(['stores.list']);
    listApi();
    renderAt('/branches', <ResourceListPage decl={branchesDecl} />);
    await screen.findByText('Mong Kok');
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('deletes only after confirmation and says so', async () => {
    signIn(ALL);
    const calls = listApi((c) => (c.method === 'DELETE' ? ok(null) : undefined));
    renderAt('/branches', <ResourceListPage decl={branchesDecl} />);
    await screen.findByText('Mong Kok');

    fireEvent.click(screen.getAllByRole('button', { name: /Delete/ })[0]!);
    expect(await screen.findByText('Delete this record?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = document.querySelector('.ant-popconfirm .ant-btn-dangerous') as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/branches/1'));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    signIn(ALL);
    fakeApi((c) => (c.path === '/branches' ? ok({ items: [], total: 0, page: 1, pageSize: 20 }) : ok(staffChoices)));
    renderAt('/branches', <ResourceListPage decl={branchesDecl} />);
    expect(await screen.findByText('No records')).toBeInTheDocument();
  });

  it('shows the error state with the server message and a retry', async () => {
    signIn(ALL);
    let broken = true;
    fakeApi((c) => {
      if (c.path !== '/branches') return ok(staffChoices);
      return broken ? fail(500, 'The database is unavailable') : ok({ items: rows, total: 2, page: 1, pageSize: 20 });
    });
    renderAt('/branches', <ResourceListPage decl={branchesDecl} />);
    expect(await screen.findByText('The database is unavailable')).toBeInTheDocument();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Mong Kok')).toBeInTheDocument();
  });
});
