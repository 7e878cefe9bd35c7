import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, until, type Run } from './helpers/server-process.js';

// The server with no DATABASE_URL: it runs, seeds and recovers its own embedded cluster. This file
// starts two clusters of its own, whatever the run's database: the PostgreSQL 15 pass of
// scripts/test.sh leaves it out, as it tests nothing of that server.
const isRoot = process.getuid?.() === 0;

describe('embedded PostgreSQL from a folder the postgres user cannot enter', () => {
  let base = '';
  let clone = '';
  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'harbour-700-'));
    clone = path.join(base, 'harbour');
  });
  /** Where the server keeps the cluster as root (the OS user postgres cannot enter the clone). */
  const moved = () => path.join('/var/lib/harbour', createHash('sha256').update(path.join(clone, 'data')).digest('hex').slice(0, 16));
  afterAll(() => {
    if (!base) return;
    fs.rmSync(base, { recursive: true, force: true });
    fs.rmSync(moved(), { recursive: true, force: true });
  });

  it('keeps the cluster where postgres can reach it, seeds the demo, and recovers after kill -9', async () => {
    fs.chmodSync(base, 0o700);
    fs.mkdirSync(clone);
    const first = start({ PORT: '0' }, clone);
    let second: Run | undefined;
    try {
      const line = await until(first, /Harbour listening on http:\/\/127\.0\.0\.1:\d+/, 150_000);
      if (isRoot) expect(first.out()).toMatch(/The database for .* is kept in \/var\/lib\/harbour\/[0-9a-f]{16}/);
      expect(first.out()).toContain('Seeded the demo data');
      const res = await fetch(`${line.replace('Harbour listening on ', '')}/api/admin/v1/captcha`);
      expect(res.status).toBe(200);

      // The server connects as harbour_app, whose password was made once and kept readable by us only.
      const home = isRoot ? moved() : path.join(clone, 'data');
      expect(fs.statSync(path.join(home, 'app.password')).mode & 0o777).toBe(0o600);
      const port = fs.readFileSync(path.join(home, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
      const superuser = fs.readFileSync(path.join(home, 'pg.password'), 'utf8').trim();
      const check = new pg.Client({ connectionString: `postgres://postgres:${superuser}@127.0.0.1:${port}/harbour` });
      await check.connect();
      try {
        const { rows } = await check.query(`select distinct usename from pg_stat_activity
          where datname = 'harbour' and backend_type = 'client backend' and pid <> pg_backend_pid()`);
        expect(rows).toEqual([{ usename: 'harbour_app' }]);
      } finally {
        await check.end();
      }

      // A killed server leaves its PostgreSQL running; the next start clears it and carries on.
      first.proc.kill('SIGKILL');
      await first.exited;
      second = start({ PORT: '0' }, clone);
      await until(second, /Harbour listening on/, 150_000);
      expect(second.out()).toMatch(/Stopping a PostgreSQL server left running/);
      expect(second.out()).not.toContain('Seeded the demo data');
    } finally {
      first.proc.kill('SIGKILL');
      if (second) {
        second.proc.kill('SIGTERM');
        await second.exited;
      }
    }
  }, 320_000);
});
