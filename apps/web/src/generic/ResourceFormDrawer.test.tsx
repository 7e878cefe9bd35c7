import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceListPage } from './ResourceListPage';
import { branchesDecl } from './test-decl';
import { fail, fakeApi, ok, renderAt, signIn, type Call } from './test-harness';

const ALL = ['stores.list', 'stores.create', 'stores.update', 'stores.delete'];
const row = { id: 5, storeName: 'Tsuen Wan', remarks: 'Corner shop', lendMoney: '5000', state: 'true', openedOn: '2025-12-01', staffId: null };

function api(onWrite: (c: Call) => ReturnType<typeof ok> | ReturnType<typeof fail>) {
  return fakeApi((c) => {
    if (c.method === 'GET' && c.path === '/branches') return ok({ items: [row], total: 1, page: 1, pageSize: 20 });
    if (c.method === 'GET' && c.path === '/branches/5') return ok(row);
    if (c.path === '/admin/allAdmins') return ok({ items: [] });
    if (c.method === 'POST' || c.method === 'PUT') return onWrite(c);
    return undefined;
  });
}
const drawer = () => document.querySelector('.ant-drawer') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('ResourceFormDrawer', () => {
  it('checks required fields before calling the server', async () => {
    signIn(ALL);
    const calls = api(() => ok({ id: 9 }));
    renderAt('/branches', <ResourceListPage decl={branchesDecl} />);
    await screen.findByText('Tsuen Wan');
    fireEvent.click(screen.getByRole('button', { name: /Create/ }));
    fireEvent.click(await within(drawer()).findByRole('button', { name: 'Save' }));
    expect(await within(drawer()).findByText('Store name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates with a typed payload, and maps the server’s field errors onto the fields', async () => {
    signIn(ALL);
    let answer: ReturnType<typeof ok> | ReturnType<typeof fail> = fail(409, 'Duplicate name', [
      { field: 'storeName', message: 'Duplicate name' },
    ]);
    const calls = api(() => answer);
    renderAt('/branches', <ResourceListPage decl={branchesDecl} />);
    await screen.findByText('Tsuen Wan');
    fireEvent.click(screen.getByRole('button', { name: /Create/ }));
    const d = drawer();
    fireEvent.change(await within(d).findByLabelText('Store name'), { target: { value: 'Sha Tin' } });
    fireEvent.change(within(d).getByLabelText('Lend money'), { target: { value: '12345.6' } });
    fireEvent.blur(within(d).getByLabelText('Lend money'));
    fireEvent.change(within(d).getByLabelText('Mobile'), { target: { value: 'secret1' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));

    expect(await within(d).findByText('Duplicate name')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/branches');
    expect(post.body).toEqual({ storeName: 'Sha Tin', lendMoney: '12345.6', password: 'secret1' });

    answer = ok({ id: 9 });
    fireEvent.change(within(d).getByLabelText('Store name'), { target: { value: 'Sha Tin 2' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created')).toBeInTheDocument();
  });

  it('edits the item loaded from the server and sends a cleared field as null', async () => {
    signIn(ALL);
    const calls = api(() => ok(row));
    renderAt('/branches', <ResourceListPage decl={branchesDecl} />);
    await screen.findByText('Tsuen Wan');
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    const d = drawer();
    await waitFor(() => expect(within(d).getByLabelText('Store name')).toHaveValue('Tsuen Wan'));
    expect(within(d).queryByLabelText('Mobile')).toBeNull(); // the create-only password
    expect(within(d).getByDisplayValue('2025-12-01')).toBeInTheDocument();
    fireEvent.change(within(d).getByLabelText('Remarks'), { target: { value: '' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/branches/5');
    expect(put.body).toMatchObject({ storeName: 'Tsuen Wan', remarks: null, lendMoney: '5000', openedOn: '2025-12-01', state: 'true' });
    expect(await screen.findByText('Updated')).toBeInTheDocument();
  });

  it('asks before creating when the page wants it, and words the success with the declaration’s message', async () => {
    signIn(ALL);
    const calls = api(() => ok({ id: 9 }));
    const decl = { ...branchesDecl, messages: { create: 'success.blacklisted' } };
    renderAt('/branches', <ResourceListPage decl={decl} formProps={{ confirmCreate: { title: 'Blacklist this person?', okText: 'Confirm' } }} />);
    await screen.findByText('Tsuen Wan');
    fireEvent.click(screen.getByRole('button', { name: /Create/ }));
    const d = drawer();
    fireEvent.change(await within(d).findByLabelText('Store name'), { target: { value: 'Sha Tin' } });
    fireEvent.change(within(d).getByLabelText('Mobile'), { target: { value: 'secret1' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect(confirm.closest('.ant-modal')).toHaveTextContent('Blacklist this person?');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('Blacklisted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
