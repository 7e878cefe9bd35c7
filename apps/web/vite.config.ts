import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Workspace packages resolve to their TypeScript sources so the web never waits for `tsc -b`.
export const workspaceAlias = {
  '@harbour/domain': here('../../packages/domain/src/index.ts'),
  '@harbour/contracts': here('../../packages/contracts/src/index.ts'),
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
  },
});
