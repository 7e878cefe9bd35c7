import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '../api/http.js';
import { saveTokens } from '../api/token-store.js';
import { HEARTBEAT_MS, useIdleLogout } from './use-idle-logout.js';

function Probe({ seconds }: { seconds?: number }) {
  useIdleLogout(seconds, () => {});
  return null;
}

const calls = () => fetchMock.mock.calls.map((c) => String(c[0]));
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ result: 'success', data: { id: 1, name: 'A', roles: ['admin'] } })));
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ now: () => Date.now() });
  saveTokens({ access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 86400, refresh_expires_in: 86400 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('inactivity logout', () => {
  it('logs out after the idle time and offers logout / log in again / cancel', async () => {
    render(
      <App>
        <Probe seconds={60} />
      </App>,
    );
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(calls().some((u) => u.endsWith('/login/logout'))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(calls().some((u) => u.endsWith('/login/logout'))).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toHaveTextContent('Logged out after inactivity');
    expect(screen.getByRole('button', { name: 'Confirm logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('activity postpones the logout and keeps the server session alive', async () => {
    render(
      <App>
        <Probe seconds={30 * 60} />
      </App>,
    );
    for (let i = 0; i < 3; i++) {
      fireEvent.keyDown(window, { key: 'a' });
      await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_MS));
    }
    expect(calls().filter((u) => u.endsWith('/userInfo')).length).toBe(3);
    expect(calls().some((u) => u.endsWith('/login/logout'))).toBe(false);
    // Without activity there is no heartbeat.
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2));
    expect(calls().filter((u) => u.endsWith('/userInfo')).length).toBe(3);
  });
});
