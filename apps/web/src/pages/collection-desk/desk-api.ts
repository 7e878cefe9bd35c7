import type { ContactCreateInput, DeskQuery } from '@harbour/contracts';
import { call, callDownload } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.collection;

/** The desk's query as the page builds it; left-out values are not sent (the server's defaults). */
const queryOf = (q: DeskQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const deskApi = {
  list: (q: DeskQuery, signal?: AbortSignal) => call(api.desk, { query: queryOf(q), signal }),
  /** Saves the xlsx of the same list, filters and sort under the server's file name. */
  export: (q: DeskQuery) => {
    const { page: _page, pageSize: _size, ...rest } = q;
    return callDownload(api.exportDesk, { query: queryOf(rest), filename: 'collector-desk.xlsx' });
  },
  contacts: (loanId: number, signal?: AbortSignal) => call(api.contacts, { query: { loanId }, signal }),
  log: (body: ContactCreateInput) => call(api.logContact, { body }),
  cancel: (contactId: number, reason: string) => call(api.cancelContact, { body: { contactId, reason } }),
};

/** Query keys the desk's lists and a loan's log live under: logging a contact refreshes both. */
export const DESK_KEY = ['collection', 'desk'] as const;
export const contactsKey = (loanId: number) => ['collection', 'contacts', loanId] as const;
