/**
 * Reports on a replica, against a real PostgreSQL 15 streaming standby (helpers/pg15-standby.ts):
 * the app's primary pool and its reports' pool (`HARBOUR_REPLICA_URL`) on two servers of this
 * file's own, seeded with the demo data. Runs where Debian's PostgreSQL 15 is installed.
 */
import type { FastifyInstance } from 'fastify';
import type { ReportAnswer } from '@harbour/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { loadConfig } from '../../src/config.js';
import { StartupError } from '../../src/startup-error.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { TEST_APP_PASSWORD, TEST_APP_ROLE, withUser } from '../helpers/databases.js';
import { prepareDemoDatabase } from '../helpers/prepare-database.js';
import { createDatabase, hasPg15, standbyCaughtUp, startPg15Primary, type Pg15Pair } from '../helpers/pg15-standby.js';

const LAG_NOTICE_SECONDS = 1;

let pair: Pg15Pair;
let primary: Database;
let replica: Database;
let app: FastifyInstance;
let admin: pg.Client; // the superuser on the primary, for checking
let standbyAdmin: pg.Client; // and on the standby, to pause and resume replay
let adminToken: string;
let accountantToken: string; // one store's
let today: string;

const appUrl = (url: string) => withUser(url, TEST_APP_ROLE, TEST_APP_PASSWORD);

async function report(token: string, name: string, query: Record<string, string> = {}): Promise<ReportAnswer> {
  return dataOf(await call<ReportAnswer>(app, 'GET', `/reports/${name}`, { token, query: { pageSize: '500', ...query } }));
}

