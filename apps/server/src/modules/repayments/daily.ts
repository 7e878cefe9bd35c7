/**
 * The daily servicing job (spec §9 overdue reminder days, holiday overdue interest, day off): every
 * repaying (or OCA) loan's due summary recomputed on the business date — the next instalment, what
 * is overdue, the overdue interest accrued to the date (simple interest on the unpaid instalments,
 * never on interest) and the handling fees — by the domain (`loadRepaymentState` + `accrueOverdue`),
 * in batches, under an advisory lock so that one instance runs it at a time, with one audit row.
 * The tips list, the reports and the SMS reminders read `loan_due_summaries`.
 */
import type { DailyJobResult } from '@harbour/contracts';
import { type RepaymentState, ZERO, accrueOverdue, compareDates, sum, totalUnpaidPrincipal, unpaidInstalment, moneyText } from '@harbour/domain';
import { and, asc, desc, eq, gt, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { dailyJobRuns, loanDueSummaries, loans } from '../../db/schema/index.js';
import { translate } from '../../http/i18n.js';
import { businessRule } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import { type ServiceContext, systemContext } from '../../platform/context.js';
import { withTx } from '../../platform/tx.js';
import type { LoanRow } from '../loan-core/row.js';
import { refreshParSnapshots } from '../dashboard/par.js';
import { runRetention } from '../customers/retention.js';
import { judgeDuePromises } from '../collection/promise-outcomes.js';
import { type Engine, loadEngine, loadRepaymentState } from './state.js';

/** The advisory lock's name: `pg_try_advisory_xact_lock(hashtext(DAILY_LOCK))`. */
export const DAILY_LOCK = 'harbour.repayments.daily';
/** The job's name in its audit row's request id and the server's log. */
export const DAILY_JOB = 'repayments-daily';

/** Loans the job keeps a summary of. */
export const SERVICED_STATUSES = ['repaying', 'oca'] as const;
const SERVICED = new Set<string>(SERVICED_STATUSES);

const BATCH = 200;

export type DueSummary = typeof loanDueSummaries.$inferInsert;

/**
 * One loan's summary on `asOf` (or on its last receipt's date when that is later: a summary never
 * rewrites what a receipt already charged). Pure: the state and the engine are read by the caller.
 */
export function dueSummaryOf(loan: Pick<LoanRow, 'id' | 'storeId' | 'status'>, state: RepaymentState, asOf: string, engine: Engine): DueSummary {
  const on = state.lastRepaymentDate && compareDates(asOf, state.lastRepaymentDate) < 0 ? state.lastRepaymentDate : asOf;
  const accrued = accrueOverdue(state, on, engine.settings, engine.holidays);
  const unpaid = accrued.state.instalments.filter((i) => unpaidInstalment(i).gt(0));
  const next = unpaid[0];
  // the domain's overdue lines: instalments past their due date (and grace) with something unpaid
  const overdue = accrued.lines.filter((l) => l.overdueAmount.gt(0));
  return {
    loanId: loan.id,
    storeId: loan.storeId,
    loanStatus: loan.status,
    asOf: on,
    nextTenor: next?.tenor ?? null,
    nextDueDate: next?.dueDate ?? null,
    nextAmount: moneyText(next ? unpaidInstalment(next) : ZERO),
    remainingTenors: unpaid.length,
    overdueTenors: overdue.length,
    overdueAmount: moneyText(sum(overdue.map((l) => l.overdueAmount))),
    overdueInterest: moneyText(accrued.overdueInterest),
    handlingFee: moneyText(accrued.fee),
    daysOverdue: overdue.reduce((m, l) => Math.max(m, l.days), 0),
    oldestOverdueDate: overdue[0]?.dueDate ?? null,
    unpaidPrincipal: moneyText(totalUnpaidPrincipal(state)),
    tempAmount: moneyText(state.tempAmount),
  };
}

/** Writes summaries (insert, or replace the loan's one). */
export async function saveSummaries(tx: Tx, rows: DueSummary[]): Promise<void> {
  if (rows.length === 0) return;
  const excluded = (c: string) => sql.raw(`excluded.${c}`);
  await tx
    .insert(loanDueSummaries)
    .values(rows)
    .onConflictDoUpdate({
      target: loanDueSummaries.loanId,
      set: {
        storeId: excluded('store_id'),
        loanStatus: excluded('loan_status'),
        asOf: excluded('as_of'),
        nextTenor: excluded('next_tenor'),
        nextDueDate: excluded('next_due_date'),
        nextAmount: excluded('next_amount'),
        remainingTenors: excluded('remaining_tenors'),
        overdueTenors: excluded('overdue_tenors'),
        overdueAmount: excluded('overdue_amount'),
        overdueInterest: excluded('overdue_interest'),
        handlingFee: excluded('handling_fee'),
        daysOverdue: excluded('days_overdue'),
        oldestOverdueDate: excluded('oldest_overdue_date'),
        unpaidPrincipal: excluded('unpaid_principal'),
        tempAmount: excluded('temp_amount'),
        refreshedAt: sql`now()`,
      },
    });
}

/**
 * Refreshes one loan's summary inside the caller's transaction, as of today (Hong Kong): call it
 * after anything that changes what the loan owes (a receipt posted, voided or refunded, a status
 * change). A loan that no longer repays loses its summary. Answers the summary written, or null.
 */
export async function refreshDueSummary(tx: Tx, loanId: number): Promise<DueSummary | null> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId));
  if (!loan) return null;
  if (!SERVICED.has(loan.status) || !loan.loanNo) {
    await tx.delete(loanDueSummaries).where(eq(loanDueSummaries.loanId, loanId));
    return null;
  }
  // one after another: the queries share the transaction's connection
  const today = await businessToday(tx);
  const engine = await loadEngine(tx);
  const { state } = await loadRepaymentState(tx, loan);
  return storeDueSummary(tx, loan, state, today, engine);
}

