import path from 'node:path';
import type { OutboundPolicy } from './platform/outbound-address.js';
import { StartupError } from './startup-error.js';

/** Everything the server reads from the environment, checked once at start-up. */
export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** The server's own connection (a role that owns nothing); unset → the embedded PostgreSQL. */
  databaseUrl: string | undefined;
  /** The owner's connection for migrations and the app role's grants (`DATABASE_OWNER_URL`); unset → `databaseUrl`. */
  databaseOwnerUrl: string | undefined;
  dataDir: string;
  /** When set (never in production) every captcha's answer is this value. */
  fixedCaptcha: string | undefined;
  /** Built web app to serve, when present. */
  webDist: string;
  /** Where the SMS gateway may be (`HARBOUR_SMS_GATEWAY_ALLOW_HTTP=1`, `HARBOUR_SMS_GATEWAY_ALLOW_PRIVATE=1` for a local gateway; platform/outbound-address.ts). */
  smsGatewayPolicy: OutboundPolicy;
  /** Requests a minute per address before 429, a flood guard on top of the login throttle. */
  rateLimitMax: number;
  logLevel: string;
  /** Trust X-Forwarded-For from a proxy in front (HARBOUR_TRUST_PROXY=1). */
  trustProxy: boolean;
  /** Readable log lines (pino-pretty) when stdout is a terminal; JSON otherwise. */
  prettyLogs: boolean;
  /**
   * Keep live sessions in memory between requests (platform/session-cache.ts); on unless
   * HARBOUR_SESSION_CACHE=0. Off, every request reads its session from the database.
   */
  sessionCache: boolean;
  /**
   * The Hong Kong government's Address Lookup Service (`HARBOUR_ALS_URL`, e.g.
   * https://www.als.gov.hk/lookup) that Tools → address searching may also ask; unset (the
   * default) → off, only the addresses Harbour holds are searched.
   */
  alsUrl: string | undefined;
  /** How long to wait for the Address Lookup Service (`HARBOUR_ALS_TIMEOUT_MS`, 5000). */
  alsTimeoutMs: number;
  /**
   * Run the scheduled jobs (the daily servicing job at 00:05 Hong Kong time) in this instance;
   * on unless `HARBOUR_SCHEDULED_JOBS=0`, off in tests. Several instances may run them: an
   * advisory lock lets one of them do each run.
   */
  scheduledJobs: boolean;
  /**
   * The longest one statement of a report may run (`HARBOUR_REPORT_TIMEOUT_MS`, 30000): past it
   * the report answers "narrow the period" instead of holding a connection and a core.
   */
  reportTimeoutMs: number;
  /**
   * A streaming standby of `databaseUrl`'s database, connected as the same app role
   * (`HARBOUR_REPLICA_URL`); unset (the default) → every read runs on the primary. Reports, their
   * exports and the dashboard read there (`platform/report-reads.ts`); everything else stays on
   * the primary.
   */
  replicaUrl: string | undefined;
  /**
   * How far the standby may be behind before a report says its figures may be missing the latest
   * changes (`HARBOUR_REPLICA_LAG_SECONDS`, 5; 1 to 3600).
   */
  replicaLagNoticeSeconds: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const fixedCaptcha = env.HARBOUR_FIXED_CAPTCHA?.trim() || undefined;
  if (fixedCaptcha && mode === 'production') {
    throw new StartupError('HARBOUR_FIXED_CAPTCHA must not be set when NODE_ENV=production');
  }
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
    throw new StartupError('DATABASE_OWNER_URL is set without DATABASE_URL, the role the server runs as');
  }
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartupError(`PORT must be a port number, not "${env.PORT}"`);
  const alsUrl = env.HARBOUR_ALS_URL?.trim() || undefined;
  if (alsUrl && !/^https?:\/\/[^\s]+$/.test(alsUrl)) throw new StartupError(`HARBOUR_ALS_URL must be an http(s) URL, not "${alsUrl}"`);
  const alsTimeoutMs = Number(env.HARBOUR_ALS_TIMEOUT_MS || 5000);
  if (!Number.isInteger(alsTimeoutMs) || alsTimeoutMs < 100 || alsTimeoutMs > 60_000) {
    throw new StartupError(`HARBOUR_ALS_TIMEOUT_MS must be 100 to 60000 milliseconds, not "${env.HARBOUR_ALS_TIMEOUT_MS}"`);
  }
  const reportTimeoutMs = Number(env.HARBOUR_REPORT_TIMEOUT_MS || 30_000);
  if (!Number.isInteger(reportTimeoutMs) || reportTimeoutMs < 100 || reportTimeoutMs > 600_000) {
    throw new StartupError(`HARBOUR_REPORT_TIMEOUT_MS must be 100 to 600000 milliseconds, not "${env.HARBOUR_REPORT_TIMEOUT_MS}"`);
  }
  const replicaUrl = env.HARBOUR_REPLICA_URL?.trim() || undefined;
  if (replicaUrl && !/^postgres(ql)?:\/\/\S+$/.test(replicaUrl)) throw new StartupError('HARBOUR_REPLICA_URL must be a postgres:// URL');
  if (replicaUrl && !env.DATABASE_URL) throw new StartupError('HARBOUR_REPLICA_URL is set without DATABASE_URL: a replica needs an external primary');
  const replicaLagNoticeSeconds = Number(env.HARBOUR_REPLICA_LAG_SECONDS || 5);
  if (!Number.isInteger(replicaLagNoticeSeconds) || replicaLagNoticeSeconds < 1 || replicaLagNoticeSeconds > 3600) {
    throw new StartupError(`HARBOUR_REPLICA_LAG_SECONDS must be 1 to 3600 seconds, not "${env.HARBOUR_REPLICA_LAG_SECONDS}"`);
  }
  const rateLimitMax = Number(env.HARBOUR_RATE_LIMIT ?? (mode === 'test' ? 1_000_000 : 1200));
  return {
    env: mode,
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseOwnerUrl: env.DATABASE_OWNER_URL || undefined,
    dataDir: path.resolve(env.HARBOUR_DATA_DIR || './data'),
    fixedCaptcha,
    webDist: path.resolve(env.HARBOUR_WEB_DIST || path.join(import.meta.dirname, '../../web/dist')),
    rateLimitMax: Number.isFinite(rateLimitMax) && rateLimitMax > 0 ? rateLimitMax : 1200,
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    trustProxy: env.HARBOUR_TRUST_PROXY === '1',
    prettyLogs: process.stdout.isTTY === true && mode !== 'test',
    sessionCache: env.HARBOUR_SESSION_CACHE !== '0',
    alsUrl,
    alsTimeoutMs,
    scheduledJobs: mode === 'test' ? env.HARBOUR_SCHEDULED_JOBS === '1' : env.HARBOUR_SCHEDULED_JOBS !== '0',
    reportTimeoutMs,
    replicaUrl,
    replicaLagNoticeSeconds,
    smsGatewayPolicy: { allowHttp: env.HARBOUR_SMS_GATEWAY_ALLOW_HTTP === '1', allowPrivate: env.HARBOUR_SMS_GATEWAY_ALLOW_PRIVATE === '1' },
  };
}
