import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok, renderAt, signIn } from '../../generic/test-harness';
import { changeLanguage } from '../../i18n/index.js';
import RolesPage from './RolesPage';
import StaffPage from './StaffPage';

/** One staff administration: built-in roles read in the user's language, the staff drawer says "staff". */
const page = (items: unknown[]) => ok({ items, total: items.length, page: 1, pageSize: 20 });
const manager = { id: 2, name: 'manager', description: 'Store manager: every business screen, all stores', permissions: ['loan.list'], staffCount: 1, allStores: true, createdAt: '2026-01-05T02:00:00Z' };
const custom = { id: 9, name: '夜更主管', description: 'Night desk', permissions: ['loan.list'], staffCount: 0, allStores: false, createdAt: '2026-02-01T02:00:00Z' };
const staffRow = {
  id: 3, username: 'clerk', name: '李文員', mobile: '9123****', state: 'normal', locked: false, levelId: null, maxApprovedAmount: null,
  approvalUnlimited: false, defaultStoreId: 1, stores: [{ id: 1, name: '旺角店' }], roles: [{ id: 3, name: 'clerk' }], canReveal: false,
};

function api() {
  return fakeApi((c) => {
    if (c.path === '/roles') return page([manager, custom]);
    if (c.path === '/staff') return page([staffRow]);
    if (c.path === '/stores') return page([{ id: 1, name: '旺角店' }]);
    if (c.path === '/staffLevels/choices') return ok([]);
    return undefined;
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('staff administration', () => {
  it('shows a built-in role by its name and description in zh-TW, a role an administrator added as typed', async () => {
    await changeLanguage('zh-TW');
    signIn(['role.list']);
    api();
    renderAt('/role/list', <RolesPage />);
    expect(await screen.findByText('分店經理')).toBeInTheDocument();
    expect(screen.getByText('分店經理：所有業務畫面，所有分店')).toBeInTheDocument();
    expect(screen.getByText('夜更主管')).toBeInTheDocument();
    expect(screen.getByText('Night desk')).toBeInTheDocument();
    expect(screen.queryByText('manager')).toBeNull();
  });

  it("lists staff with their roles in English and titles the create drawer as staff", async () => {
    signIn(['admin.list', 'admin.create']);
    api();
    renderAt('/admin/list', <StaffPage />);
    expect(await screen.findByText('Loan clerk')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Create/ }));
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('New staff member')).toBeInTheDocument();
  });
});
