import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SmsGateway } from '@harbour/contracts';
import { fail, fakeApi, ok, renderAt, signIn, type Call } from '../../generic/test-harness';
import { SmsGatewayTab } from './SmsGatewayTab';

const saved: SmsGateway = {
  provider: 'http',
  url: 'https://sms.example.hk/send',
  username: 'harbour',
  senderId: 'HARBOUR',
  hasPassword: true,
  hasToken: false,
  timeoutMs: 10000,
  ratePerSecond: 5,
  scheduleEnabled: true,
  scheduleTime: '09:30',
  scheduleLastRun: '2026-11-23',
};
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/sms/gateway');

describe('SmsGatewayTab', () => {
  it('shows a saved password only as "Set", keeps it when not changed, and never sends a value it does not have', async () => {
    signIn(['sms.list', 'sms.gateway']);
    const calls = fakeApi((c) => (c.path === '/sms/gateway' ? ok(c.method === 'PUT' ? { ...saved, ...(c.body as object), hasPassword: true } : saved) : undefined));
    renderAt('/sms/list', <SmsGatewayTab />);
    expect(await screen.findByDisplayValue('https://sms.example.hk/send')).toBeInTheDocument();
    expect(screen.getByText('Set')).toBeInTheDocument();
    expect(screen.getByText('2026-11-23')).toBeInTheDocument();
    expect(screen.getByDisplayValue('09:30')).toBeInTheDocument();
    // the token is not set: a password field to type one
    expect(screen.getByLabelText('Bearer token')).toHaveAttribute('type', 'password');

    fireEvent.change(screen.getByLabelText('Sender ID'), { target: { value: 'HBR' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    const body = puts(calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ provider: 'http', url: 'https://sms.example.hk/send', senderId: 'HBR', scheduleEnabled: true, scheduleTime: '09:30' });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('token');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('replaces the password through "Change", removes the token through "Remove", and shows the server’s field error', async () => {
    signIn(['sms.list', 'sms.gateway']);
    const calls = fakeApi((c) =>
      c.path === '/sms/gateway'
        ? c.method === 'PUT'
          ? fail(400, 'Validation failed', [{ field: 'url', message: 'Enter the gateway URL (http or https)' }])
          : ok({ ...saved, hasToken: true })
        : undefined,
    );
    renderAt('/sms/list', <SmsGatewayTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'n3w-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bearer token' }));
    expect(screen.getByText('Removed on save')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toMatchObject({ password: 'n3w-pass', token: '' });
    expect(await screen.findByText('Enter the gateway URL (http or https)')).toBeInTheDocument();
  });

  it('checks the URL and the ranges before saving', async () => {
    signIn(['sms.list', 'sms.gateway']);
    const calls = fakeApi((c) => (c.path === '/sms/gateway' ? ok(saved) : undefined));
    renderAt('/sms/list', <SmsGatewayTab />);
    fireEvent.change(await screen.findByLabelText('Gateway URL'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Send rate'), { target: { value: '500' } });
    fireEvent.blur(screen.getByLabelText('Send rate'));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Enter the gateway URL (http or https)')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Gateway URL'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(screen.getByText('Enter the gateway URL (http or https)')).toBeInTheDocument());
    expect(puts(calls)).toHaveLength(0);
  });

  it('queues today’s reminders after a confirmation and says how many', async () => {
    signIn(['sms.list', 'sms.gateway']);
    const calls = fakeApi((c) => (c.path === '/sms/gateway' ? ok(saved) : c.path === '/sms/schedule/run' ? ok({ queued: { upcoming: 3, overdue: 12 } }) : undefined));
    renderAt('/sms/list', <SmsGatewayTab />);
    fireEvent.click(await screen.findByRole('button', { name: /Queue today's reminders now/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(calls.filter((c) => c.path === '/sms/schedule/run')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Queue now' }));
    expect(await screen.findByText('Queued 3 upcoming and 12 overdue reminders')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/sms/schedule/run' && c.method === 'POST')).toHaveLength(1);
  });
});
