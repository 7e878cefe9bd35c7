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
