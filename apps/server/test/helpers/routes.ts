import type { RegisteredRoute } from '../../src/http/types.js';

/** A concrete URL for a route pattern: every `:param` gets `value`. */
export const fillParams = (url: string, value: (name: string) => string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(value(name)));

export const isMutating = (r: RegisteredRoute) => r.method !== 'GET' && r.method !== 'HEAD';

/** The only routes anyone may call without logging in. A new public route must be added here on purpose. */
export const EXPECTED_PUBLIC = new Set([
  'GET /api/admin/v1/captcha',
  'POST /api/admin/v1/login',
  'POST /api/admin/v1/refreshToken',
  'GET /api/admin/v1/health',
  'GET /api/admin/v1/openapi.json',
  // Staff portraits: <img> tags cannot send a bearer token; names are unguessable.
  'GET /api/admin/v1/avatars/:name',
  // The login page shows the company's name and logo before anyone signs in.
  'GET /api/admin/v1/companyInfo/public',
  'GET /api/admin/v1/companyLogos/:name',
  // The company website reads published articles (never drafts) and their images without login.
  'GET /api/admin/v1/public/articles',
  'GET /api/admin/v1/public/articles/:id',
  'GET /api/admin/v1/articleImages/:name',
]);
