import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { workspaceAlias } from '../../vitest.workspace-alias.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: workspaceAlias },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // A worker imports React, antd and the app's modules once and runs file after file in one DOM
    // (isolated, every file paid that import again: more than half of the suite's time). The setup
    // file cleans the DOM, storage and cookies after every test; the files that mock a module or a
    // global restore it in their own hooks.
    isolate: false,
    // A global a test stubs (fetch) is put back after it, whichever file runs next in the worker.
    unstubGlobals: true,
    setupFiles: ['./src/test/setup.ts'],
    passWithNoTests: true,
    testTimeout: 20000,
  },
});
