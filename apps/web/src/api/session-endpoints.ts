import { endpoint } from './endpoint.js';
import type { COMPANY_PUBLIC_PATH, CompanyPublic } from '@harbour/contracts';
import type { Captcha, LoginRequest, OwnProfile, OwnProfileChange, TokenPair, UserInfo } from './types.js';

/**
 * The session's entries of the endpoint map (spec §7): kept apart from `endpoints.ts` because the
 * login page loads them, and it must not pull the contracts (zod) into its small bundle — so these
 * paths are written out here, and the server test (apps/server/test/web-endpoints.test.ts) checks
 * each against the routes the server registers.
 */
export const sessionEndpoints = {
  captcha: endpoint<Captcha>()('GET', '/captcha'),
  login: endpoint<TokenPair, LoginRequest & { type: 1 }>()('POST', '/login'),
  logout: endpoint<unknown>()('POST', '/login/logout'),
  /** Sent by the client itself (`http.ts`) when the token is about to expire. */
  refreshToken: endpoint<TokenPair, { refresh_token: string }>()('POST', '/refreshToken'),
  userInfo: endpoint<UserInfo>()('GET', '/userInfo'),
  switchStore: endpoint<unknown, { storeId: number }>()('POST', '/switchStores'),
  ownDetails: endpoint<OwnProfile>()('GET', '/adminModify'),
  saveOwnDetails: endpoint<OwnProfile, OwnProfileChange>()('POST', '/adminModify'),
  uploadAvatar: endpoint<OwnProfile, FormData>()('POST', '/adminModify/avatar'),
  changePassword: endpoint<{ ok: true }, { currentPassword: string; password: string }>()('POST', '/changePassword'),
  /** The company's names and logo, before anyone signs in; the annotation fails the build if the contracts move it. */
  companyPublic: endpoint<CompanyPublic>()('GET', '/companyInfo/public' satisfies typeof COMPANY_PUBLIC_PATH),
};
