import { PAGE_SIZES, type ResourceDecl, type ResourceField } from '@harbour/contracts';

/**
 * The state of a resource list (page, page size, sort, filters) lives in the URL query, so a tab
 * keyed by its full path reopens exactly where the user left it and a link can be shared.
 * These functions are the only translation between that query and the API's list query.
 */
export interface ListState {
  page: number;
  pageSize: number;
  /** `field:asc|desc`, always one of the declaration's sortable fields (or its default sort). */
  sort: string;
  /** Filter query parameters by name (`dateRange` filters give `<name>From` and `<name>To`). */
  filters: Record<string, string>;
}

type Decl = Pick<ResourceDecl, 'fields' | 'defaultSort'>;

const DEFAULT_PAGE_SIZE = 20;

/** Every query parameter a declaration's filters may use, in declaration order. */
export function filterParams(fields: readonly ResourceField[]): string[] {
  return fields.flatMap((f) => {
    if (!f.filter) return [];
    return f.filter === 'dateRange' ? [`${f.name}From`, `${f.name}To`] : [f.name];
  });
}

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

function validSort(raw: string | null, fields: readonly ResourceField[]): string | undefined {
  if (!raw) return undefined;
  const m = /^([A-Za-z_][A-Za-z0-9_]*):(asc|desc)$/.exec(raw);
  if (!m) return undefined;
  return fields.some((f) => f.sortable && f.name === m[1]) ? raw : undefined;
}

/** Reads the list state from a URL query; anything malformed falls back to the defaults. */
export function parseListState(search: URLSearchParams, decl: Decl): ListState {
  const size = positiveInt(search.get('pageSize'));
  const filters: Record<string, string> = {};
  for (const name of filterParams(decl.fields)) {
    const v = search.get(name);
    if (v !== null && v !== '') filters[name] = v;
  }
  return {
    page: positiveInt(search.get('page')) ?? 1,
    pageSize: size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: validSort(search.get('sort'), decl.fields) ?? decl.defaultSort,
    filters,
  };
}

/**
 * Writes the list state back into a URL query, keeping parameters that are not the list's
 * (another part of the page may own them) and leaving defaults out so paths stay short.
 */
export function writeListState(base: URLSearchParams, state: ListState, decl: Decl): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of ['page', 'pageSize', 'sort', ...filterParams(decl.fields)]) next.delete(name);
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(state.pageSize));
  if (state.sort !== decl.defaultSort) next.set('sort', state.sort);
  for (const [k, v] of Object.entries(state.filters)) if (v !== '') next.set(k, v);
  return next;
}

/** The API list query (`?page=1&pageSize=20&sort=field:asc&<filters>`, architecture §4). */
export function toApiQuery(state: ListState): Record<string, string> {
  const q: Record<string, string> = {
    page: String(state.page),
    pageSize: String(state.pageSize),
    ...state.filters,
  };
  if (state.sort) q.sort = state.sort;
  return q;
}

/** antd's sorter order for a column, from the `field:dir` sort. */
export function columnSortOrder(sort: string, field: string): 'ascend' | 'descend' | null {
  const [name, dir] = sort.split(':');
  if (name !== field) return null;
  return dir === 'desc' ? 'descend' : 'ascend';
}

/** The `field:dir` sort from antd's sorter; clearing the sort returns to the declared default. */
export function sortFromColumn(field: string | undefined, order: 'ascend' | 'descend' | null | undefined, fallback: string): string {
  if (!field || !order) return fallback;
  return `${field}:${order === 'descend' ? 'desc' : 'asc'}`;
}
