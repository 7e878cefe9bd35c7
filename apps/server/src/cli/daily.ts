import { isCalendarDate } from '@harbour/contracts';
import { loadConfig } from '../config.js';
import { startDatabase } from '../db/start.js';
import { seedDemoIfEmpty } from '../demo/seed.js';
import { DAILY_JOB, runDailyServicing } from '../modules/repayments/daily.js';
import { systemContext } from '../platform/context.js';
import { AppError } from '../platform/errors.js';
import { translate } from '../http/i18n.js';
import { StartupError } from '../startup-error.js';

/**
 * `npm run daily [-- --date YYYY-MM-DD] [--force]`: the daily servicing job by hand, on the database
 * the server uses (what the server also runs every day at 00:05 Hong Kong time). Exits 0 when it ran
 * or had already run for the date (nothing done, said so), 3 when another run holds the job's lock,
 * 1 on an error.
 */
const USAGE = `Usage: npm run daily [-- --date YYYY-MM-DD] [--force]
  Recomputes every repaying loan's due summary (next instalment, overdue amount, overdue interest
  and fees) as of today in Hong Kong, or as of the given past date, and writes one audit row; then
  anonymises the customers whose personal-data retention has run out (Reports → Retention due lists them).
  Environment: DATABASE_URL / DATABASE_OWNER_URL as for the server (unset: the embedded PostgreSQL).
  Runs once per business date: a date already run is left as it is (said so, exit 0) unless
  --force is given; a forced re-run is recorded and audited as forced.
  Exits 3 without changing anything when another run is under way.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const at = args.indexOf('--date');
  const date = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && (!date || !isCalendarDate(date))) throw new StartupError('--date needs a date as YYYY-MM-DD');
  const force = args.includes('--force');
  const config = loadConfig();
  const database = await startDatabase(config, (line) => process.stdout.write(`${line}\n`), seedDemoIfEmpty);
  try {
    const run = await runDailyServicing(database.db, { ...(date ? { date } : {}), force, source: 'cli', retention: true, ctx: systemContext(database.db, DAILY_JOB, { lang: 'en' }) });
    if (run.status === 'busy') {
      process.stdout.write('daily: another run is under way; nothing was changed\n');
      return 3;
    }
    const r = run.result;
    if (run.status === 'already') {
      process.stdout.write(`daily: ${r.message}\n`);
      return 0;
    }
    process.stdout.write(`daily: ${r.loans} loans as of ${r.asOf}, ${r.overdue} overdue, ${r.removed} summaries removed (${r.durationMs} ms), ${r.anonymised ?? 0} customers anonymised${r.forced ? ', forced re-run' : ''}\n`);
    return 0;
  } finally {
    await database.shutdown();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // a refusal of the job (a future date) in words, not its message code
    const text = err instanceof AppError ? translate('en', err.code, err.params) : err instanceof StartupError ? err.message : err instanceof Error ? err.message.split('\n')[0] : String(err);
    process.stderr.write(`daily: ${text}\n`);
    process.exit(1);
  },
);
