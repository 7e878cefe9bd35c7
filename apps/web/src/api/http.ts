/**
 * The one HTTP client of the web (spec §7, §8, §9): envelope unwrapping, `Authorization`,
 * `Accept-Language`, a 50 s timeout, token refresh 5 minutes before expiry, red error messages and
 * the "log in again" dialog. UI reactions are injected through `configureClient` so the client has
 * no React or antd dependency and can be unit-tested on its own.
 */
import type { Envelope } from '@harbour/contracts';
import { API_BASE } from './base.js';
import { ApiError, ConnectionError, isAbort, isTokenInvalid } from './errors.js';
import { filenameFromDisposition, saveBlob } from './save-file.js';
import { readToken, saveTokens } from './token-store.js';
import type { TokenPair } from './types.js';
import { sessionEndpoints } from './session-endpoints.js';

export const REQUEST_TIMEOUT_MS = 50_000;
/** Refresh when the access token has this little time left (spec §9: 300000 ms). */
export const REFRESH_BEFORE_MS = 300_000;

export interface ClientHooks {
  /** Current interface language for `Accept-Language`. */
  language: () => string;
  /** Shows an error envelope's message (red, 5 s). */
  showError: (message: string) => void;
  /** The session is gone: ask the staff to log in again. */
  tokenInvalid: (message: string) => void;
  /** Messages the client itself produces (timeout, network), already translated. */
  text: (key: 'timeout' | 'network' | 'http', status?: number) => string;
  now: () => number;
}

let hooks: ClientHooks = {
  language: () => 'zh-TW',
  showError: () => {},
  tokenInvalid: () => {},
  text: (key, status) => (status ? `${key} ${status}` : key),
  now: () => Date.now(),
};

export function configureClient(partial: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...partial };
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Send no Authorization header and skip the refresh check (login, captcha). */
  auth?: boolean;
  /** Do not show the red message; the caller shows the error itself (e.g. form field errors). */
  silent?: boolean;
  /** Leave a dead session to the caller instead of opening the "log in again" dialog. */
  handleAuthError?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  }
  const s = qs.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${s ? `?${s}` : ''}`;
}

let refreshing: Promise<void> | null = null;

/** True when a stored access token is within REFRESH_BEFORE_MS of expiry and can be refreshed. */
export function refreshDue(now = hooks.now()): boolean {
  const token = readToken();
  return !!token?.refreshToken && token.expiresAt - now <= REFRESH_BEFORE_MS;
}

/** Refreshes the token pair once, however many calls are waiting on it. */
export function refreshTokens(): Promise<void> {
  refreshing ??= (async () => {
    const token = readToken();
    if (!token?.refreshToken) return;
    const pair = await send<TokenPair>(sessionEndpoints.refreshToken.path, {
      method: sessionEndpoints.refreshToken.method,
      body: { refresh_token: token.refreshToken },
      auth: false,
    });
    saveTokens(pair, undefined, hooks.now());
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (options.auth !== false && refreshDue()) await refreshTokens();
  return send<T>(path, options);
}

export interface DownloadOptions extends RequestOptions {
  /** The name to save under when the answer names none (`Content-Disposition`). */
  filename?: string;
}

/** Told the bytes received so far while a file arrives (a long export's progress). */
export type FileProgress = (received: number) => void;

/** Reads a file answer's body, telling `onProgress` the bytes received after each chunk. */
async function readBlob(res: Response, onProgress?: FileProgress): Promise<Blob> {
  if (!onProgress || !res.body) return res.blob();
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type: res.headers.get('Content-Type') ?? '' });
}

/**
 * A file of the API as a blob with the server's file name, fetched like `request` (token, refresh,
 * language, timeout; an error answer's envelope shown and thrown): for showing it in the page.
 */
export async function fetchFile(path: string, options: RequestOptions & { onProgress?: FileProgress } = {}): Promise<{ blob: Blob; name: string | undefined }> {
  if (options.auth !== false && refreshDue()) await refreshTokens();
  return send(path, options, async (res) => ({
    blob: await readBlob(res, options.onProgress),
    name: filenameFromDisposition(res.headers.get('Content-Disposition')),
  }));
}

/**
 * Fetches a file (an export, a printout) the way `request` calls the API — session token,
 * refresh, language, timeout, and an error answer's envelope shown in red and thrown as ApiError
 * — and hands it to the browser under the server's file name. Resolves with that name.
 */
export async function download(path: string, options: DownloadOptions & { onProgress?: FileProgress } = {}): Promise<string> {
  const file = await fetchFile(path, options);
  const filename = file.name ?? options.filename ?? 'download';
  saveBlob(file.blob, filename);
  return filename;
}

/**
 * The error for a request that got no answer: the caller's own abort is passed on as it came;
 * otherwise a ConnectionError (timeout, network, or an abort by the browser such as a reload).
 */
function noAnswer(e: unknown, timedOut: boolean, options: RequestOptions): unknown {
  if (options.signal?.aborted && !timedOut) return e;
  const reason = timedOut ? 'timeout' : isAbort(e) ? 'aborted' : 'network';
  const err = new ConnectionError(hooks.text(timedOut ? 'timeout' : 'network'), reason, e);
  if (!options.silent && reason !== 'aborted') hooks.showError(err.message);
  return err;
}

/**
 * One call. Without `readFile` the answer is a JSON envelope and its `data` is returned; with it a
 * successful answer is a file read by `readFile`, and an error answer is still the envelope.
 */
async function send<T>(path: string, options: RequestOptions, readFile?: (res: Response) => Promise<T>): Promise<T> {
  const headers: Record<string, string> = {
    Accept: readFile ? '*/*' : 'application/json',
    'Accept-Language': hooks.language(),
  };
  if (options.auth !== false) {
    const token = readToken();
    if (token) headers.Authorization = `${token.tokenType} ${token.accessToken}`;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });

  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    clearTimeout(timer);
    throw noAnswer(e, timedOut, options);
  }

  let envelope: Envelope<T> | undefined;
  try {
    if (readFile && res.ok) return await readFile(res);
    envelope = (await res.json()) as Envelope<T>;
  } catch (e) {
    // A body that is not JSON is still an answer; a body cut off by an abort, a timeout or the
    // network (the page being reloaded or left) is not.
    if (!(e instanceof SyntaxError)) throw noAnswer(e, timedOut, options);
    envelope = undefined;
  } finally {
    clearTimeout(timer);
  }
  if (!readFile && envelope && envelope.result === 'success') return envelope.data;

  const status = envelope?.result === 'error' ? envelope.status : res.status;
  const message =
    envelope?.result === 'error' && envelope.message ? envelope.message : hooks.text('http', res.status);
  const err = new ApiError(message, status, res.status, envelope?.result === 'error' ? envelope.errors : undefined);
  const sessionGone = isTokenInvalid(status, message) || (res.status === 401 && options.auth !== false);
  if (sessionGone && options.handleAuthError !== false) {
    hooks.tokenInvalid(message);
  } else if (!sessionGone && !options.silent) {
    hooks.showError(message);
  }
  throw err;
}
