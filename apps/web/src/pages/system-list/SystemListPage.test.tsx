import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SystemParam } from '@harbour/contracts';
import { fail, fakeApi, ok, renderAt, signIn, type Call } from '../../generic/test-harness';
import SystemListPage from './SystemListPage';

afterEach(() => vi.unstubAllGlobals());

const SLOW = 60_000;

const param = (over: Partial<SystemParam>): SystemParam => ({
  key: 'lockoutThreshold',
  group: 'security',
  sort: 40,
  kind: 'integer',
  min: '1',
  max: '100',
  minExclusive: false,
  options: [],
  unit: null,
  default: 5,
  listed: true,
  editable: true,
  value: 6,
  updatedAt: '2026-05-01T02:00:00.000Z',
  updatedBy: '陳經理',
  ...over,
});

const sets = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/createSystem');

describe('SystemListPage', () => {
  it('shows a group with value, range, default and last change, and saves one parameter', async () => {
    const calls = fakeApi((c) => {
      if (c.path === '/getSystemList') return ok([{ id: 'security', count: 2 }]);
      if (c.path === '/getSystemGroupList/security')
        return ok([param({}), param({ key: 'lateDrawdownFee', kind: 'decimal', unit: 'HK$', min: '0', max: null, value: '1250.5', default: '0', editable: false, updatedAt: null, updatedBy: null })]);
      if (c.path === '/createSystem') return ok(param({ value: 8 }));
      return undefined;
    });
    signIn(['system.list', 'system.list.edit']);
    renderAt('/system/list', <SystemListPage />);
    const row = (await screen.findByText('Failed logins before lockout', {}, { timeout: 8000 })).closest('tr')!;
    expect(within(row).getByText('1 – 100')).toBeInTheDocument();
    expect(within(row).getByText('陳經理')).toBeInTheDocument();
    expect(within(row).getByText('2026-05-01 10:00')).toBeInTheDocument();
    const fee = screen.getByText('Late drawdown fee').closest('tr')!;
    expect(within(fee).getByText('HK$ 1,250.50')).toBeInTheDocument();
    expect(within(fee).getByText('Read only')).toBeInTheDocument();
    expect(within(fee).getByText('Never changed')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    const input = await screen.findByLabelText('Failed logins before lockout');
    fireEvent.change(input, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sets(calls)).toHaveLength(1));
    expect(sets(calls)[0]!.body).toEqual({ key: 'lockoutThreshold', value: 8 });
  }, SLOW);

  it('puts the server’s message under the value', async () => {
    fakeApi((c) => {
      if (c.path === '/getSystemList') return ok([{ id: 'security', count: 1 }]);
      if (c.path === '/getSystemGroupList/security') return ok([param({})]);
      if (c.path === '/createSystem') return fail(400, 'Please check the highlighted fields.', [{ field: 'value', message: 'Out of range' }]);
      return undefined;
    });
    signIn(['system.list', 'system.list.edit']);
    renderAt('/system/list', <SystemListPage />);
    const row = (await screen.findByText('Failed logins before lockout', {}, { timeout: 8000 })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    await screen.findByLabelText('Failed logins before lockout');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Out of range', {}, { timeout: 8000 })).toBeInTheDocument();
  }, SLOW);
});
