import { expect } from 'vitest';
import { call, dataOf, loginAs, type ApiAnswer } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';

/** Shared steps of the administration API tests. */

/**
 * A token of `username`. A staff member an administrator just created (or whose password was reset)
 * must change the password first; tests that only need to act as them accept the given password
 * (the flag is cleared in the database) — the change itself is tested in auth/password-policy.test.ts.
 */
export async function tokenOf(t: TestApp, username: string, password?: string): Promise<string> {
  const tokens = await loginAs(t.app, username, password);
  if ((tokens as { password_must_change?: boolean }).password_must_change) {
    await t.pool.query('update staff set password_must_change = false where username = $1', [username]);
  }
  return tokens.access_token;
}

export async function idOf(t: TestApp, table: 'staff' | 'roles', column: 'username' | 'name', value: string): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>(`select id from ${table} where ${column} = $1`, [value]);
  if (!rows[0]) throw new Error(`${table}.${column} = ${value} not found`);
  return rows[0].id;
}

export async function storeIds(t: TestApp): Promise<{ mongKok: number; kwunTong: number; tsuenWan: number }> {
  const { rows } = await t.pool.query<{ id: number; name_en: string }>('select id, name_en from stores');
  const by = (name: string) => rows.find((r) => r.name_en === name)!.id;
  return { mongKok: by('Mong Kok'), kwunTong: by('Kwun Tong'), tsuenWan: by('Tsuen Wan') };
}

export async function auditCount(t: TestApp): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>('select count(*)::int as n from audit_log');
  return rows[0]!.n;
}

/** Row count of a table, to show a refused request changed nothing. */
export async function rowCount(t: TestApp, table: string): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

/** A 400 whose field errors name exactly `fields` (in any order). */
export function expectFieldErrors(res: ApiAnswer, fields: string[]): { field: string; message: string }[] {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(400);
  expect(res.body.result).toBe('error');
  const errors = res.body.result === 'error' ? (res.body.errors ?? []) : [];
  expect(errors.map((e) => e.field).sort()).toEqual([...fields].sort());
  for (const e of errors) expect(e.message).not.toMatch(/^(validation|admin|errors)\./);
  return errors;
}

export function messageOf(res: ApiAnswer, field: string): string | undefined {
  return res.body.result === 'error' ? res.body.errors?.find((e) => e.field === field)?.message : undefined;
}

export { call, dataOf };