describe('the replica settings', () => {
  it('default to no replica (everything on the primary) and a 5-second lag notice; refuse what cannot work', () => {
    const none = loadConfig({ DATABASE_URL: 'postgres://app@db/harbour' });
    expect([none.replicaUrl, none.replicaLagNoticeSeconds]).toEqual([undefined, 5]);
    const set = loadConfig({ DATABASE_URL: 'postgres://app@db/harbour', HARBOUR_REPLICA_URL: 'postgres://app@standby/harbour', HARBOUR_REPLICA_LAG_SECONDS: '30' });
    expect([set.replicaUrl, set.replicaLagNoticeSeconds]).toEqual(['postgres://app@standby/harbour', 30]);
    expect(() => loadConfig({ HARBOUR_REPLICA_URL: 'postgres://app@standby/harbour' })).toThrow(StartupError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://app@db/harbour', HARBOUR_REPLICA_URL: 'standby:5432' })).toThrow('HARBOUR_REPLICA_URL must be a postgres:// URL');
    expect(() => loadConfig({ HARBOUR_REPLICA_LAG_SECONDS: '0' })).toThrow('HARBOUR_REPLICA_LAG_SECONDS must be 1 to 3600 seconds, not "0"');
  });
});

describe.skipIf(!hasPg15())('reports on a PostgreSQL 15 streaming standby', () => {
  beforeAll(async () => {
    pair = await startPg15Primary();
    await prepareDemoDatabase(await createDatabase(pair, 'harbour'));
    const standby = await pair.startStandby({ logStatements: true });
    primary = openDatabase(appUrl(pair.primary.url('harbour')), { max: 4 });
    replica = openDatabase(appUrl(standby.url('harbour')), { max: 4 });
    const config = {
      ...loadConfig({ NODE_ENV: 'test', HARBOUR_FIXED_CAPTCHA: '2468', HARBOUR_WEB_DIST: '/nonexistent-harbour-web' }),
      replicaLagNoticeSeconds: LAG_NOTICE_SECONDS,
    };
    app = await buildApp({ db: primary.db, reportDb: replica.db, config });
    admin = new pg.Client({ connectionString: pair.primary.url('harbour') });
    standbyAdmin = new pg.Client({ connectionString: standby.url('harbour') });
    await admin.connect();
    await standbyAdmin.connect();
    adminToken = (await loginAs(app, 'admin')).access_token;
    accountantToken = (await loginAs(app, 'accountant')).access_token;
    today = (await admin.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
  }, 120_000);

  afterAll(async () => {
    await standbyAdmin?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await app?.close();
    await replica?.close();
    await primary?.close();
    await admin?.end();
    await standbyAdmin?.end();
    await pair?.stop();
  });

  it('reads reports, exports and the dashboard on the standby, as the same app role, under the caller’s store scope', async () => {
    const seen = await replica.pool.query<{ standby: boolean; me: string }>('select pg_is_in_recovery() as standby, current_user as me');
    expect(seen.rows[0]).toEqual({ standby: true, me: TEST_APP_ROLE });
    const mainPool = await primary.pool.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    expect(mainPool.rows[0]!.standby).toBe(false);

    // A report carries no lag notice while the standby keeps up.
    const everyStore = await report(adminToken, 'outstandingSummary');
    expect(everyStore.replicaBehindSeconds).toBeUndefined();
    const oneStore = await report(accountantToken, 'outstandingSummary');
    // Row-level security on the standby: the accountant sees their one store's row, the admin every store's.
    expect(oneStore.rows).toHaveLength(1);
    expect(everyStore.rows.length).toBeGreaterThan(1);
    expect(everyStore.rows.find((r) => r.storeId === oneStore.rows[0]!.storeId)).toEqual(oneStore.rows[0]);

    const exported = await call(app, 'GET', '/reports/outstandingSummary/export', { token: adminToken, query: { format: 'csv' } });
    expect(exported.statusCode).toBe(200);
    const dashboard = await call(app, 'GET', '/dashboard', { token: accountantToken });
    expect(dashboard.statusCode).toBe(200);

    // A report's number lookup is audited on the primary, its rows read on the standby.
    const { rows: people } = await admin.query<{ id_number: string; n: number }>(
      `select c.id_number, count(*)::int n from loan_repayments r join loans l on l.id = r.loan_id join customers c on c.id = l.customer_id
        group by c.id_number order by c.id_number limit 1`,
    );
    const byNumber = await report(adminToken, 'customerRepaymentHistory', { keyword: people[0]!.id_number });
    expect(byNumber.total).toBe(people[0]!.n);
    const lookups = await admin.query<{ n: number }>(`select count(*)::int n from audit_log where action = 'lookup' and reference = 'GET /reports/customerRepaymentHistory'`);
    expect(lookups.rows[0]!.n).toBe(1);

    // The standby's own statement log shows the reads; the dashboard's PAR trend reads its snapshots there.
    const log = pair.standbyLog();
    expect(log).toContain('declare harbour_report_export no scroll cursor');
    expect(log).toMatch(/pg_last_wal_replay_lsn/);
    expect(log).toMatch(/from loan_due_summaries/);
  });

  it('posts a receipt on the primary; a paused standby misses it and the report says how far behind it is; resumed, it shows it', async () => {
    const { rows: loans } = await admin.query<{ id: number }>(
      `select l.id from loans l join loan_due_summaries s on s.loan_id = l.id where l.status = 'repaying' order by l.id limit 1`,
    );
    const loanId = loans[0]!.id;
    await standbyCaughtUp(pair.primary.url('harbour'), pair.standby!.url('harbour'));
    await standbyAdmin.query('select pg_wal_replay_pause()');
    const posted = await call<{ id: number; repayNo: string }>(app, 'POST', '/repayments', {
      token: adminToken,
      body: { loanId, received: '123.45', method: 'cash', repayType: 'auto', idempotencyKey: 'replica-receipt-1' },
    });
    expect(posted.statusCode, JSON.stringify(posted.body)).toBe(200);
    const { repayNo } = dataOf(posted);
    // The receipt is on the primary, once.
    const onPrimary = await admin.query<{ n: number; received: string }>(`select count(*)::int n, max(received)::text received from loan_repayments where repay_no = $1`, [repayNo]);
    expect(onPrimary.rows[0]).toEqual({ n: 1, received: '123.45' });

    // Past the notice threshold, the standby (replay paused) is behind and the report says so.
    await new Promise((r) => setTimeout(r, (LAG_NOTICE_SECONDS + 1.2) * 1000));
    const behind = await report(adminToken, 'repayment', { dateFrom: today, dateTo: today });
    expect(behind.replicaBehindSeconds).toBeGreaterThan(LAG_NOTICE_SECONDS);
    expect(behind.rows.some((r) => r.receiptNo === repayNo)).toBe(false);
    const standbyRows = await standbyAdmin.query<{ n: number }>(`select count(*)::int n from loan_repayments where repay_no = $1`, [repayNo]);
    expect(standbyRows.rows[0]!.n).toBe(0);

    await standbyAdmin.query('select pg_wal_replay_resume()');
    await standbyCaughtUp(pair.primary.url('harbour'), pair.standby!.url('harbour'));
    const caughtUp = await report(adminToken, 'repayment', { dateFrom: today, dateTo: today });
    expect(caughtUp.replicaBehindSeconds).toBeUndefined();
    expect(caughtUp.rows.filter((r) => r.receiptNo === repayNo).map((r) => r.received)).toEqual(['123.45']);
  });
});
