import { defineConfig } from 'vitest/config';
import { workspaceAlias } from '../../vitest.workspace-alias.ts';

// API tests run the real server on a real PostgreSQL: one server per run (global setup), one
// database per test file (a copy of the migrated, seeded template).
export default defineConfig({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    env: { NODE_ENV: 'test', HARBOUR_FIXED_CAPTCHA: '2468' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
