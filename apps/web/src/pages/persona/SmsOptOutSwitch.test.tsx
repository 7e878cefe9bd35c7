import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderAt, signIn, type Call } from '../../generic/test-harness';
import { SmsOptOutSwitch } from './SmsOptOutSwitch';

const customer = { id: 41, name: 'Lee Siu Ming', customerCode: 'C0041', smsOptedOut: false, smsLanguage: 'en' as const };
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/sms/preference');

describe('SmsOptOutSwitch', () => {
  it('opts the customer out after a confirmation, with the optional reason', async () => {
    signIn(['persona.detail', 'sms.optOut']);
    const calls = fakeApi((c) => (c.path === '/sms/preference' ? ok({ customerId: 41, optedOut: true, language: 'en' }) : undefined));
    renderAt('/persona/detail?id=41', <SmsOptOutSwitch customer={customer} />);
    expect(screen.getByText('Receives reminders')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'SMS reminders' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Stop sending SMS reminders to Lee Siu Ming (C0041)? Their loans stay on the SMS lists but are not sent to.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText('Reason (optional)'), { target: { value: 'asked by phone' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Stop SMS reminders' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ customerId: 41, optedOut: true, language: 'en', reason: 'asked by phone' });
    expect(await screen.findByText('SMS reminders stopped for this customer')).toBeInTheDocument();
  });

  it('resumes without a reason, and cancelling sends nothing', async () => {
    signIn(['persona.detail', 'sms.optOut']);
    const calls = fakeApi((c) => (c.path === '/sms/preference' ? ok({ customerId: 41, optedOut: false, language: 'en' }) : undefined));
    renderAt('/persona/detail?id=41', <SmsOptOutSwitch customer={{ ...customer, smsOptedOut: true }} />);
    expect(screen.getByText('Opted out')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'SMS reminders' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(puts(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('switch', { name: 'SMS reminders' }));
    const dialog = within((await screen.findAllByRole('dialog')).at(-1)!);
    fireEvent.click(dialog.getByRole('button', { name: 'Resume SMS reminders' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ customerId: 41, optedOut: false, language: 'en' });
  });

  it('shows the state without a switch to staff without sms.optOut', () => {
    signIn(['persona.detail']);
    fakeApi(() => undefined);
    renderAt('/persona/detail?id=41', <SmsOptOutSwitch customer={{ ...customer, smsOptedOut: true }} />);
    expect(screen.getByText('Opted out')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
