import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { columnSortOrder, filterParams, parseListState, sortFromColumn, toApiQuery, writeListState } from './list-query';
import { branchesDecl } from './test-decl';

const parse = (qs: string) => parseListState(new URLSearchParams(qs), branchesDecl);

describe('list state in the URL query', () => {
  it('defaults when the query is empty', () => {
    expect(parse('')).toEqual({ page: 1, pageSize: 20, sort: 'id:asc', filters: {} });
  });

  it('reads page, page size, sort and every filter kind', () => {
    const s = parse('page=3&pageSize=50&sort=lendMoney:desc&storeName=Mong&state=true&openedOnFrom=2026-01-01&openedOnTo=2026-02-01&staffId=4');
    expect(s).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'lendMoney:desc',
      filters: { storeName: 'Mong', state: 'true', openedOnFrom: '2026-01-01', openedOnTo: '2026-02-01', staffId: '4' },
    });
  });

  it('ignores malformed values and columns that are not sortable', () => {
    expect(parse('page=-2&pageSize=33&sort=remarks:asc&unknown=1')).toEqual(parse(''));
    expect(parse('page=abc&sort=id:sideways').page).toBe(1);
    expect(parse('sort=id:sideways').sort).toBe('id:asc');
  });

  it('lists the query parameters of the filters, dateRange as From/To', () => {
    expect(filterParams(branchesDecl.fields)).toEqual(['storeName', 'state', 'openedOnFrom', 'openedOnTo', 'staffId']);
  });

  it('writes defaults out and keeps parameters that are not the list’s', () => {
    const base = new URLSearchParams('tab=2&page=4&storeName=old');
    const next = writeListState(base, { page: 1, pageSize: 20, sort: 'id:asc', filters: { state: 'false' } }, branchesDecl);
    expect(next.toString()).toBe('tab=2&state=false');
  });

  it('round-trips any valid state through the URL', () => {
    const state = fc.record({
      page: fc.integer({ min: 1, max: 10_000 }),
      pageSize: fc.constantFrom(10, 20, 50, 100),
      sort: fc.constantFrom('id:asc', 'id:desc', 'storeName:asc', 'lendMoney:desc'),
      filters: fc.record(
        { storeName: fc.string({ minLength: 1 }), state: fc.constantFrom('true', 'false'), openedOnFrom: fc.constant('2026-03-04') },
        { requiredKeys: [] },
      ),
    });
    fc.assert(
      fc.property(state, (s) => {
        const qs = writeListState(new URLSearchParams(), s, branchesDecl);
        expect(parseListState(new URLSearchParams(qs.toString()), branchesDecl)).toEqual(s);
      }),
    );
  });

  it('builds the API query with page, size, sort and filters', () => {
    expect(toApiQuery({ page: 2, pageSize: 10, sort: 'id:desc', filters: { staffId: '3' } })).toEqual({
      page: '2',
      pageSize: '10',
      sort: 'id:desc',
      staffId: '3',
    });
  });

  it('translates between the sort and antd sorter orders', () => {
    expect(columnSortOrder('lendMoney:desc', 'lendMoney')).toBe('descend');
    expect(columnSortOrder('lendMoney:desc', 'id')).toBeNull();
    expect(sortFromColumn('storeName', 'ascend', 'id:asc')).toBe('storeName:asc');
    expect(sortFromColumn('storeName', undefined, 'id:asc')).toBe('id:asc');
  });
});
