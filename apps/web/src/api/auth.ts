/** Session and own-account calls (spec §7). */
import { call } from './call.js';
import { sessionEndpoints as api } from './session-endpoints.js';
import { clearTokens, readToken, saveTokens } from './token-store.js';
import type { LoginRequest, OwnProfile, OwnProfileChange, TokenPair } from './types.js';

export const getCaptcha = () => call(api.captcha, { auth: false });

export async function login(req: LoginRequest): Promise<TokenPair> {
  const pair = await call(api.login, {
    body: { type: 1, ...req },
    auth: false,
    silent: true,
  });
  saveTokens(pair, req.remember ?? false);
  return pair;
}

/**
 * On start-up a failed load signs out quietly (the shell shows the message); later reloads, such
 * as "refresh permissions", treat a dead session like any other call (the log-in-again dialog).
 */
export const getUserInfo = ({ startup = true } = {}) =>
  call(api.userInfo, startup ? { silent: true, handleAuthError: false } : {});

export const switchStore = (storeId: number) =>
  call(api.switchStore, { body: { storeId } });

/** Ends the session on the server (best effort) and forgets the tokens locally. */
export async function logout(): Promise<void> {
  try {
    if (readToken()) await call(api.logout, { silent: true });
  } catch {
    // The session may already be gone on the server; the local sign-out below is what matters.
  } finally {
    clearTokens();
  }
}

export const getOwnDetails = () => call(api.ownDetails);

/** The own password (the current one required); errors are shown by the page, next to its fields. */
export const changePassword = (body: { currentPassword: string; password: string }) => call(api.changePassword, { body, silent: true });

export const saveOwnDetails = (change: OwnProfileChange) =>
  call(api.saveOwnDetails, { body: change, silent: true });

/** Sends the avatar as multipart; the server judges the type by content and answers the profile. */
export function uploadAvatar(file: File): Promise<OwnProfile> {
  const form = new FormData();
  form.append('avatar', file);
  return call(api.uploadAvatar, { body: form });
}
