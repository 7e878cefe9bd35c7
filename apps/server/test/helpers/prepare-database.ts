import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { syncCatalogue } from '../../src/db/catalogue.js';
import { seedDemo } from '../../src/demo/seed.js';
import { ensureLoginRole, grantAppRole } from '../../src/db/app-role.js';
import { TEST_APP_PASSWORD, TEST_APP_ROLE } from './databases.js';

/**
 * Fills an empty database (superuser URL) as start-up would, with the demo data: the app role
 * (`TEST_APP_ROLE`), and as start-up does, its grants committed with the migrations (their default
 * privileges also cover tables a test file creates later, as the superuser), the permission
 * catalogue, the demo seed.
 */
export async function prepareDemoDatabase(url: string): Promise<void> {
  const database = openDatabase(url, { max: 2 });
  try {
    await ensureLoginRole(database.pool, TEST_APP_ROLE, TEST_APP_PASSWORD);
    await migrate(database.pool, { afterMigrations: (client) => grantAppRole(client, TEST_APP_ROLE) });
    await syncCatalogue(database.db);
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
}
