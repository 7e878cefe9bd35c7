import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { START_NAMESPACES } from './src/i18n/start-namespaces.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Workspace packages resolve to their TypeScript sources so the web never waits for `tsc -b`.
export const workspaceAlias = {
  '@harbour/domain': here('../../packages/domain/src/index.ts'),
  '@harbour/contracts': here('../../packages/contracts/src/index.ts'),
};

/**
 * Two chunks per language for its translation files: the namespaces the login page needs
 * (`locale-<lng>-start`, src/i18n/start-namespaces.ts) and all the others (`locale-<lng>`), so the
 * login page carries only its own texts, and each part is one request, not one per namespace.
 */
const localeChunk = (id: string) => {
  const m = /\/contracts\/src\/messages\/([^/]+)\/([^/]+)\.json$/.exec(id);
  if (!m) return null;
  return START_NAMESPACES.includes(m[2]!) ? `locale-${m[1]}-start` : `locale-${m[1]}`;
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
