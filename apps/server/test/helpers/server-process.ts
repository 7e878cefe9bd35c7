/**
 * The server as a real child process (TypeScript through tsx, as `node apps/server/dist/main.js`
 * runs it), for the start-up tests: what it prints and how it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The real process entry (TypeScript through tsx), as `node apps/server/dist/main.js` runs it. */
export const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
export const CREATE_ADMIN = fileURLToPath(new URL('../../src/cli/create-admin.ts', import.meta.url));
/** tsx's loader by absolute path: the child may run from a folder outside the repository. */
export const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface Run {
  proc: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

export function start(env: Record<string, string>, cwd = process.cwd()): Run {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('HARBOUR_') && k !== 'DATABASE_URL' && k !== 'DATABASE_OWNER_URL' && k !== 'PORT'));
  const proc = spawn(process.execPath, ['--conditions=source', '--import', TSX, MAIN], {
    cwd,
    env: { ...clean, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, out: () => out, err: () => err, exited };
}

export async function until(run: Run, pattern: RegExp, ms = 90_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const m = pattern.exec(run.out());
    if (m) return m[0];
    if (run.proc.exitCode !== null) throw new Error(`exited ${run.proc.exitCode}: ${run.err()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${pattern}: ${run.out()} ${run.err()}`);
}

/** The one stderr line a refused start prints (node's own warnings aside). */
export const problemLines = (run: Run) => run.err().split('\n').filter((l) => l.startsWith('Harbour cannot start'));
