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

/** Spec §8: 50002/50003, or a 500 whose message says the refresh token is invalid / unauthenticated. */
export function isTokenInvalid(status: number, message: string): boolean {
  if (status === 50002 || status === 50003) return true;
  return status === 500 && /refresh token invalid|unauthenticated/i.test(message);
}
