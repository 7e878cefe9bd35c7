/**
 * Domain figures: runs the domain's own benchmark (bench/domain/schedule-bench.ts, written with
 * packages/domain) under tsx in a child process, bounded in time, and passes its figures on.
 * Lines it prints as `name: value` become table rows; anything else is shown as it came.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../e2e/fixtures/server.js';
import { na, type Figure } from './lib/report.js';

const PART = 'domain';
const SCRIPT = path.join(repoRoot, 'bench/domain/schedule-bench.ts');
const LIMIT_MS = 120_000;

export async function benchDomain(): Promise<Figure[]> {
  if (!existsSync(SCRIPT)) return [na(PART, 'schedule benchmark', 'bench/domain/schedule-bench.ts does not exist yet')];
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) return [na(PART, 'schedule benchmark', code === null ? `stopped after ${LIMIT_MS / 1000} s` : `exit ${code}`)];

  const figures: Figure[] = [];
  const loose: string[] = [];
  for (const line of out.split('\n')) {
    const m = /^\s*([^:|]{3,80}?):\s+(\S.*)$/.exec(line);
    if (m) figures.push({ part: PART, name: m[1]!.trim(), value: m[2]!.trim() });
    else if (line.trim()) loose.push(line);
  }
  if (loose.length > 0) {
    console.log('\n--- bench/domain/schedule-bench.ts ---');
    for (const l of loose) console.log(l);
  }
  figures.push({ part: PART, name: 'schedule benchmark wall time', value: `${seconds.toFixed(1)} s` });
  return figures;
}
