import { API_BASE } from '@harbour/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ readOnly: true });
});
afterAll(() => t.close());

it('describes every administration route in the OpenAPI document', async () => {
  const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
  expect(res.statusCode).toBe(200);
  const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths).map((p) => p.slice(API_BASE.length));
  for (const path of [
    '/staff',
    '/staff/{id}',
    '/staff/{id}/state',
    '/staff/{id}/reveal',
    '/staff/{id}/unlock',
    '/adminModify',
    '/adminModify/avatar',
    '/admin/allAdmins',
    '/staffInfo',
    '/roles',
    '/roles/{id}',
    '/permissions',
    '/permissions/tree',
    '/permissions/refresh',
    '/stores',
    '/stores/{id}',
    '/stores/adminStores',
    '/storesLog',
    '/auditLogs',
    '/accessIps',
    '/accessIps/{id}',
    '/accessIps/setting',
  ]) {
    expect(paths).toContain(path);
  }
});
