import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SYSTEM_SETTINGS } from '@harbour/contracts';
import { fail, fakeApi, ok, renderAt, type Call } from '../../generic/test-harness';
import SettingsPage from './SettingsPage';

const saves = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/createSystemPresets');

afterEach(() => vi.unstubAllGlobals());

/** The whole form is two dozen antd controls; rendering it in happy-dom is slow on a busy machine. */
const SLOW = 60_000;

describe('SettingsPage', () => {
  it('shows the saved values and saves the whole form; a setting outside four eyes asks nothing more', async () => {
    const calls = fakeApi((c) => {
      if (c.path === '/getSystemPresets') return ok({ ...DEFAULT_SYSTEM_SETTINGS, smsCharCount: 70 });
      if (c.path === '/createSystemPresets') return ok(c.body);
      return undefined;
    });
    renderAt('/system/settings', <SettingsPage />);
    const sms = await screen.findByLabelText('SMS characters', {}, { timeout: 8000 });
    expect(sms).toHaveValue('70');
    fireEvent.change(sms, { target: { value: '140' } });
    fireEvent.click(screen.getAllByRole('button', { name: /Save/ })[0]!);
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toEqual({ ...DEFAULT_SYSTEM_SETTINGS, smsCharCount: 140 });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  }, SLOW);

  it('asks the maker’s reason before a rate setting goes to a second person, and sends it', async () => {
    const calls = fakeApi((c) => {
      if (c.path === '/getSystemPresets') return ok(DEFAULT_SYSTEM_SETTINGS);
      if (c.path === '/createSystemPresets') return ok({ approvalRequest: { id: 7, kind: 'settings.rates', status: 'pending' } });
      return undefined;
    });
    renderAt('/system/settings', <SettingsPage />);
    await screen.findByLabelText('SMS characters', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('radio', { name: 'Actual/360' }));
    fireEvent.click(screen.getAllByRole('button', { name: /Save/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Sent to a second person' });
    expect(saves(calls)).toHaveLength(0);
    // no reason: the dialog says it is needed and sends nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await within(dialog).findByText('Give the reason for this change: a second person approves it')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  board decision  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toEqual({ ...DEFAULT_SYSTEM_SETTINGS, dayCount: 'actual/360', reason: 'board decision' });
    expect(await screen.findByText('Sent for approval by a second person')).toBeInTheDocument();
  }, SLOW);

  it('puts the server’s field errors under the settings', async () => {
    fakeApi((c) => {
      if (c.path === '/getSystemPresets') return ok(DEFAULT_SYSTEM_SETTINGS);
      if (c.path === '/createSystemPresets') return fail(400, 'Please check the highlighted fields.', [{ field: 'interestMethods', message: 'Choose at least one' }]);
      return undefined;
    });
    renderAt('/system/settings', <SettingsPage />);
    await screen.findByLabelText('SMS characters', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Amortization' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Interest first' }));
    fireEvent.click(screen.getAllByRole('button', { name: /Save/ })[0]!);
    // the interest methods are a rate setting: the reason first, then the server's answer
    const dialog = await screen.findByRole('dialog', { name: 'Sent to a second person' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'trying' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findAllByText('Choose at least one', {}, { timeout: 8000 })).not.toHaveLength(0);
  }, SLOW);
});
