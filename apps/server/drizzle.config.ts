import { defineConfig } from 'drizzle-kit';

// Generate with `flock /tmp/harbour-migrate.lock npx drizzle-kit generate --config apps/server/drizzle.config.ts`
// (see docs/server-conventions.md); the SQL files in ./drizzle are committed and run at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/drizzle',
});
