/**
 * Seeds the bench's large book into a database that holds the demo data:
 *   node --import tsx bench/seed/cli.ts postgres://postgres:…@127.0.0.1:5432/harbour [loans]
 * The role must pass row-level security (a superuser). Never point it at a real company's data.
 */
import { seedBench } from './index.js';

const [url, loans] = process.argv.slice(2);
if (!url) {
  console.error('usage: node --import tsx bench/seed/cli.ts <database url> [loans]');
  process.exit(2);
}
const result = await seedBench(url, { ...(loans ? { loans: Number(loans) } : {}), log: (line) => console.log(line) });
console.log(
  `bench seed: ${result.customers} customers, ${result.loans} loans (${result.paidOut} paid out), ${result.instalments} instalments in ${result.seconds.toFixed(1)} s`,
);
console.log(`bench seed servicing: ${JSON.stringify(result.servicing)}`);
