import { defineConfig } from 'vitest/config';
import { workspaceAlias } from '../../vitest.workspace-alias.ts';

// API tests run the real server on a real PostgreSQL: one PostgreSQL per run (global setup), one
// database per test file (a copy of the migrated, seeded template) or, for files that only read,
// the run's one shared copy (test/helpers/app.ts).
export default defineConfig({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // A worker imports the server's module graph once and runs file after file in it (not once per
    // file: that import was a third of the suite's time). Safe because nothing in src keeps state
    // between apps except in WeakMaps keyed by an app's own database, and no test mocks modules.
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    env: { NODE_ENV: 'test', HARBOUR_FIXED_CAPTCHA: '2468' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
