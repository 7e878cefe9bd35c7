// Workspace packages are imported by name; tests resolve them to their TypeScript sources
// so no build is needed before `vitest`.
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The server's message catalogue is its own entry point; listed before the package root, which
// would otherwise take `@harbour/contracts/messages` for a path below its index file.
export const workspaceAlias = {
  '@harbour/contracts/messages': here('./packages/contracts/src/messages/index.ts'),
  '@harbour/domain': here('./packages/domain/src/index.ts'),
  '@harbour/contracts': here('./packages/contracts/src/index.ts'),
};
