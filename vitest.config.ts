import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/contracts', 'apps/server', 'apps/web'],
  },
});
