import type { FieldError } from '@harbour/contracts';

/** A failed call: an error envelope, an HTTP failure without one, a timeout or a network error. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The envelope's `status` (50002, 422, …) or the HTTP status; 0 for network errors and timeouts. */
    readonly status: number,
    readonly httpStatus: number,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A request that got no answer from the server: it timed out, the network failed, or the browser
 * aborted it (page reload, leaving the page). Nothing is known about the session then, so it must
 * never sign the staff member out; only an answer (an error envelope or HTTP status) may.
 */
export class ConnectionError extends ApiError {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'network' | 'aborted',
    /** What `fetch` threw. */
    readonly original?: unknown,
  ) {
    super(message, 0, 0);
    this.name = 'ConnectionError';
  }
}

/** True for a `fetch` failure that is an abort (`AbortError`) rather than a network error. */
export const isAbort = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';

/**
 * True when `e` is an answer of the server (an error envelope or HTTP error, or a check of the
 * answer's content): false for timeouts, network failures, aborted requests and other errors.
 */
export function isServerAnswer(e: unknown): e is ApiError {
  return e instanceof ApiError && !(e instanceof ConnectionError);
}

/** Spec §8: 50002/50003, or a 500 whose message says the refresh token is invalid / unauthenticated. */
export function isTokenInvalid(status: number, message: string): boolean {
  if (status === 50002 || status === 50003) return true;
  return status === 500 && /refresh token invalid|unauthenticated/i.test(message);
}
