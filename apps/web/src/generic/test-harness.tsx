import { useEffect, type ReactNode } from 'react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { useSession } from '../stores/session.js';

/**
 * Test harness of the generic pages: a fake API behind `fetch` (the real API client runs on top
 * of it), a router at a given URL, React Query and antd's App context.
 */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Handler = (call: Call) => { status?: number; body: unknown } | undefined;

export function fakeApi(handler: Handler) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://harbour.test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace('/api/admin/v1', ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { result: 'error', status: 404, message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const ok = (data: unknown) => ({ body: { result: 'success', data } });
export const fail = (status: number, message: string, errors?: { field: string; message: string }[]) => ({
  status: status >= 1000 ? 400 : status,
  body: { result: 'error', status, message, errors },
});

/** Signs a staff member in with the given permission keys (not the super admin). */
export function signIn(jurisdiction: string[]) {
  useSession.setState({
    user: { id: 7, name: 'Tester', roles: ['manager'], jurisdiction },
  });
}

const probe = { url: '' };
function LocationProbe() {
  const loc = useLocation();
  useEffect(() => {
    probe.url = `${loc.pathname}${loc.search}`;
  }, [loc]);
  return null;
}
/** The URL the page last navigated to (path and query). */
export const locationNow = () => probe.url;

export function renderAt(url: string, ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <MemoryRouter initialEntries={[url]}>
          <LocationProbe />
          {ui}
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}
