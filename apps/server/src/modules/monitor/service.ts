/**
 * System → monitor: figures read when asked, from the process (version, Node, uptime, memory),
 * PostgreSQL (version, size, connections, applied migrations), the connection pool and the audit
 * log. Each figure is read on its own: one the app's database role may not read is answered as
 * null ("not available") instead of failing the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SystemMonitor } from '@harbour/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { MIGRATIONS_DIR } from '../../db/migrate.js';

/** `apps/server/package.json` and the repository root, the same from `src/` and `dist/`. */
const SERVER_PACKAGE = fileURLToPath(new URL('../../../package.json', import.meta.url));
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The deployed commit: `HARBOUR_COMMIT`, else the checkout's `.git/HEAD` (read, no git process). */
export function deployedCommit(root = REPOSITORY_ROOT): string | null {
  const given = process.env.HARBOUR_COMMIT?.trim();
  if (given) return given.slice(0, 40);
  try {
    const gitDir = path.join(root, '.git');
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (/^[0-9a-f]{40}$/.test(head)) return head;
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (!ref) return null;
    const loose = path.join(gitDir, ref);
    if (fs.existsSync(loose)) return fs.readFileSync(loose, 'utf8').trim().slice(0, 40) || null;
    const packed = fs.readFileSync(path.join(gitDir, 'packed-refs'), 'utf8');
    return packed.split('\n').find((l) => l.endsWith(` ${ref}`))?.slice(0, 40) ?? null;
  } catch {
    return null;
  }
}

/** Migration files by their folder time (what `harbour_migrations.created_at` records). */
function migrationFiles(): Map<number, string> {
  const journal = readJson<{ entries: { when: number; tag: string }[] }>(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'));
  return new Map((journal?.entries ?? []).map((e) => [e.when, e.tag]));
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export async function readMonitor(db: Db, serverErrors: number, log: FastifyBaseLogger): Promise<SystemMonitor> {
  /** One figure: its query's answer, or null (logged) when the role may not read it. */
  const figure = async <T>(name: string, read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (err) {
      log.warn({ err, figure: name }, 'monitor figure not available');
      return null;
    }
  };
  const rows = async <R>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as R[];

  const files = migrationFiles();
  const [version, size, connections, applied, failedLogins, holidayImport, dailyRun] = await Promise.all([
    figure('version', async () => (await rows<{ v: string }>(sql`select version() as v`))[0]?.v ?? null),
    figure('size', async () => Number((await rows<{ b: string }>(sql`select pg_database_size(current_database()) as b`))[0]?.b)),
    figure('connections', async () =>
      (
        await rows<{ state: string | null; n: string }>(
          sql`select state, count(*) as n from pg_stat_activity where datname = current_database() group by state order by state`,
        )
      ).map((r) => ({ state: r.state ?? 'unknown', count: Number(r.n) })),
    ),
    figure('migrations', async () => {
      const [r] = await rows<{ n: string; last: string | null; at: string | null }>(
        sql`select count(*) as n, (array_agg(created_at order by created_at desc))[1] as last, max(applied_at) as at from harbour_migrations`,
      );
      return { n: Number(r?.n ?? 0), last: r?.last === null || r?.last === undefined ? null : Number(r.last), at: r?.at ?? null };
    }),
    figure('failedLogins', async () =>
      Number(
        (await rows<{ n: string }>(sql`select count(*) as n from audit_log where action = 'tried_to_login' and created_at > now() - interval '24 hours'`))[0]?.n,
      ),
    ),
    figure('holidayImport', async () => {
      const [r] = await rows<{ at: string; by: string | null; source: string | null }>(
        sql`select a.created_at as at, s.name as by, a.reference as source from audit_log a left join staff s on s.id = a.staff_id
            where a.module = 'holidays' and a.action = 'upload' order by a.created_at desc limit 1`,
      );
      return r ? { at: iso(r.at)!, by: r.by, source: r.source } : null;
    }),
    figure('dailyRun', async () => {
      const [r] = await rows<{ at: string; by: string | null; after: { asOf?: string; loans?: number; overdue?: number } | null }>(
        sql`select a.created_at as at, s.name as by, a.after from audit_log a left join staff s on s.id = a.staff_id
            where a.module = 'repayments' and a.action = 'edit' and a.reference like 'daily:%' order by a.created_at desc limit 1`,
      );
      return r ? { at: iso(r.at)!, asOf: r.after?.asOf ?? '', loans: Number(r.after?.loans ?? 0), overdue: Number(r.after?.overdue ?? 0), by: r.by } : null;
    }),
  ]);

  const pool = db.$client;
  const mem = process.memoryUsage();
  const uptime = process.uptime();
  return {
    checkedAt: new Date().toISOString(),
    app: {
      version: readJson<{ version?: string }>(SERVER_PACKAGE)?.version ?? '0.0.0',
      commit: deployedCommit(),
      node: process.version,
      startedAt: new Date(Date.now() - uptime * 1000).toISOString(),
      uptimeSeconds: Math.floor(uptime),
      memory: { rss: mem.rss, heapUsed: mem.heapUsed, heapTotal: mem.heapTotal },
    },
    database: {
      version,
      sizeBytes: size !== null && Number.isFinite(size) ? size : null,
      connections,
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 },
    },
    migrations: {
      applied: applied?.n ?? null,
      files: files.size,
      lastAppliedAt: iso(applied?.at ?? null),
      last: applied?.last === null || applied?.last === undefined ? null : (files.get(applied.last) ?? String(applied.last)),
    },
    activity: {
      serverErrors,
      failedLogins24h: failedLogins,
      lastHolidayImport: holidayImport ?? null,
      lastDailyRun: dailyRun ?? null,
    },
  };
}
