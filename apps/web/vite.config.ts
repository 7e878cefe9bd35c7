import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Workspace packages resolve to their TypeScript sources so the web never waits for `tsc -b`.
export const workspaceAlias = {
  '@harbour/domain': here('../../packages/domain/src/index.ts'),
  '@harbour/contracts': here('../../packages/contracts/src/index.ts'),
};

/**
 * One chunk per language for its translation files: the app loads every namespace of the
 * language in use at start-up (src/i18n/index.ts), so one request does what ten small ones did,
 * each carrying its own response headers.
 */
const localeChunk = (id: string) => {
  const m = /\/contracts\/src\/messages\/([^/]+)\/[^/]+\.json$/.exec(id);
  return m ? `locale-${m[1]}` : null;
};

export default defineConfig({
  plugins: [react()],
  // Vite maps the NodeNext `.js` suffixes inside packages/* to their `.ts` files by itself.
  resolve: { alias: workspaceAlias },
  server: {
    proxy: {
      '/api': { target: process.env.HARBOUR_API ?? 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: localeChunk, debugName: 'locales', test: /\/contracts\/src\/messages\/[^/]+\/[^/]+\.json$/ }] } },
    },
  },
});
