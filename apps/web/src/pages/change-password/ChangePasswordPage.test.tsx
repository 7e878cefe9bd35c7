import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi, locationNow, ok, renderAt } from '../../generic/test-harness';
import ChangePasswordPage from './ChangePasswordPage';

afterEach(() => vi.unstubAllGlobals());

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ChangePasswordPage (first login after an administrator set the password)', () => {
  it('sends the current and the new password, then opens the page the login was going to', async () => {
    const calls = fakeApi((c) => (c.path === '/changePassword' ? ok({ ok: true }) : undefined));
    renderAt('/change-password?redirect=%2Fpersona%2Flist', <ChangePasswordPage />);
    fill('Current password', 'handed-over-1');
    fill('New password', 'my own harbour phrase');
    fill('Confirm new password', 'my own harbour phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(locationNow()).toBe('/persona/list'));
    expect(calls.filter((c) => c.path === '/changePassword').map((c) => c.body)).toEqual([{ currentPassword: 'handed-over-1', password: 'my own harbour phrase' }]);
  });

  it('shows the server’s refusal next to the field it concerns and stays', async () => {
    fakeApi((c) => (c.path === '/changePassword' ? fail(400, 'Please check the highlighted fields.', [{ field: 'password', message: 'This password is too common. Choose a longer phrase of your own' }]) : undefined));
    renderAt('/change-password', <ChangePasswordPage />);
    fill('Current password', 'handed-over-1');
    fill('New password', 'password1234');
    fill('Confirm new password', 'password1234');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password is too common. Choose a longer phrase of your own')).toBeTruthy();
    expect(locationNow()).toBe('/change-password');
  });

  it('refuses a new password under 12 characters or a confirmation that differs before asking the server', async () => {
    const calls = fakeApi(() => undefined);
    renderAt('/change-password', <ChangePasswordPage />);
    fill('Current password', 'handed-over-1');
    fill('New password', 'short');
    fill('Confirm new password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 12 characters')).toBeTruthy();
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/changePassword')).toEqual([]);
  });
});
