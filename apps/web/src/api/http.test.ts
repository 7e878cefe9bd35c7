import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, refreshDue, request, REFRESH_BEFORE_MS, REQUEST_TIMEOUT_MS } from './http.js';
import { readToken, saveTokens } from './token-store.js';
import { ApiError, ConnectionError, isServerAnswer, isTokenInvalid } from './errors.js';

const ok = (data: unknown) => new Response(JSON.stringify({ result: 'success', data }), { status: 200 });
const fail = (httpStatus: number, status: number, message: string) =>
  new Response(JSON.stringify({ result: 'error', status, message }), { status: httpStatus });

const pair = (n: number, expiresIn = 3600) => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  token_type: 'Bearer',
  expires_in: expiresIn,
  refresh_expires_in: 86400,
});

let now = 1_700_000_000_000;
const showError = vi.fn();
const tokenInvalid = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  now = 1_700_000_000_000;
  showError.mockReset();
  tokenInvalid.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ now: () => now, showError, tokenInvalid, language: () => 'en', text: (k) => k });
});
afterEach(() => vi.unstubAllGlobals());

const headersOf = (call: number) => new Headers(fetchMock.mock.calls[call]![1]!.headers);
const urlOf = (call: number) => String(fetchMock.mock.calls[call]![0]);

describe('API client', () => {
  it('unwraps the success envelope and sends the session headers', async () => {
    saveTokens(pair(1), false, now);
    fetchMock.mockResolvedValueOnce(ok({ id: 7 }));
    await expect(request('/userInfo')).resolves.toEqual({ id: 7 });
    expect(urlOf(0)).toBe('/api/admin/v1/userInfo');
    expect(headersOf(0).get('Authorization')).toBe('Bearer access-1');
    expect(headersOf(0).get('Accept')).toBe('application/json');
    expect(headersOf(0).get('Accept-Language')).toBe('en');
  });

  it('shows an error envelope message and throws ApiError', async () => {
    fetchMock.mockResolvedValueOnce(fail(422, 422, 'Received amount too small'));
    const err = await request('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect(showError).toHaveBeenCalledWith('Received amount too small');
    expect(tokenInvalid).not.toHaveBeenCalled();
  });

  it('does not refresh while more than 5 minutes are left', async () => {
    saveTokens(pair(1), false, now);
    now += 3600_000 - REFRESH_BEFORE_MS - 1000;
    expect(refreshDue(now)).toBe(false);
    fetchMock.mockResolvedValueOnce(ok(1));
    await request('/a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes once within 5 minutes of expiry, then uses the new token', async () => {
    saveTokens(pair(1), false, now);
    now += 3600_000 - REFRESH_BEFORE_MS + 1000;
    expect(refreshDue(now)).toBe(true);
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/refreshToken') ? ok(pair(2)) : ok('done'),
    );
    await Promise.all([request('/a'), request('/b'), request('/c')]);
    const refreshCalls = fetchMock.mock.calls.filter((c) => String(c[0]).endsWith('/refreshToken'));
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0]![1]!.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(readToken()?.accessToken).toBe('access-2');
    const last = fetchMock.mock.calls.length - 1;
    expect(headersOf(last).get('Authorization')).toBe('Bearer access-2');
  });

  it.each([50002, 50003])('opens the log-in-again dialog on %i instead of a red message', async (status) => {
    saveTokens(pair(1), false, now);
    fetchMock.mockResolvedValueOnce(fail(401, status, 'Session expired'));
    await expect(request('/a')).rejects.toBeInstanceOf(ApiError);
    expect(tokenInvalid).toHaveBeenCalledTimes(1);
    expect(showError).not.toHaveBeenCalled();
  });

  it('treats a 500 about an invalid refresh token as a dead session', async () => {
    fetchMock.mockResolvedValueOnce(fail(500, 500, 'The refresh token invalid'));
    await expect(request('/a')).rejects.toBeInstanceOf(ApiError);
    expect(tokenInvalid).toHaveBeenCalled();
    expect(isTokenInvalid(500, 'Unauthenticated.')).toBe(true);
    expect(isTokenInvalid(500, 'Database down')).toBe(false);
  });

  it('leaves a dead session to the caller when asked (userInfo)', async () => {
    fetchMock.mockResolvedValueOnce(fail(401, 50003, 'Revoked'));
    await expect(request('/userInfo', { handleAuthError: false, silent: true })).rejects.toThrow('Revoked');
    expect(tokenInvalid).not.toHaveBeenCalled();
    expect(showError).not.toHaveBeenCalled();
  });

  it('tells a request that got no answer (aborted by a reload, network down) from an error answer', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('The user aborted a request.', 'AbortError'));
    const aborted = await request('/userInfo', { silent: true, handleAuthError: false }).catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(ConnectionError);
    expect((aborted as ConnectionError).reason).toBe('aborted');
    expect(isServerAnswer(aborted)).toBe(false);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const network = await request('/things').catch((e: unknown) => e);
    expect((network as ConnectionError).reason).toBe('network');
    expect(isServerAnswer(network)).toBe(false);
    expect(showError).toHaveBeenCalledTimes(1);
    expect(showError).toHaveBeenCalledWith('network');

    // The answer's body cut off while it is read (the page unloads): still no answer.
    const cut = new Response('{"result":"succ', { status: 200 });
    vi.spyOn(cut, 'json').mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    fetchMock.mockResolvedValueOnce(cut);
    const cutOff = await request('/userInfo', { silent: true }).catch((e: unknown) => e);
    expect(isServerAnswer(cutOff)).toBe(false);

    // Answers: an error envelope, and a body that is not JSON.
    fetchMock.mockResolvedValueOnce(fail(401, 50002, 'Expired'));
    const expired = await request('/userInfo', { silent: true, handleAuthError: false }).catch((e: unknown) => e);
    expect(isServerAnswer(expired)).toBe(true);
    expect((expired as ApiError).status).toBe(50002);
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    const gateway = await request('/userInfo', { silent: true }).catch((e: unknown) => e);
    expect(isServerAnswer(gateway)).toBe(true);
    expect((gateway as ApiError).httpStatus).toBe(502);
    expect(tokenInvalid).not.toHaveBeenCalled();
  });

  it('passes the caller\'s own abort on as it came', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = request('/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const err = await p;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
    expect(showError).not.toHaveBeenCalled();
  });

  it('gives up after 50 seconds', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementationOnce(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const p = request('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(showError).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const err = (await p) as ApiError;
      expect(err.status).toBe(0);
      expect(err).toBeInstanceOf(ConnectionError);
      expect(isServerAnswer(err)).toBe(false);
      expect(showError).toHaveBeenCalledWith('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps tokens as session cookies unless remember me', () => {
    const spy = vi.spyOn(document, 'cookie', 'set');
    saveTokens(pair(1), false, now);
    expect(spy.mock.calls.every(([c]) => !String(c).includes('max-age'))).toBe(true);
    spy.mockClear();
    saveTokens(pair(1), true, now);
    expect(spy.mock.calls.every(([c]) => String(c).includes('max-age=86400'))).toBe(true);
    spy.mockRestore();
  });
});