/**
 * A loan's summary from a state already in hand (a receipt's own, after its allocation): written,
 * or removed once the loan is no longer serviced (complete). No read of its own.
 */
export async function storeDueSummary(tx: Tx, loan: typeof loans.$inferSelect, state: RepaymentState, today: string, engine: Engine): Promise<DueSummary | null> {
  const row = dueSummaryAfter(loan, state, today, engine);
  if (row === null) await tx.delete(loanDueSummaries).where(eq(loanDueSummaries.loanId, loan.id));
  else await saveSummaries(tx, [row]);
  return row;
}

/** What `storeDueSummary` writes: the summary, or null when the loan is no longer serviced (its summary removed). */
export function dueSummaryAfter(loan: typeof loans.$inferSelect, state: RepaymentState, today: string, engine: Engine): DueSummary | null {
  if (!SERVICED.has(loan.status) || !loan.loanNo) return null;
  return dueSummaryOf(loan, state, today, engine);
}

/** Who started a run: the server's schedule, a person through the API, or the command line. */
export type DailySource = 'schedule' | 'api' | 'cli';

/** `done`: the job ran now; `already`: it had run for the date, nothing was done, `result` is that run's. */
export type DailyRun = { status: 'done'; result: DailyJobResult } | { status: 'already'; result: DailyJobResult } | { status: 'busy' };

/** An instant as Hong Kong wall-clock time, `YYYY-MM-DD HH:mm` (UTC+8 all year). */
export function hongKongTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

type RunFigures = Pick<DailyJobResult, 'asOf' | 'loans' | 'overdue' | 'removed' | 'durationMs' | 'anonymised'>;

/**
 * The context the job runs in when a person starts it by hand: the job's own (every store, no
 * grants of its own), its audit row naming the person, joined to their request.
 */
export function jobContextFor(caller: ServiceContext): ServiceContext {
  return { ...systemContext(caller.db, DAILY_JOB, { lang: caller.lang }), requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, ...(caller.onAudit ? { onAudit: caller.onAudit } : {}) };
}

/**
 * Recomputes every repaying / OCA loan's summary as of `date` (today, Hong Kong, when left out;
 * never a future date) in one transaction holding the job's advisory lock: a second run while one
 * is under way — in this instance or another — answers `busy` at once and changes nothing.
 * Once per business date: a date already run (a row in `daily_job_runs`) answers `already` with that
 * run's figures and changes nothing, unless `force` (a re-run, audited as forced). The run's row is
 * written in the same transaction as its work, so a failed run leaves the date open. `claim: false`
 * (the demo seed's first figures) computes without recording the date, so the day's run still comes. Summaries of loans that stopped repaying are removed; the dashboard's PAR snapshots of the last six
 * month-ends are recomputed. One audit row for the run. With `retention` (the server's schedule
 * and route, the CLI), a run that did its work then runs personal-data retention
 * (`customers/retention.ts`) and reports how many customers it anonymised.
 */
export async function runDailyServicing(
  db: Db,
  opts: { date?: string; ctx?: ServiceContext; startedBy?: number | null; batchSize?: number; force?: boolean; source?: DailySource; claim?: boolean; retention?: boolean } = {},
): Promise<DailyRun> {
  const ctx = opts.ctx ?? systemContext(db, DAILY_JOB);
  const run = await servicingRun(ctx, opts);
  // Personal-data retention after the day's servicing, each customer in a transaction of its own
  // (customers/retention.ts), which deletes their documents' files too. Its audit rows
  // are its own (one per customer and one for the run), not the caller's request's one row.
  if (run.status === 'done' && opts.retention === true) {
    const { onAudit: _counted, ...own } = ctx;
    const retention = await runRetention(db, { ctx: own });
    run.result.anonymised = retention.anonymised.length;
    // the date's record says it too, so a repeat of the date answers the same figures
    if (opts.claim !== false) {
      await withTx(own, (tx) =>
        tx
          .update(dailyJobRuns)
          .set({ result: sql`${dailyJobRuns.result} || jsonb_build_object('anonymised', ${retention.anonymised.length}::int)` })
          .where(and(eq(dailyJobRuns.businessDate, run.result.asOf), eq(dailyJobRuns.finishedAt, new Date(run.result.ranAt)))),
      );
    }
  }
  return run;
}

