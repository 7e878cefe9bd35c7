import { defineConfig } from 'vitest/config';
import { workspaceAlias } from '../../vitest.workspace-alias';

export default defineConfig({
  resolve: { alias: workspaceAlias },
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node' },
});
