import { ErrorStatus, type FieldError } from '@harbour/contracts';

/** Values for a message's `{{name}}` placeholders. */
export type MessageParams = Record<string, string | number>;

/**
 * An answer other than success. `code` is a message code translated into the caller's
 * language; `fieldErrors` carry message codes too (translated the same way).
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: number,
    readonly code: string,
    readonly params: MessageParams = {},
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (code = 'errors.validation', fieldErrors: FieldError[] = [], params: MessageParams = {}) =>
  new AppError(400, ErrorStatus.Validation, code, params, fieldErrors);
/** A field-level validation problem found by the service (duplicate username, wrong current password…). */
export const fieldError = (field: string, code: string) => badRequest('errors.validation', [{ field, message: code }]);
export const unauthenticated = () => new AppError(401, ErrorStatus.Unauthenticated, 'errors.unauthenticated');
export const tokenExpired = () => new AppError(401, ErrorStatus.TokenExpired, 'errors.tokenExpired');
export const tokenInvalid = (code = 'errors.tokenInvalid') => new AppError(401, ErrorStatus.TokenInvalid, code);
export const forbidden = (code = 'errors.forbidden') => new AppError(403, ErrorStatus.Forbidden, code);
export const notFound = (code = 'errors.notFound') => new AppError(404, ErrorStatus.NotFound, code);
export const conflict = (code = 'errors.conflict', params: MessageParams = {}) => new AppError(409, ErrorStatus.Conflict, code, params);
export const businessRule = (code: string, params: MessageParams = {}) => new AppError(422, ErrorStatus.BusinessRule, code, params);
export const tooManyRequests = (code = 'errors.tooManyRequests', params: MessageParams = {}) =>
  new AppError(429, ErrorStatus.TooManyRequests, code, params);
