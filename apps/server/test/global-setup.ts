import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbedded, type EmbeddedServer } from '../src/db/embedded.js';
import { SHARED_DB, TEMPLATE_DB, withDatabase } from './helpers/databases.js';
import { prepareDemoDatabase } from './helpers/prepare-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the run's PostgreSQL (the `postgres` database). */
    harbourAdminUrl: string;
  }
}

/**
 * Starts ONE PostgreSQL for the run — the embedded one, or the server in TEST_DATABASE_URL —
 * and builds the template database every test file copies: migrated, catalogue synced, demo seeded,
 * with the grants of the role the app runs as (`TEST_APP_ROLE`; copies carry grants and default privileges);
 * then one copy of it shared by the files that only read (`SHARED_DB`).
 */
export default async function setup(project: TestProject) {
  process.env.NODE_ENV = 'test';
  let embedded: EmbeddedServer | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'harbour-test-'));
    fs.chmodSync(dataDir, 0o755); // the OS user postgres (when we run as root) must enter it
    // A throw-away cluster: commits need not reach the disk (the run's time goes to commits otherwise).
    embedded = await startEmbedded({ dataDir, log: () => undefined, durable: false });
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${SHARED_DB} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);

  await prepareDemoDatabase(withDatabase(adminUrl, TEMPLATE_DB));
  // The read-only files' copy, made before any file copies the template (a copy needs it idle).
  await admin.query(`CREATE DATABASE ${SHARED_DB} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  project.provide('harbourAdminUrl', adminUrl);

  return async () => {
    if (!embedded) {
      // A server of the caller's (TEST_DATABASE_URL) outlives the run: leave it as found.
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${SHARED_DB} WITH (FORCE)`);
      await cleanup.end();
    }
    if (embedded) await embedded.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
