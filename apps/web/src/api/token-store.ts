/**
 * The session's tokens live in cookies (spec §9): with "remember me" they last as long as the
 * refresh token (`refresh_expires_in`); otherwise they are session cookies.
 */
import type { TokenPair } from './types.js';
import { getCookie, removeCookie, setCookie } from './cookies.js';

const ACCESS = 'harbour_access_token';
const REFRESH = 'harbour_refresh_token';
const TYPE = 'harbour_token_type';
/** Epoch milliseconds at which the access token expires. */
const EXPIRES_AT = 'harbour_token_expires_at';
const REMEMBER = 'harbour_remember';

export interface StoredToken {
  accessToken: string;
  refreshToken?: string;
  tokenType: string;
  expiresAt: number;
}

export function saveTokens(pair: TokenPair, remember?: boolean, now = Date.now()): void {
  // A refresh keeps the choice made at login.
  const keep = remember ?? getCookie(REMEMBER) === '1';
  const maxAge = keep ? pair.refresh_expires_in : undefined;
  setCookie(ACCESS, pair.access_token, maxAge);
  setCookie(REFRESH, pair.refresh_token, maxAge);
  setCookie(TYPE, pair.token_type || 'Bearer', maxAge);
  setCookie(EXPIRES_AT, String(now + pair.expires_in * 1000), maxAge);
  setCookie(REMEMBER, keep ? '1' : '0', maxAge);
}

export function readToken(): StoredToken | undefined {
  const accessToken = getCookie(ACCESS);
  if (!accessToken) return undefined;
  const expiresAt = Number(getCookie(EXPIRES_AT));
  return {
    accessToken,
    refreshToken: getCookie(REFRESH),
    tokenType: getCookie(TYPE) || 'Bearer',
    expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : Number.POSITIVE_INFINITY,
  };
}

export function clearTokens(): void {
  for (const name of [ACCESS, REFRESH, TYPE, EXPIRES_AT, REMEMBER]) removeCookie(name);
}
