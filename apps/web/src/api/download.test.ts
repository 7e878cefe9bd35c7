import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, download, REFRESH_BEFORE_MS } from './http.js';
import { ApiError, ConnectionError } from './errors.js';
import { filenameFromDisposition } from './save-file.js';
import { saveTokens } from './token-store.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const file = (body: string, disposition?: string) =>
  new Response(body, { status: 200, headers: { 'Content-Type': XLSX, ...(disposition ? { 'Content-Disposition': disposition } : {}) } });
const fail = (httpStatus: number, status: number, message: string) =>
  new Response(JSON.stringify({ result: 'error', status, message }), { status: httpStatus, headers: { 'Content-Type': 'application/json' } });
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
/** What reached the browser's download: the link's name and the bytes behind its URL. */
let saved: { name: string; text: Promise<string> }[] = [];
const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;

beforeEach(() => {
  now = 1_700_000_000_000;
  showError.mockReset();
  tokenInvalid.mockReset();
  fetchMock.mockReset();
  saved = [];
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ now: () => now, showError, tokenInvalid, language: () => 'zh-TW', text: (k, s) => `${k} ${s ?? ''}`.trim() });
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (b: Blob | MediaSource) => {
    const url = `blob:harbour/${blobs.size}`;
    blobs.set(url, b as Blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    expect(this.isConnected).toBe(true);
    saved.push({ name: this.download, text: blobs.get(this.href)!.text() });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

const headersOf = (call: number) => new Headers(fetchMock.mock.calls[call]![1]!.headers);

describe('download', () => {
  it('fetches with the session and saves the file under the server’s name', async () => {
    saveTokens(pair(1), false, now);
    fetchMock.mockResolvedValueOnce(file('PK-bytes', `attachment; filename="schedule.xlsx"; filename*=UTF-8''%E9%82%84%E6%AC%BE%E8%A8%88%E5%8A%83.xlsx`));
    await expect(download('/tools/calculator/export', { method: 'POST', body: { loanAmount: '1000' }, filename: 'fallback.xlsx' })).resolves.toBe('還款計劃.xlsx');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/admin/v1/tools/calculator/export');
    expect(init!.method).toBe('POST');
    expect(init!.body).toBe('{"loanAmount":"1000"}');
    expect(headersOf(0).get('Authorization')).toBe('Bearer access-1');
    expect(headersOf(0).get('Accept-Language')).toBe('zh-TW');
    expect(saved.map((s) => s.name)).toEqual(['還款計劃.xlsx']);
    await expect(saved[0]!.text).resolves.toBe('PK-bytes');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(showError).not.toHaveBeenCalled();
  });

  it('uses the caller’s name when the answer names none', async () => {
    fetchMock.mockResolvedValueOnce(file('x'));
    await expect(download('/reports/loans/export', { query: { format: 'csv' }, filename: 'loans.csv' })).resolves.toBe('loans.csv');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/v1/reports/loans/export?format=csv');
    expect(saved.map((s) => s.name)).toEqual(['loans.csv']);
  });

  it('shows an error answer’s message, throws ApiError and saves nothing', async () => {
    fetchMock.mockResolvedValueOnce(fail(422, 422, '貸款條款無效。'));
    const err = await download('/tools/calculator/export', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: '貸款條款無效。', status: 422, httpStatus: 422 });
    expect(showError).toHaveBeenCalledWith('貸款條款無效。');
    expect(saved).toEqual([]);
  });

  it('leaves the message to the caller when silent, and names the HTTP status when the answer is not an envelope', async () => {
    fetchMock.mockResolvedValueOnce(fail(403, 403, 'No permission'));
    await expect(download('/x', { silent: true })).rejects.toMatchObject({ status: 403 });
    expect(showError).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(download('/x')).rejects.toMatchObject({ message: 'http 502', httpStatus: 502 });
    expect(showError).toHaveBeenCalledWith('http 502');
    expect(saved).toEqual([]);
  });

  it('opens the "log in again" dialog for a dead session instead of a red message', async () => {
    saveTokens(pair(1), false, now);
    fetchMock.mockResolvedValueOnce(fail(401, 50002, 'Token expired'));
    await expect(download('/x')).rejects.toBeInstanceOf(ApiError);
    expect(tokenInvalid).toHaveBeenCalledWith('Token expired');
    expect(showError).not.toHaveBeenCalled();
  });

  it('refreshes a token about to expire before fetching the file', async () => {
    saveTokens(pair(1), false, now);
    now += 3600_000 - REFRESH_BEFORE_MS + 1000;
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify({ result: 'success', data: pair(2) })))
      .mockResolvedValueOnce(file('x', 'attachment; filename=a.xlsx'));
    await expect(download('/x')).resolves.toBe('a.xlsx');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/v1/refreshToken');
    expect(headersOf(1).get('Authorization')).toBe('Bearer access-2');
  });

  it('reports a network failure as a ConnectionError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(download('/x')).rejects.toBeInstanceOf(ConnectionError);
    expect(showError).toHaveBeenCalledWith('network');
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="repayment-schedule-2026-03-01.xlsx"', 'repayment-schedule-2026-03-01.xlsx'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    [`attachment; filename*=UTF-8''%E8%B2%B8%E6%AC%BE.xlsx`, '貸款.xlsx'],
    [`attachment; filename*=utf-8'zh-TW'%E8%B2%B8.csv; filename="fallback.csv"`, '貸.csv'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="broken-encoding.csv"`, 'broken-encoding.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', undefined],
    ['attachment; filename=""', undefined],
    [null, undefined],
  ])('%s → %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });
});
