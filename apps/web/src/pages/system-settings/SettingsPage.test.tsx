import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_SYSTEM_SETTINGS } from '@harbour/contracts';
import { fail, fakeApi, ok, renderAt, type Call } from '../../generic/test-harness';
import SettingsPage from './SettingsPage';

const saves = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/createSystemPresets');

afterEach(() => vi.unstubAllGlobals());

/** The whole form is two dozen antd controls; rendering it in happy-dom is slow on a busy machine. */
const SLOW = 60_000;

describe('SettingsPage', () => {
  it('shows the saved values and saves the whole form', async () => {
    const calls = fakeApi((c) => {
      if (c.path === '/getSystemPresets') return ok({ ...DEFAULT_SYSTEM_SETTINGS, smsCharCount: 70 });
      if (c.path === '/createSystemPresets') return ok(c.body);
      return undefined;
    });
    renderAt('/system/settings', <SettingsPage />);
    const sms = await screen.findByLabelText('SMS characters', {}, { timeout: 8000 });
    expect(sms).toHaveValue('70');
    fireEvent.change(sms, { target: { value: '140' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Actual/360' }));
    fireEvent.click(screen.getAllByRole('button', { name: /Save/ })[0]!);
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toEqual({ ...DEFAULT_SYSTEM_SETTINGS, smsCharCount: 140, dayCount: 'actual/360' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
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
    expect(await screen.findAllByText('Choose at least one', {}, { timeout: 8000 })).not.toHaveLength(0);
  }, SLOW);
});
