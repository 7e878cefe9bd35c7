import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, locationNow, ok, renderAt } from '../../generic/test-harness';
import LoginPage from './LoginPage';

const TOKENS = { access_token: 'a', expires_in: 7200, refresh_token: 'r', token_type: 'Bearer', refresh_expires_in: 604800 };
const CAPTCHA = { captcha: 'data:image/svg+xml;base64,PHN2Zy8+', key: 'k1' };

afterEach(() => vi.unstubAllGlobals());

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
