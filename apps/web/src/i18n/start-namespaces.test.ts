// @vitest-environment node
/**
 * The login page is shown with only `START_NAMESPACES` loaded (main.tsx): every namespace its
 * files name — `useTranslation('ns')`, `t('ns:key')`, a `'ns:key'` message code — must be one of
 * them, or the page would show a raw key until the rest arrives.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { START_NAMESPACES } from './start-namespaces.js';

const LOGIN_FILES = ['../pages/login/LoginPage.tsx', '../pages/login/login-rules.ts'];

describe("the login page's namespaces", () => {
  it('are all in the start part', () => {
    const named = new Set<string>();
    for (const file of LOGIN_FILES) {
      const text = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
      for (const m of text.matchAll(/useTranslation\('([a-zA-Z]+)'\)/g)) named.add(m[1]!);
      for (const m of text.matchAll(/['`]([a-zA-Z]+):[a-zA-Z${]/g)) if (m[1] !== 'https' && m[1] !== 'http') named.add(m[1]!);
    }
    expect([...named].sort()).toEqual(expect.arrayContaining(['auth', 'common', 'shell', 'validation']));
    expect([...named].filter((ns) => !START_NAMESPACES.includes(ns))).toEqual([]);
  });
});
