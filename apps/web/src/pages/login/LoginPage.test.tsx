import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi, locationNow, ok, renderAt } from '../../generic/test-harness';
import { preloadWorkspace } from '../../app/preload.js';
import { useSession } from '../../stores/session.js';
import LoginPage from './LoginPage';

// The workspace's chunks are not fetched in these tests; that the page asks for them is checked.
vi.mock('../../app/preload.js', () => ({ preloadWorkspace: vi.fn() }));

const TOKENS = { access_token: 'a', expires_in: 7200, refresh_token: 'r', token_type: 'Bearer', refresh_expires_in: 604800 };
const CAPTCHA = { captcha: 'data:image/svg+xml;base64,PHN2Zy8+', key: 'k1' };

const USER = {
  id: 3,
  name: 'Manager',
  avatar: '',
  introduction: '',
  roles: ['manager'],
  visitStore: { store_id: 1, store_name: '旺角店', english_name: 'Mong Kok' },
  stores: [{ store_id: 1, store_name: '旺角店', english_name: 'Mong Kok' }],
  jurisdiction: ['dashboard.view'],
  asyncRouterMap: [],
  language: 'en',
  idleTimeout: 1800,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(preloadWorkspace).mockClear();
  useSession.getState().setUser(null);
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginPage', () => {
  it('a click on Log in before the captcha has arrived waits for it and then signs in', async () => {
    let release!: () => void;
    const captchaHeld = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeApi((c) => {
      if (c.path === '/login') return ok(TOKENS);
      return undefined;
    });
    // The captcha answer is held back until after the click; everything else goes to the fake API.
    const fakeFetch = globalThis.fetch;
    const fetchWithCaptcha = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/captcha')) {
        await captchaHeld;
        return new Response(JSON.stringify({ result: 'success', data: CAPTCHA }), { headers: { 'Content-Type': 'application/json' } });
      }
      return fakeFetch(input, init);
    });
    vi.stubGlobal('fetch', fetchWithCaptcha);

    renderAt('/login', <LoginPage />);
    fill('Account', 'manager');
    fill('Password', 'demo1234');
    fill('Captcha', '2468');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(calls.some((c) => c.path === '/login')).toBe(false);

    release();
    await waitFor(() => expect(calls.find((c) => c.path === '/login')?.body).toMatchObject({ username: 'manager', captcha: '2468', key: 'k1' }));
    await waitFor(() => expect(locationNow()).not.toMatch(/^\/login/));
  });
});

describe('LoginPage on the way to the workspace', () => {
  const signIn = async (userInfo: ReturnType<typeof ok> | ReturnType<typeof fail>, url = '/login') => {
    const calls = fakeApi((c) => {
      if (c.path === '/captcha') return ok(CAPTCHA);
      if (c.path === '/login') return ok(TOKENS);
      if (c.path === '/userInfo') return userInfo;
      return undefined;
    });
    renderAt(url, <LoginPage />);
    expect(preloadWorkspace).not.toHaveBeenCalled();
    fill('Account', 'manager');
    // The first key typed starts fetching the workspace, while the rest is typed in.
    expect(preloadWorkspace).toHaveBeenCalled();
    fill('Password', 'demo1234');
    fill('Captcha', '2468');
    await waitFor(() => expect(calls.some((c) => c.path === '/captcha')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    return calls;
  };

  it('goes straight to the dashboard with the user already loaded', async () => {
    const calls = await signIn(ok(USER));
    await waitFor(() => expect(locationNow()).toBe('/dashboard'));
    expect(useSession.getState().user).toMatchObject({ id: 3, roles: ['manager'] });
    expect(calls.filter((c) => c.path === '/userInfo')).toHaveLength(1);
  });

  it('keeps a redirect back to the page asked for', async () => {
    await signIn(ok(USER), '/login?redirect=%2Floan%2Flist%3Fpage%3D2');
    await waitFor(() => expect(locationNow()).toBe('/loan/list?page=2'));
  });

  it('leaves a failed user load to the workspace, which loads again and says why', async () => {
    await signIn(fail(50003, 'Session ended'));
    await waitFor(() => expect(locationNow()).toBe('/dashboard'));
    expect(useSession.getState().user).toBeNull();
  });
});
