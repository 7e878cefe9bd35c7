/**
 * The `status` of an error envelope. HTTP status codes are used as they are, except the two
 * token codes the spec names (§8): the web shows the "log in again" dialog on either.
 */
export const ErrorStatus = {
  Validation: 400,
  Unauthenticated: 401,
  TokenExpired: 50002,
  TokenInvalid: 50003,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  BusinessRule: 422,
  TooManyRequests: 429,
  Internal: 500,
} as const;
export type ErrorStatusCode = (typeof ErrorStatus)[keyof typeof ErrorStatus];

export const LANGUAGES = ['zh-TW', 'en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-TW';
