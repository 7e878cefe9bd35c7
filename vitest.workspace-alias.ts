// Workspace packages are imported by name; tests resolve them to their TypeScript sources
// so no build is needed before `vitest`.
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const workspaceAlias = {
  '@harbour/domain': here('./packages/domain/src/index.ts'),
  '@harbour/contracts': here('./packages/contracts/src/index.ts'),
};
