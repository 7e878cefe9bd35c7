import { describe, expect, it } from 'vitest';
import * as contracts from '../index.js';
import type { ResourceDecl } from '../resource.js';
import { PERMISSION_CATALOGUE, PERMISSION_KEYS } from './index.js';

const declarations = Object.values(contracts).filter(
  (v): v is ResourceDecl => typeof v === 'object' && v !== null && 'path' in v && 'permissions' in v && 'fields' in v && 'item' in v,
);

describe('permission catalogue', () => {
  it('has every key of every resource declaration', () => {
    expect(declarations.length).toBeGreaterThanOrEqual(3);
    const missing = declarations.flatMap((d) =>
      [...Object.values(d.permissions), ...Object.values(d.actions ?? {}).map((a) => a.permission)]
        .filter((k): k is string => typeof k === 'string' && !PERMISSION_KEYS.has(k))
        .map((k) => `${d.name}: ${k}`),
    );
    expect(missing).toEqual([]);
  });

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
