import { PASSWORD_MIN, passwordField, usernameField } from '@harbour/contracts';
import { AppError } from '../platform/errors.js';
import { translate } from '../http/i18n.js';
import { count, eq, sql } from 'drizzle-orm';
import readline from 'node:readline';
import { loadConfig } from '../config.js';
import { auditLog, staff, staffStores, stores } from '../db/schema/index.js';
import { startDatabase } from '../db/start.js';
import { seedDemoIfEmpty } from '../demo/seed.js';
import { checkPasswordPolicy, hashPassword } from '../platform/passwords.js';
import { StartupError } from '../startup-error.js';

/**
 * `npm run create-admin`: the first administrator (staff id 1) on a database without the demo
 * data. Reads HARBOUR_ADMIN_USERNAME / HARBOUR_ADMIN_PASSWORD, or asks. Refuses when an
 * administrator exists. The permission catalogue is synced by the start-up it shares with the server.
 */
const USAGE = `Usage: npm run create-admin
  Creates Harbour's first administrator (staff id 1) and, when there is no store yet, a first store.
  Environment: DATABASE_URL (the database, as the role the server runs as), DATABASE_OWNER_URL
  (the same database as its owner, for migrations; unset → DATABASE_URL), HARBOUR_ADMIN_USERNAME,
  HARBOUR_ADMIN_PASSWORD (asked for when unset). Refuses when an administrator already exists.`;

function ask(question: string, hidden = false): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing of the password as it is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(question);
    };
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

async function main() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config = loadConfig();
  const username = usernameField.safeParse(process.env.HARBOUR_ADMIN_USERNAME ?? (await ask('Administrator username: ')));
  if (!username.success) throw new StartupError('the username must be 4 to 16 letters, digits or _ . -');
  const password = passwordField.safeParse(process.env.HARBOUR_ADMIN_PASSWORD ?? (await ask('Password: ', true)));
  if (!password.success) throw new StartupError(`the password must be at least ${PASSWORD_MIN} characters`);

  const database = await startDatabase(config, (line) => process.stdout.write(`${line}\n`), seedDemoIfEmpty);
  try {
    const [existing] = await database.db.select({ n: count() }).from(staff).where(eq(staff.id, 1));
    if ((existing?.n ?? 0) > 0) throw new StartupError('an administrator already exists; nothing was changed');
    // The one password policy (length setting, common passwords); the administrator chose it, so no "must change".
    await checkPasswordPolicy(database.db, password.data).catch((err: unknown) => {
      const field = err instanceof AppError ? err.fieldErrors[0] : undefined;
      throw new StartupError(field ? translate('en', field.message, err instanceof AppError ? err.params : {}) : String(err));
    });
    const passwordHash = await hashPassword(password.data);
    await database.db.transaction(async (tx) => {
      let [store] = await tx.select({ id: stores.id }).from(stores).limit(1);
      if (!store) {
        [store] = await tx.insert(stores).values({ nameZh: '總店', nameEn: 'Head Office', code: 'HO' }).returning({ id: stores.id });
      }
      await tx.insert(staff).values({ id: 1, username: username.data, name: username.data, passwordHash, defaultStoreId: store!.id });
      await tx.execute(sql`select setval(pg_get_serial_sequence('staff', 'id'), greatest((select max(id) from staff), 1))`);
      await tx.insert(staffStores).values({ staffId: 1, storeId: store!.id });
      await tx.insert(auditLog).values({ staffId: null, action: 'add', module: 'staff', reference: '1', after: { username: username.data, via: 'create-admin' } });
    });
    process.stdout.write(`Administrator "${username.data}" created (staff id 1).\n`);
  } finally {
    await database.shutdown();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`create-admin: ${err instanceof StartupError ? err.message : err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
  process.exit(1);
});
