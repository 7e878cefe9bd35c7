import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readToken, saveTokens } from '../api/token-store.js';
import { useSession } from '../stores/session.js';
import ShellRoot from './ShellRoot.js';

const fetchMock = vi.fn<typeof fetch>();

function renderRoot() {
  return render(
    <App>
      <MemoryRouter initialEntries={['/loan/list?page=2']}>
        <Routes>
          <Route path="/login" element={<p>login page</p>} />
          <Route path="/*" element={<ShellRoot />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

beforeEach(() => {
  useSession.getState().setUser(null);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  saveTokens(
    { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600, refresh_expires_in: 86400 },
    false,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('shell root: loading /userInfo', () => {
  it.each([
    ['aborted by a reload', () => new DOMException('The user aborted a request.', 'AbortError')],
    ['failed by fetch while the page unloads', () => new TypeError('Failed to fetch')],
  ])('keeps the session when the request was %s', async (_what, error) => {
    fetchMock.mockImplementation(async () => {
      throw error();
    });
    renderRoot();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(readToken()?.accessToken).toBe('a');
    expect(screen.queryByText('login page')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('signs out when the server answers that the session is gone (50002)', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ result: 'error', status: 50002, message: 'Token expired' }), { status: 401 }),
    );
    renderRoot();
    await waitFor(() => expect(readToken()).toBeUndefined());
  });

  it('signs out when the answer has no roles (failed user-info load)', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ result: 'success', data: { id: 1, name: 'x', roles: [], asyncRouterMap: [] } })),
    );
    renderRoot();
    await waitFor(() => expect(readToken()).toBeUndefined());
  });
});
