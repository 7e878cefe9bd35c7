import { describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE } from './index.js';

// That a resource declaration's keys are in the catalogue needs no test here: they enter it through
// `resourcePermissions(decl, …)` by construction, `PermissionKey` makes other uses compile only
// with catalogue keys (permission-key.type-test.ts), and `registerResource` refuses a declaration
// whose key is missing when any API test builds the app. What no compiler sees, a translation key
// the web asks for that has no text, is checked by apps/web/src/i18n/used-keys.test.ts.

describe('permission catalogue', () => {
  it('lists each key once', () => {
    const keys = PERMISSION_CATALOGUE.map((p) => p.key);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('gives a resource key the API routes its declaration serves', () => {
    const byKey = new Map(PERMISSION_CATALOGUE.map((p) => [p.key as string, p]));
    expect(byKey.get('stores.list')?.api).toEqual(['GET /stores', 'GET /stores/{id}']);
    expect(byKey.get('stores.list')?.menu).toMatchObject({ path: '/stores/list', pageKey: 'stores.list', available: true });
    expect(byKey.get('masterdata.holidays.delete')?.api).toEqual(['DELETE /holidays/{id}']);
  });
});
