/**
 * `npm run bench`: Harbour's benchmarks in one run on this machine, only against 127.0.0.1,
 * printed as one table. Each part reports "n/a (reason)" when its prerequisites are missing.
 */
import { benchDomain } from './domain-runner.js';
import { benchServer } from './server/bench-server.js';
import { benchLoans } from './server/loans-bench.js';
import { benchReceipts } from './server/receipts-bench.js';
import { benchBank } from './server/bank-bench.js';
import { benchImport } from './server/import-bench.js';
import { benchReports } from './server/reports-bench.js';
import { benchSms } from './server/sms-bench.js';
import { benchWeb } from './web/bench-web.js';
import { errorText, na, printTable, type Figure } from './lib/report.js';

const parts: [string, () => Promise<Figure[]>][] = [
  ['domain', benchDomain],
  ['server', benchServer],
  ['loans', benchLoans],
  ['receipts', benchReceipts],
  ['bank', benchBank],
  ['import', benchImport],
  ['reports', benchReports],
  ['sms', benchSms],
  ['web', benchWeb],
];

/** `HARBOUR_BENCH_PARTS=server,loans` runs only those parts (all by default). */
const only = process.env.HARBOUR_BENCH_PARTS?.split(',').map((p) => p.trim());

const figures: Figure[] = [];
for (const [name, run] of parts.filter(([name]) => !only || only.includes(name))) {
  const started = performance.now();
  console.log(`bench: ${name}…`);
  try {
    figures.push(...(await run()));
  } catch (err) {
    figures.push(na(name, 'all figures', errorText(err)));
  }
  console.log(`bench: ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
printTable(figures);