async function servicingRun(
  ctx: ServiceContext,
  opts: { date?: string; startedBy?: number | null; batchSize?: number; force?: boolean; source?: DailySource; claim?: boolean },
): Promise<DailyRun> {
  const size = opts.batchSize ?? BATCH;
  const force = opts.force === true;
  return withTx(ctx, async (tx): Promise<DailyRun> => {
    const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${DAILY_LOCK})) as locked`);
    if (!rows[0]?.locked) return { status: 'busy' };
    const startedAt = new Date();
    const started = startedAt.getTime();
    const today = await businessToday(tx);
    const asOf = opts.date ?? today;
    if (compareDates(asOf, today) > 0) throw businessRule('servicing.daily.dateInFuture', { today });
    // Once per business date: read under the lock, so no other run can be between this read and
    // this transaction's own record (written below, in the same transaction as the work).
    if (!force) {
      const [earlier] = await tx.select().from(dailyJobRuns).where(eq(dailyJobRuns.businessDate, asOf)).orderBy(desc(dailyJobRuns.finishedAt)).limit(1);
      if (earlier) {
        const figures = earlier.result as RunFigures;
        const message = translate(ctx.lang, 'servicing.daily.alreadyRan', { date: asOf, at: hongKongTime(earlier.finishedAt) });
        // a person who asked is on record as having looked (a 'view' row, as a receipt's retry is): nothing was changed
        if (opts.startedBy != null) {
          await audit(tx, { action: 'view', module: 'repayments', reference: `daily:${asOf}`, after: { alreadyRan: true, ranAt: earlier.finishedAt.toISOString() }, staffId: opts.startedBy });
        }
        return { status: 'already', result: { ...figures, asOf, alreadyRan: true, forced: earlier.forced, ranAt: earlier.finishedAt.toISOString(), message } };
      }
    }
    const engine = await loadEngine(tx);
    let written = 0;
    let overdue = 0;
    let after = 0;
    for (;;) {
      const batch = await tx
        .select()
        .from(loans)
        .where(and(inArray(loans.status, [...SERVICED_STATUSES]), isNotNull(loans.loanNo), gt(loans.id, after)))
        .orderBy(asc(loans.id))
        .limit(size);
      if (batch.length === 0) break;
      const summaries: DueSummary[] = [];
      for (const loan of batch) {
        const { state } = await loadRepaymentState(tx, loan);
        summaries.push(dueSummaryOf(loan, state, asOf, engine));
      }
      await saveSummaries(tx, summaries);
      written += summaries.length;
      overdue += summaries.filter((s) => (s.overdueTenors ?? 0) > 0).length;
      after = batch[batch.length - 1]!.id;
      if (batch.length < size) break;
    }
    const gone = await tx
      .delete(loanDueSummaries)
      .where(
        notInArray(
          loanDueSummaries.loanId,
          tx
            .select({ id: loans.id })
            .from(loans)
            .where(and(inArray(loans.status, [...SERVICED_STATUSES]), isNotNull(loans.loanNo))),
        ),
      )
      .returning({ loanId: loanDueSummaries.loanId });
    // the dashboard's PAR trend (its last six month-ends, as the receipts stand now)
    await refreshParSnapshots(tx, today);
    // promises to pay whose date has passed (and any never judged) judged as of the run's date
    await judgeDuePromises(tx, asOf);
    const finishedAt = new Date();
    const figures: RunFigures = { asOf, loans: written, overdue, removed: gone.length, durationMs: finishedAt.getTime() - started };
    const startedBy = opts.startedBy ?? null;
    if (opts.claim !== false) await tx.insert(dailyJobRuns).values({ businessDate: asOf, startedAt, finishedAt, source: opts.source ?? (startedBy === null ? 'schedule' : 'api'), startedBy, forced: force, result: figures, createdBy: startedBy });
    // one audit row per run; a forced re-run says so in it
    await audit(tx, { action: 'edit', module: 'repayments', reference: `daily:${asOf}`, after: force ? { ...figures, forced: true } : figures, staffId: startedBy });
    const params = { date: asOf, asOf, loans: written, overdue };
    const message = translate(ctx.lang, force ? 'servicing.daily.forcedDone' : 'servicing.daily.result', params);
    return { status: 'done', result: { ...figures, alreadyRan: false, forced: force, ranAt: finishedAt.toISOString(), message } };
  });
}
