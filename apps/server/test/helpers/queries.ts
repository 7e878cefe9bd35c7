import pg from 'pg';
import { vi } from 'vitest';
import type { Db } from '../../src/db/client.js';

/** Runs `fn` and answers the SQL texts the app's pool was asked to run meanwhile. */
export async function queriesDuring(db: Db, fn: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const pool = db.$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    const q = args[0];
    texts.push(typeof q === 'string' ? q : String((q as { text?: string }).text));
    return query(...args);
  }) as typeof pool.query);
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return texts;
}

/**
 * Every query any pg client of this process submits while `run` runs (the app's pool only when the
 * test sends none meanwhile), by its prepared statement's name or its text: `all` of them, and
 * `tx` those from `begin` on (before it: the session lookup, and a caller's grants the first time).
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<{ all: number; tx: string[] }> {
  const submit = vi.spyOn(pg.Query.prototype as unknown as { submit: (...a: unknown[]) => unknown }, 'submit');
  try {
    await run();
    const names = submit.mock.instances.map((q) => {
      const query = q as unknown as { name?: string; text: string };
      return query.name ?? query.text;
    });
    return { all: names.length, tx: names.slice(names.indexOf('begin')) };
  } finally {
    submit.mockRestore();
  }
}
