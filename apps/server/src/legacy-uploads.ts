import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { loanDocumentStore } from './modules/loan-core/document-store.js';
import { articleImageStore } from './modules/articles/image.js';
import { avatarStore } from './modules/staff/avatar.js';
import { logoStore } from './modules/company/logo.js';
import { systemContext } from './platform/context.js';
import type { ImageStore } from './platform/image-store.js';
import { withTx } from './platform/tx.js';

export const LEGACY_UPLOADS_JOB = 'legacy-uploads';

/** Each store with the query telling whether a record still names the file `name` (hex + extension: no LIKE wildcards). */
const STORES: readonly { store: ImageStore; referenced: (name: string) => SQL }[] = [
  { store: loanDocumentStore, referenced: (name) => sql`select 1 from loan_documents where storage_key = ${name}` },
  { store: avatarStore, referenced: (name) => sql`select 1 from staff where avatar like ${`%/${name}`}` },
  { store: logoStore, referenced: (name) => sql`select 1 from company_info where logo like ${`%/${name}`}` },
  { store: articleImageStore, referenced: (name) => sql`select 1 from articles where image like ${`%/${name}`} or content like ${`%${name}%`}` },
];

export interface LegacyUploadsRun {
  /** files copied into the database and removed from the folder */
  moved: number;
  /** files already in the database (an earlier start copied them but could not remove them): removed now */
  alreadyStored: number;
  /** files no record names: left where they are, never read */
  unreferenced: number;
  /** files that could not be moved (read, hash or write failed): left, tried again next start */
  failed: number;
}

/**
 * Start-up step (after migrations, before serving): moves files still in the old uploads folder
 * (`<data dir>/uploads/<folder>`) into the database. A file a record names and the database lacks
 * is copied in, in a transaction of its own, and read back: the commit happens only when the
 * stored bytes' SHA-256 equals the file's. Then the file is deleted. Files no record names are left
 * alone (and counted), so nothing that was never reachable becomes reachable. Idempotent: a second
 * start finds nothing to do. A SQL migration cannot read the disk, hence a start-up step.
 */
export async function importLegacyUploads(db: Db, dataDir: string): Promise<LegacyUploadsRun> {
  const run: LegacyUploadsRun = { moved: 0, alreadyStored: 0, unreferenced: 0, failed: 0 };
  const ctx = systemContext(db, LEGACY_UPLOADS_JOB);
  for (const { store, referenced } of STORES) {
    const dir = store.legacyDir(dataDir);
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => store.isName(n)).sort();
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const outcome = await withTx(ctx, async (tx) => {
          if (await store.exists(tx, name)) return 'alreadyStored' as const;
          if ((await tx.execute(referenced(name))).rows.length === 0) return 'unreferenced' as const;
          const bytes = await fs.readFile(file);
          const expected = createHash('sha256').update(bytes).digest('hex');
          await store.saveAs(tx, name, bytes);
          const back = await store.readAll(tx, name);
          if (!back || createHash('sha256').update(back).digest('hex') !== expected) throw new Error(`${name}: the stored copy differs from the file`);
          return 'moved' as const;
        });
        run[outcome] += 1;
        if (outcome !== 'unreferenced') await fs.rm(file, { force: true });
      } catch {
        run.failed += 1;
      }
    }
  }
  return run;
}
