import { defineConfig } from 'vitest/config';
import { workspaceAlias } from '../../vitest.workspace-alias';

export default defineConfig({
  resolve: { alias: workspaceAlias },
  test: { name: 'contracts', include: ['src/**/*.test.ts'], environment: 'node', passWithNoTests: true },
});
