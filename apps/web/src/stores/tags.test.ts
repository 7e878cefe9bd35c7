import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Location } from 'react-router';
import type { FlatRoute } from '../api/types.js';
import { mountKeyOf } from './tag-rules.js';
import { useTags, type CachedPage } from './tags.js';

const route = { pattern: '/loan/list' } as unknown as FlatRoute;
const page = (fullPath: string): CachedPage => {
  const [pathname = '', query] = fullPath.split('?');
  return {
    location: { pathname, search: query ? `?${query}` : '', hash: '', state: null, key: fullPath } as Location,
    route,
  };
};
const tag = (fullPath: string) => ({ fullPath, name: 'LoanList', title: 'loanList' });
const visit = (fullPath: string, replaceFrom?: string) =>
  useTags.getState().visit(tag(fullPath), fullPath, page(fullPath), replaceFrom);
const paths = () => useTags.getState().visited.map((t) => t.fullPath);
const keyOf = (fullPath: string) => mountKeyOf(useTags.getState().mounts, fullPath);

// The store is the module's: another file of the worker may have used it.
beforeEach(() => useTags.getState().reset());
afterEach(() => useTags.getState().reset());

describe('tags store', () => {
  it('a push to other parameters of a page with a tab moves its tab there and mounts the page afresh', () => {
    visit('/loan/list');
    const before = keyOf('/loan/list');
    useTags.getState().setDetail('/loan/list', 'first');
    visit('/loan/list?page=2');
    const s = useTags.getState();
    expect(paths()).toEqual(['/loan/list?page=2']);
    expect(s.visited[0]!.detail).toBeUndefined();
    expect(s.cached).toEqual(['/loan/list?page=2']);
    expect(Object.keys(s.entries)).toEqual(['/loan/list?page=2']);
    expect(keyOf('/loan/list?page=2')).not.toBe(before);
  });

  it('pins the affixed tabs in front without opening their pages', () => {
    visit('/loan/list');
    useTags.getState().pin([{ fullPath: '/dashboard', name: 'Dashboard', title: 'dashboard', affix: true }]);
    useTags.getState().pin([{ fullPath: '/dashboard', name: 'Dashboard', title: 'dashboard', affix: true }]);
    expect(paths()).toEqual(['/dashboard', '/loan/list']);
    expect(useTags.getState().cached).toEqual(['/loan/list']);
  });

  it('a replace within the page renames its tab and cache entry in place and keeps the mounted page', () => {
    visit('/dashboard');
    visit('/loan/list');
    visit('/other');
    visit('/loan/list');
    const mounted = keyOf('/loan/list');
    useTags.getState().refresh('/loan/list');
    visit('/loan/list');
    const generation = useTags.getState().generation['/loan/list'];
    visit('/loan/list?page=2', '/loan/list');
    visit('/loan/list?page=2&sort=name', '/loan/list?page=2');
    const s = useTags.getState();
    expect(paths()).toEqual(['/dashboard', '/loan/list?page=2&sort=name', '/other']);
    expect(s.cached).toEqual(['/dashboard', '/other', '/loan/list?page=2&sort=name']);
    expect(Object.keys(s.entries).sort()).toEqual(['/dashboard', '/loan/list?page=2&sort=name', '/other']);
    expect(s.entries['/loan/list?page=2&sort=name']!.location.search).toBe('?page=2&sort=name');
    expect(keyOf('/loan/list?page=2&sort=name')).toBe(mounted);
    expect(s.generation['/loan/list?page=2&sort=name']).toBe(generation);
    expect(s.active).toBe('/loan/list?page=2&sort=name');
  });

  it('a replace onto a full path another tab already has leaves one tab, the renamed one', () => {
    visit('/loan/list?page=2');
    visit('/loan/list');
    const mounted = keyOf('/loan/list');
    visit('/loan/list?page=2', '/loan/list');
    expect(paths()).toEqual(['/loan/list?page=2']);
    expect(useTags.getState().cached).toEqual(['/loan/list?page=2']);
    expect(keyOf('/loan/list?page=2')).toBe(mounted);
  });

  it('a page opened again at a renamed page\'s old path gets a key of its own', () => {
    visit('/loan/list');
    visit('/loan/list?page=2', '/loan/list');
    const renamed = keyOf('/loan/list?page=2');
    visit('/loan/list');
    expect(paths()).toEqual(['/loan/list']);
    expect(keyOf('/loan/list')).not.toBe(renamed);
    visit('/loan/list?page=3', '/loan/list');
    expect(paths()).toEqual(['/loan/list?page=3']);
  });

  it('a replace from a full path without a tab just adds the tab', () => {
    visit('/loan/list?page=2', '/nowhere');
    expect(paths()).toEqual(['/loan/list?page=2']);
  });
});
