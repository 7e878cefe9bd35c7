import type { Page } from '@harbour/contracts';
import { request } from '../api/index.js';

/**
 * The calls a declared resource answers (architecture §4): `GET <path>` (page), `GET <path>/:id`,
 * `POST <path>`, `PUT <path>/:id`, `DELETE <path>/:id`, and the `{items:[{id,name}]}` choice
 * lists named by `refPath`. Everything goes through the web's one API client, which adds the
 * token, the language and the red error message.
 */
export interface RefOption {
  id: number | string;
  name: string;
}

const itemPath = (path: string, id: number | string) => `${path}/${encodeURIComponent(String(id))}`;

export const resourceApi = {
  list: <T>(path: string, query: Record<string, string>, signal?: AbortSignal) =>
    request<Page<T>>(path, { query, signal }),
  get: <T>(path: string, id: number | string, signal?: AbortSignal) =>
    request<T>(itemPath(path, id), { signal }),
  create: <T>(path: string, body: Record<string, unknown>) => request<T>(path, { method: 'POST', body }),
  update: <T>(path: string, id: number | string, body: Record<string, unknown>) =>
    request<T>(itemPath(path, id), { method: 'PUT', body }),
  remove: (path: string, id: number | string) => request<unknown>(itemPath(path, id), { method: 'DELETE' }),
  /**
   * A ref list may answer a page or a bare `{items}`; both carry `items`. Items are `{id, name}`;
   * a resource list used as choices (stores: `storeName`) gives its display name instead.
   */
  refOptions: async (path: string, signal?: AbortSignal): Promise<RefOption[]> => {
    const data = await request<{ items: Array<Record<string, unknown>> }>(path, { signal });
    return data.items.map((o) => ({
      id: o.id as number | string,
      name: String(o.name ?? o.storeName ?? o.id),
    }));
  },
};
