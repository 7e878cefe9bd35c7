import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAppRole, rolePowers, tooPowerful } from '../../src/db/app-role.js';
import { migrate } from '../../src/db/migrate.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The server once connected as the owner/superuser, which can `SET session_replication_role =
 * replica` or `ALTER TABLE audit_log DISABLE TRIGGER` and then edit or delete audit rows. It now
 * runs as a role that owns nothing: on the audit log it may only read and append.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A statement on the server's own database handle, so it runs exactly as the server connects. */
const asApp = (statement: string) => t.app.db.execute(sql.raw(statement));

/** PostgreSQL's refusal of `statement` through the server's connection, or null when it ran. */
async function refusal(statement: string): Promise<string | null> {
  try {
    await asApp(statement);
    return null;
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    return (cause instanceof Error ? cause : (err as Error)).message;
  }
}

const auditRows = async () => Number((await t.pool.query('select count(*) from audit_log')).rows[0].count);
const appRole = async () => (await t.app.db.execute<{ me: string }>(sql`select current_user as me`)).rows[0]!.me;

describe('the audit log through the connection the server uses', () => {
  it('cannot switch off the append-only trigger, nor edit, delete or empty audit rows', async () => {
    await t.pool.query(`insert into audit_log (action, module, reference) values ('add', 'db-roles-test', 'history')`);
    const before = await auditRows();
    const attempts = [
      'SET session_replication_role = replica',
      'ALTER TABLE audit_log DISABLE TRIGGER ALL',
      'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete',
      'DROP TRIGGER audit_log_no_update_delete ON audit_log',
      `CREATE OR REPLACE FUNCTION harbour_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
      `UPDATE audit_log SET module = 'rewritten'`,
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
      'DROP TABLE audit_log CASCADE',
      'SET ROLE postgres',
      `INSERT INTO harbour_migrations (hash, created_at) VALUES ('forged', 1)`,
      'DELETE FROM harbour_migrations',
    ];
    for (const statement of attempts) {
      expect(await refusal(statement), statement).toEqual(expect.stringMatching(/permission denied|must be owner/));
    }
    expect(await auditRows()).toBe(before);
  });

  it('cannot switch off the ledger’s append-only and balance triggers, nor edit, delete or empty journal rows', async () => {
    const rows = async () => Number((await t.pool.query('select (select count(*) from journal_entries) + (select count(*) from journal_lines) as n')).rows[0].n);
    const before = await rows();
    const attempts = [
      'ALTER TABLE journal_entries DISABLE TRIGGER ALL',
      'ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_balanced',
      'DROP TRIGGER journal_entries_no_update_delete ON journal_entries',
      `CREATE OR REPLACE FUNCTION harbour_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
      `CREATE OR REPLACE FUNCTION harbour_journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
      'ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_one_side_check',
      'ALTER TABLE journal_entries NO FORCE ROW LEVEL SECURITY',
      `UPDATE journal_lines SET debit = debit + 1`,
      'DELETE FROM journal_entries',
      'TRUNCATE journal_lines',
      'DROP TABLE journal_lines',
    ];
    for (const statement of attempts) {
      expect(await refusal(statement), statement).toEqual(expect.stringMatching(/permission denied|must be owner/));
    }
    expect(await rows()).toBe(before);
  });

  it('reads and appends to the audit log', async () => {
    await asApp(`INSERT INTO audit_log (action, module, reference) VALUES ('view', 'db-roles-test', 'append')`);
    const { rows } = await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where reference = 'append'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('runs as a role that owns nothing and has no special powers', async () => {
    const { rows } = await t.app.db.execute<Record<string, unknown>>(sql`
      select r.rolsuper as superuser, r.rolcreaterole as createrole, r.rolbypassrls as bypassrls,
        (select count(*)::int from pg_class c where pg_has_role(current_user, c.relowner, 'MEMBER')) as relations,
        (select count(*)::int from pg_proc p where pg_has_role(current_user, p.proowner, 'MEMBER')) as functions,
        (select count(*)::int from pg_namespace s where pg_has_role(current_user, s.nspowner, 'MEMBER')) as schemas,
        pg_has_role(current_user, (select datdba from pg_database where datname = current_database()), 'MEMBER') as database
      from pg_roles r where r.rolname = current_user`);
    expect(rows[0]).toEqual({ superuser: false, createrole: false, bypassrls: false, relations: 0, functions: 0, schemas: 0, database: false });
  });
});

