import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, REPORT_NAMES } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../web/src/api/endpoints.js';
import { createTestApp, type TestApp } from './helpers/app.js';

/**
 * The web calls the API only through its endpoint map (apps/web/src/api/endpoints.ts and
 * session-endpoints.ts, docs/web-conventions.md "Call the API"). Against the real server: every
 * entry is a route it registers with the same method, so renaming a server path breaks this test
 * rather than a screen; and no API path is written as a literal anywhere else in the web.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ readOnly: true });
});
afterAll(() => t.close());

/** `:id`, `:docId` … all read as one parameter: a name is the server's own business. */
const shape = (path: string) => path.replace(/:\w+/g, ':');

interface Entry {
  name: string;
  method: string;
  path: string;
}

function entriesOf(map: object, prefix = ''): Entry[] {
  return Object.entries(map).flatMap(([key, value]: [string, unknown]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && 'method' in value && 'path' in value) {
      const e = value as { method: string; path: string };
      return [{ name, method: e.method, path: e.path }];
    }
    return value && typeof value === 'object' ? entriesOf(value, name) : [];
  });
}

const entries = entriesOf(endpoints);

/**
 * Entries that stand for a family of routes: each report has its own route (`/reports/loans`,
 * `/reports/loans/export`, …), so `/reports/:name` is checked once per declared report.
 */
const FAMILIES: Record<string, readonly string[]> = { 'reports.run': REPORT_NAMES, 'reports.export': REPORT_NAMES };
const routesOf = (e: Entry): string[] => (FAMILIES[e.name] ? FAMILIES[e.name]!.map((n) => e.path.replace(':name', n)) : [e.path]);

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * Where an API path may be written: the map itself, the API base (the client's one prefix), and
 * the component tests' support, which stubs `fetch` by URL.
 */
const ALLOWED_FILES = new Set([
  'apps/web/src/api/endpoints.ts',
  'apps/web/src/api/session-endpoints.ts',
  'apps/web/src/api/base.ts',
  'apps/web/src/generic/test-decl.ts',
  'apps/web/src/generic/test-harness.tsx',
]);

function webSources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.(test|type-test)\.tsx?$/.test(e.name)) out.push({ file: relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(ROOT, 'apps/web/src'));
  return out;
}

/**
 * The string and template literals of a source that start with `/` (a template's `${…}` read as
 * one parameter, a query string dropped), e.g. `/loans/${id}/print` → `/loans/:/print`.
 */
function pathLiterals(text: string): string[] {
  const found: string[] = [];
  // Comments may name a call (`GET /userInfo`); only code is read.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
  for (const m of code.matchAll(/(['"`])(\/[^'"`\s]*)\1/g)) {
    const raw = m[2]!;
    found.push(raw.replace(/\$\{[^}]*\}/g, ':').split('?')[0]!);
  }
  return found;
}

describe('the web endpoint map', () => {
  it('holds the calls of every area', () => {
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.find((e) => e.name === 'repayments.correct')).toEqual({ name: 'repayments.correct', method: 'POST', path: '/repayments/:id/correct' });
  });

  it('names only routes the server registers, with the same method', () => {
    const served = new Set(t.app.apiRoutes.map((r) => `${r.method} ${shape(r.url)}`));
    const missing = entries.flatMap((e) => routesOf(e).filter((p) => !served.has(`${e.method} ${shape(API_BASE + p)}`)).map((p) => `${e.name}: ${e.method} ${p}`));
    expect(missing).toEqual([]);
  });

  it('is the only place in the web that writes an API path', () => {
    // A route as a pattern: `/api/admin/v1/loans/:id` → /^\/loans\/[^/]+$/ (a literal's `:` parameter matches any segment).
    const routes = [...new Set(t.app.apiRoutes.map((r) => r.url.slice(API_BASE.length)).filter((u) => u !== ''))].map(
      (u) => new RegExp(`^${u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`),
    );
    const isApi = (literal: string) => literal.startsWith('/api') || routes.some((r) => r.test(literal.replace(/:/g, 'x')));
    const offenders = webSources()
      .filter((f) => !ALLOWED_FILES.has(f.file))
      .flatMap((f) => pathLiterals(f.text).filter((l) => isApi(l) && !PAGE_ROUTES.has(l)).map((l) => `${f.file}: ${l}`));
    expect(offenders).toEqual([]);
  });

  it('is sent only by `call`: no page hands the client a path of its own', () => {
    // The client's functions take a path; outside the API folder only the generic resource calls
    // (paths of a declaration) and the option resources' declared actions may use them.
    const callers = webSources()
      .filter((f) => /\b(request|download|fetchFile)(<[^>]*>)?\(/.test(f.text.replace(/\/\*[\s\S]*?\*\//g, '')))
      .map((f) => f.file)
      .sort();
    expect(callers).toEqual(['apps/web/src/api/call.ts', 'apps/web/src/api/http.ts', 'apps/web/src/generic/resource-api.ts', 'apps/web/src/pages/options/options-api.ts']);
  });
});

/**
 * Screens of the web whose URL happens to equal an API path (`/dashboard` is both the page and
 * its figures' call; `/staff/list` the old staff page's address, redirected to the staff list):
 * written in the web as page addresses, not calls.
 */
const PAGE_ROUTES = new Set<string>(['/login', '/dashboard', '/adminModify', '/staff/list']);
