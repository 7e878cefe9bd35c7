/**
 * The bench's seed generator: a large book in a Harbour database that already holds the demo data
 * (stores, staff, settings), written straight through SQL for speed — the services would take
 * hours for 100,000 loans. Connect as a role that passes row-level security (the embedded
 * cluster's superuser, `bench/lib/embedded-url.ts`). Each step is one function of its own file:
 * customers, loans and instalments, then servicing (`servicing.ts`: approvals, payouts, receipts,
 * OCA, write-offs, due summaries, SMS and their journal entries, checked in SQL at the end).
 *
 *   node --import tsx bench/seed/cli.ts <database url> [loans]
 */
import pg from 'pg';
import { seedCustomers } from './customers.js';
import { seedInstalments, seedLoans } from './loans.js';
import { seedServicing, type ServicingCounts } from './servicing.js';
import { PgDialect } from 'drizzle-orm/pg-core';
import { parSnapshotStatement } from '../../apps/server/src/modules/dashboard/par.js';

export interface BenchSeedOptions {
  /** default 100,000 */
  loans?: number;
  /** borrowers; default one for every 1.6 loans (repeat borrowers) */
  customers?: number;
  /** years of history; default 5 */
  years?: number;
  /** progress lines */
  log?: (line: string) => void;
}

export interface BenchSeedResult {
  customers: number;
  loans: number;
  paidOut: number;
  instalments: number;
  servicing: ServicingCounts;
  seconds: number;
}

export async function seedBench(databaseUrl: string, opts: BenchSeedOptions = {}): Promise<BenchSeedResult> {
  const loans = opts.loans ?? 100_000;
  const customers = opts.customers ?? Math.ceil(loans / 1.6);
  const years = opts.years ?? 5;
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await fn();
    log(`bench seed: ${name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return out;
  };

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: stores } = await client.query<{ id: number; code: string; staff: number[] }>(
      `select s.id, s.code, array_agg(ss.staff_id order by ss.staff_id) as staff
       from stores s join staff_stores ss on ss.store_id = s.id group by s.id, s.code order by s.id`,
    );
    if (stores.length === 0) throw new Error('no stores: seed the demo data first');
    const { rows: day } = await client.query<{ today: string }>(`select to_char(now() at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD') as today`);
    const customerIds = await step(`${customers.toLocaleString('en-US')} customers`, () => seedCustomers(client, customers));
    const paidOut = await step(`${loans.toLocaleString('en-US')} loans`, () =>
      seedLoans(client, { loans, customerIds, stores, today: day[0]!.today, days: Math.round(years * 365.25) }),
    );
    const instalments = await step('instalments of the paid-out loans', () => seedInstalments(client));
    const servicing = await seedServicing(client, day[0]!.today, step);
    // What the daily job keeps for the dashboard's PAR trend, by the job's own statement.
    await step("the dashboard's PAR snapshots", () => {
      const q = new PgDialect().sqlToQuery(parSnapshotStatement(day[0]!.today));
      return client.query(q.sql, q.params);
    });
    // Vacuumed as well as analysed: otherwise autovacuum sets the visibility maps of the fresh
    // rows while the bench measures.
    await step('vacuum and analyze', () =>
      client.query(
        `vacuum (analyze) customers, loans, loan_instalments, loan_approvals, loan_payouts, loan_repayments, loan_repayment_lines, journal_entries, journal_lines,
           loan_oca_assignments, loan_oca_recoveries, loan_write_offs, loan_due_summaries, loan_instalment_paid, loan_totals, dashboard_par_snapshots, sms_messages`,
      ),
    );
    return { customers, loans, paidOut, instalments, servicing, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
