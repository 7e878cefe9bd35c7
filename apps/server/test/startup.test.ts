import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { StartupError } from '../src/startup-error.js';
import { createTestDatabase, dropTestDatabase, withDatabase, withUser } from './helpers/databases.js';
import { CREATE_ADMIN, TSX, problemLines, start, until } from './helpers/server-process.js';

// The server's start-up against an external database (the run's: embedded, or PostgreSQL 15 in the
// second pass). Its start on its own embedded cluster is startup-embedded.test.ts.

let dbName: string;
let dbUrl: string;
beforeAll(async () => {
  const admin = inject('harbourAdminUrl');
  dbName = await createTestDatabase(admin);
  dbUrl = withDatabase(admin, dbName);
});
afterAll(() => dropTestDatabase(inject('harbourAdminUrl'), dbName));

// Each case starts a real process (TypeScript compiled on the fly): run them side by side.
describe.concurrent('start-up refusals: one line on stderr, exit code 1', { timeout: 120_000 }, () => {
  it('refuses HARBOUR_FIXED_CAPTCHA in production', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production', HARBOUR_FIXED_CAPTCHA: '2468' })).toThrow(StartupError);
    const run = start({ NODE_ENV: 'production', HARBOUR_FIXED_CAPTCHA: '2468', DATABASE_URL: dbUrl, PORT: '0' });
    expect(await run.exited).toBe(1);
    expect(run.err().trim()).toBe('Harbour cannot start: HARBOUR_FIXED_CAPTCHA must not be set when NODE_ENV=production');
  });

  it('reports a busy port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const run = start({ DATABASE_URL: dbUrl, PORT: String(port) });
      expect(await run.exited).toBe(1);
      expect(problemLines(run)).toEqual([`Harbour cannot start: port ${port} on 127.0.0.1 is already in use (set PORT)`]);
      expect(run.err()).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      blocker.close();
    }
  });

  it('reports an unreachable database', async () => {
    const run = start({ DATABASE_URL: 'postgres://harbour:x@127.0.0.1:9/harbour', PORT: '0' });
    expect(await run.exited).toBe(1);
    const lines = problemLines(run);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Harbour cannot start: cannot reach the database at 127\.0\.0\.1:9\/harbour/);
    expect(run.err()).not.toMatch(/\n\s+at /);
  });

  it('reports a data folder it cannot write', async () => {
    // A data folder under a plain file can never be created, whoever runs the server.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'harbour-file-')), 'not-a-folder');
    fs.writeFileSync(file, '');
    const run = start({ HARBOUR_DATA_DIR: path.join(file, 'data'), PORT: '0' });
    expect(await run.exited).toBe(1);
    expect(problemLines(run)).toEqual([`Harbour cannot start: the data folder ${path.join(file, 'data')} cannot be written`]);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('refuses in production to run as a superuser, before migrating anything', async () => {
    const admin = inject('harbourAdminUrl');
    const name = `harbour_empty_su_${process.pid}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    await client.end();
    try {
      const run = start({ DATABASE_URL: withDatabase(admin, name), NODE_ENV: 'production', PORT: '0' });
      expect(await run.exited).toBe(1);
      expect(problemLines(run)).toEqual([
        expect.stringMatching(/^Harbour cannot start: the database role \S+ is a superuser; in production DATABASE_URL must be a role that owns nothing and DATABASE_OWNER_URL the owner \(README: An external database\)$/),
      ]);
      const check = new pg.Client({ connectionString: withDatabase(admin, name) });
      await check.connect();
      const tables = Number((await check.query(`select count(*) from pg_tables where schemaname = 'public'`)).rows[0].count);
      await check.end();
      expect(tables).toBe(0);
    } finally {
      await dropTestDatabase(admin, name);
    }
  });

  it('refuses in production to run as a role that owns a table, even with the owner given', async () => {
    const admin = inject('harbourAdminUrl');
    const name = await createTestDatabase(admin);
    const role = `harbour_t_tables_${process.pid}`;
    const client = new pg.Client({ connectionString: withDatabase(admin, name) });
    await client.connect();
    try {
      await client.query(`create role ${role} login password 'owner-pass'`);
      await client.query(`alter table stores owner to ${role}`);
      const run = start({ DATABASE_OWNER_URL: dbUrl, DATABASE_URL: withUser(withDatabase(admin, name), role, 'owner-pass'), NODE_ENV: 'production', PORT: '0' });
      expect(await run.exited).toBe(1);
      expect(problemLines(run)).toEqual([expect.stringMatching(new RegExp(`^Harbour cannot start: the database role ${role} owns 2 table\\(s\\) or sequence\\(s\\); in production`))]);
    } finally {
      await client.end();
      await dropTestDatabase(admin, name);
      const cleanup = new pg.Client({ connectionString: admin });
      await cleanup.connect();
      await cleanup.query(`drop role if exists ${role}`);
      await cleanup.end();
    }
  });

  it('refuses DATABASE_OWNER_URL without DATABASE_URL', async () => {
    const run = start({ DATABASE_OWNER_URL: dbUrl, PORT: '0' });
    expect(await run.exited).toBe(1);
    expect(problemLines(run)).toEqual(['Harbour cannot start: DATABASE_OWNER_URL is set without DATABASE_URL, the role the server runs as']);
  });

  it('runs in production on an empty database set up as the README says: migrating as its owner, serving as a role that owns nothing', async () => {
    const admin = inject('harbourAdminUrl');
    const owner = `harbour_t_owner_${process.pid}`;
    const appRole = `harbour_t_app_${process.pid}`;
    const name = `harbour_t_roles_${process.pid}`;
    const su = new pg.Client({ connectionString: admin });
    await su.connect();
    try {
      await su.query(`CREATE ROLE ${owner} LOGIN PASSWORD 'owner-pass'`);
      await su.query(`CREATE ROLE ${appRole} LOGIN PASSWORD 'app-pass' NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS`);
      await su.query(`CREATE DATABASE ${name} OWNER ${owner}`);
      const url = withDatabase(admin, name);
      const run = start({ DATABASE_OWNER_URL: withUser(url, owner, 'owner-pass'), DATABASE_URL: withUser(url, appRole, 'app-pass'), NODE_ENV: 'production', PORT: '0' });
      try {
        const line = await until(run, /Harbour listening on http:\/\/127\.0\.0\.1:(\d+)/);
        expect(run.out()).toMatch(/Applied \d+ database migration\(s\)/);
        const port = Number(/:(\d+)$/.exec(line)![1]);
        const res = await fetch(`http://127.0.0.1:${port}/api/admin/v1/health`);
        expect(res.status).toBe(200);
      } finally {
        run.proc.kill('SIGTERM');
        expect(await run.exited).toBe(0);
      }
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const rights = await check.query(`select
        has_table_privilege($1, 'audit_log', 'INSERT') as append, has_table_privilege($1, 'audit_log', 'DELETE') as erase,
        has_table_privilege($1, 'staff', 'UPDATE') as write, (select tableowner from pg_tables where tablename = 'audit_log') as owner`, [appRole]);
      await check.end();
      expect(rights.rows[0]).toEqual({ append: true, erase: false, write: true, owner });
    } finally {
      await su.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await su.query(`DROP ROLE IF EXISTS ${appRole}`);
      await su.query(`DROP ROLE IF EXISTS ${owner}`);
      await su.end();
    }
  });

  it('starts on an external database and says where it listens', async () => {
    const run = start({ DATABASE_URL: dbUrl, PORT: '0' });
    try {
      const line = await until(run, /Harbour listening on http:\/\/127\.0\.0\.1:(\d+)/);
      const port = Number(/:(\d+)$/.exec(line)![1]);
      const res = await fetch(`http://127.0.0.1:${port}/api/admin/v1/health`);
      expect(await res.json()).toEqual({ result: 'success', data: { ok: true } });
    } finally {
      run.proc.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    }
  });
});