describe('the app role’s grants', () => {
  it('cover a table the owner adds later (default privileges), with no grant of its own', async () => {
    await t.pool.query('create table later_things (id serial primary key, name text not null)');
    const [row] = (await asApp(`insert into later_things (name) values ('a') returning id`)).rows as { id: number }[];
    await asApp(`update later_things set name = 'b' where id = ${row!.id}`);
    expect((await asApp('select name from later_things')).rows).toEqual([{ name: 'b' }]);
    await asApp(`delete from later_things where id = ${row!.id}`);
    expect(await refusal('truncate later_things')).toMatch(/permission denied/);
  });

  it('leave the ledger tables of a later migration only read and append, from the moment they are committed', async () => {
    // A later migration, the way start-up runs one: as the owner, grants in the same transaction.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'harbour-later-migration-'));
    fs.mkdirSync(path.join(dir, 'meta'));
    const tag = '9000_ledger';
    fs.writeFileSync(
      path.join(dir, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when: 4_102_444_800_000, tag, breakpoints: true }] }),
    );
    fs.writeFileSync(
      path.join(dir, `${tag}.sql`),
      [
        'CREATE TABLE IF NOT EXISTS journal_entries (id serial PRIMARY KEY)',
        'CREATE TABLE IF NOT EXISTS journal_lines (id serial PRIMARY KEY)',
      ].join(';\n--> statement-breakpoint\n'),
    );
    const role = await appRole();
    try {
      expect(await migrate(t.pool, { dir, afterMigrations: (client) => grantAppRole(client, role) })).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    for (const table of ['journal_entries', 'journal_lines']) {
      const rights = await t.pool.query<Record<string, boolean>>(
        `select ${['select', 'insert', 'update', 'delete', 'truncate'].map((p) => `has_table_privilege($1, $2, '${p}') as "${p}"`).join(', ')}`,
        [role, table],
      );
      expect(rights.rows[0], table).toEqual({ select: true, insert: true, update: false, delete: false, truncate: false });
      expect(await refusal(`DELETE FROM ${table}`)).toMatch(/permission denied/);
    }
  });
});

describe('the start-up check of the app role', () => {
  it('finds nothing to refuse in the app role and refuses the superuser', async () => {
    const app = new pg.Client({ connectionString: t.appUrl });
    await app.connect();
    try {
      expect(tooPowerful(await rolePowers(app))).toBeNull();
    } finally {
      await app.end();
    }
    expect(tooPowerful(await rolePowers(t.pool))).toMatch(/^the database role \S+ is a superuser$/);
  });

  it('counts ownership through membership: a member of the trigger function’s owner is refused', async () => {
    const suffix = randomBytes(4).toString('hex');
    const ownerRole = `harbour_t_owner_${suffix}`;
    const memberRole = `harbour_t_member_${suffix}`;
    const admin = await t.pool.connect();
    const me = (await admin.query<{ me: string }>('select current_user as me')).rows[0]!.me;
    try {
      await admin.query(`create role ${ownerRole} nologin`);
      await admin.query(`create role ${memberRole} nologin in role ${ownerRole}`);
      await admin.query(`alter function harbour_audit_log_append_only() owner to ${ownerRole}`);
      await admin.query(`set role ${memberRole}`);
      expect(tooPowerful(await rolePowers(admin))).toBe(`the database role ${memberRole} owns 1 function(s)`);
    } finally {
      await admin.query('reset role');
      await admin.query(`alter function harbour_audit_log_append_only() owner to "${me}"`).catch(() => undefined);
      await admin.query(`drop role if exists ${memberRole}`);
      await admin.query(`drop role if exists ${ownerRole}`);
      admin.release();
    }
  });
});
