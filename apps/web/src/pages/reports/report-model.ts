import type { ReportDecl } from '@harbour/contracts';

export type ParamValues = Record<string, string | number | null>;

/** The query string of a run: the parameters that have a value, the sort, the page. */
export function runQuery(params: ParamValues, extra: Record<string, string | number | undefined> = {}): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries({ ...params, ...extra })) if (v !== null && v !== undefined && v !== '') out[k] = v;
  return out;
}

/** The parameters and sort a URL carries (`?dateFrom=…&sort=applyDate:desc`), for the report and its print view. */
export function fromSearch(decl: ReportDecl, search: URLSearchParams): { params: ParamValues; sort: string | undefined } {
  const params: ParamValues = {};
  for (const p of decl.params) {
    const v = search.get(p.name);
    if (v !== null && v !== '') params[p.name] = v;
  }
  const sort = search.get('sort') ?? undefined;
  return { params, sort };
}

/** `1.2 MB`, `356 KB`: the bytes an export has received so far. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** `sort=<col>:<order>` of antd's sorter (undefined when the sort is cleared: the declared default). */
export function sortOf(field: unknown, order: 'ascend' | 'descend' | null | undefined): string | undefined {
  if (!order || typeof field !== 'string') return undefined;
  return `${field}:${order === 'ascend' ? 'asc' : 'desc'}`;
}