describe('create-admin on an external database without demo data', () => {
  it('creates the first administrator once, then refuses', { timeout: 180_000 }, async () => {
    const adminUrl = inject('harbourAdminUrl');
    const name = `harbour_empty_${process.pid}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    await client.end();
    const url = withDatabase(adminUrl, name);
    const cli = (env: Record<string, string>) => {
      const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('HARBOUR_') && k !== 'DATABASE_URL'));
      const proc = spawn(process.execPath, ['--conditions=source', '--import', TSX, CREATE_ADMIN], {
        env: { ...clean, NODE_ENV: 'development', DATABASE_URL: url, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
      proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
      return new Promise<{ code: number | null; out: string }>((resolve) => proc.on('exit', (code) => resolve({ code, out })));
    };
    try {
      const first = await cli({ HARBOUR_ADMIN_USERNAME: 'boss', HARBOUR_ADMIN_PASSWORD: 'secret-pass-1' });
      expect(first).toMatchObject({ code: 0 });
      expect(first.out).toContain('Administrator "boss" created');
      const again = await cli({ HARBOUR_ADMIN_USERNAME: 'other', HARBOUR_ADMIN_PASSWORD: 'secret-pass-2' });
      expect(again.code).toBe(1);
      expect(again.out).toContain('an administrator already exists');
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const staff = (await check.query('select id, username from staff')).rows;
      const perms = Number((await check.query('select count(*) from permissions')).rows[0].count);
      const demo = Number((await check.query(`select count(*) from staff where username = 'clerk'`)).rows[0].count);
      await check.end();
      expect(staff).toEqual([{ id: 1, username: 'boss' }]);
      expect(perms).toBeGreaterThan(50);
      expect(demo).toBe(0);
    } finally {
      await dropTestDatabase(adminUrl, name);
    }
  });
});
