/**
 * Rescheduling after a partial principal repayment (issue 11 item 4). The domain
 * (`rescheduleAfterPrincipal`) builds the remaining instalments on the new outstanding principal by
 * the loan's own terms and the setting `principalRepaymentRule`; here the result is persisted as a
 * schedule revision — a `loan_schedule_revisions` row and a full set of `loan_instalments` rows
 * with its number — in the principal receipt's own transaction, once the whole loan's flows on
 * the new schedule are found lawful (the rate is then stored on the loan). Voiding or refunding that receipt
 * writes a further revision bringing the earlier schedule back. No row is ever changed: the
 * current schedule is the loan's highest revision (0 = as paid out).
 */
import type { ReschedulePreview } from '@harbour/contracts';
import { type Allocation, type RepaymentState, type Rescheduled, ZERO, dec, rescheduleAfterPrincipal, termsFromRequest, moneyText } from '@harbour/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { loanInstalments, loanScheduleRevisions } from '../../db/schema/index.js';
import type { ServiceContext } from '../../platform/context.js';
import { readSettings } from '../../platform/settings.js';
import type { LoanRow } from '../loan-core/row.js';
import { termsOf } from '../loan-core/terms.js';
import type { Engine } from './state.js';
import { loanHistory, rescheduleLawful, type RescheduleRate } from './loan-rate.js';
import type { SystemSettings } from '@harbour/contracts';
import type { LoanCashFlows } from '@harbour/domain';


/** A planned reschedule with the rate the whole loan's flows would then have (checked lawful). */
export type PlannedReschedule = Rescheduled & { loanRate: RescheduleRate };

/**
 * The remaining schedule after a principal receipt, by the setting (the domain computes), refused
 * when the whole loan's flows — not only the new lines — would then be above the cap or the
 * company's maximum APR (`rescheduleLawful`).
 */
export async function planReschedule(tx: DbOrTx, loan: LoanRow, before: RepaymentState, a: Allocation, engine: Engine, confirmExcess?: boolean): Promise<PlannedReschedule> {
  const [{ principalRepaymentRule }, history, company] = await Promise.all([
    readSettings(tx, ['principalRepaymentRule']),
    loanHistory(tx, loan),
    readSettings(tx, ['maxApr', 'maxAprExcessAction']),
  ]);
  return planRescheduleFrom(loan, before, a, engine, { rule: principalRepaymentRule, history, company }, confirmExcess);
}

/** `planReschedule` on what a receipt's context read: the settings' rule, the loan's flows, the maximum APR settings. */
export function planRescheduleFrom(
  loan: LoanRow,
  before: RepaymentState,
  a: Allocation,
  engine: Engine,
  reads: { rule: SystemSettings['principalRepaymentRule']; history: LoanCashFlows; company: Pick<SystemSettings, 'maxApr' | 'maxAprExcessAction'> },
  confirmExcess?: boolean,
): PlannedReschedule {
  const principalRepaymentRule = reads.rule;
  const rescheduled = rescheduleAfterPrincipal({
    terms: termsFromRequest(termsOf(loan, '0')),
    before,
    after: a.state,
    rule: principalRepaymentRule,
    settings: engine.settings,
    holidays: engine.holidays,
  });
  const loanRate = rescheduleLawful(loan, reads.history, reads.company, a, rescheduled.state, confirmExcess);
  return { ...rescheduled, loanRate };
}

/** What a rescheduling changed, as the preview answers it and its revision row records it. */
const rescheduleFigures = (r: Rescheduled) => ({
  rule: r.rule,
  fromTenor: r.fromTenor,
  totalTenor: r.totalTenor,
  remainingBefore: r.remainingBefore,
  remainingAfter: r.remainingAfter,
  instalmentBefore: moneyText(r.instalmentBefore),
  instalmentAfter: moneyText(r.instalmentAfter),
  outstandingPrincipal: moneyText(r.outstandingPrincipal),
  droppedInterest: moneyText(r.droppedInterest),
});

export function reschedulePreview(r: Rescheduled): ReschedulePreview {
  return {
    ...rescheduleFigures(r),
    lines: r.lines.map((l) => ({
      tenor: l.tenor,
      dueDate: l.dueDate,
      principal: moneyText(l.principal),
      interest: moneyText(l.interest),
      instalment: moneyText(l.instalment),
      balance: moneyText(l.balance),
    })),
  };
}

async function latestRevision(tx: DbOrTx, loanId: number) {
  const [row] = await tx.select().from(loanScheduleRevisions).where(eq(loanScheduleRevisions.loanId, loanId)).orderBy(desc(loanScheduleRevisions.revision)).limit(1);
  return row ?? null;
}

/** Inserts a revision's instalment rows (balance: the loan amount less the principal up to each). */
/** A revision's instalment rows, each with its instalment and the principal outstanding after it. */
function instalmentRows(loan: LoanRow, revision: number, rows: readonly { tenor: number; dueDate: string; principal: string; interest: string }[], createdBy: number | null) {
  let balance = dec(loan.loanAmount);
  return rows.map((r) => {
      balance = balance.minus(dec(r.principal));
      return {
        storeId: loan.storeId,
        loanId: loan.id,
        revision,
        tenor: r.tenor,
        dueDate: r.dueDate,
        principal: r.principal,
        interest: r.interest,
        instalment: moneyText(dec(r.principal).plus(dec(r.interest))),
        balance: moneyText(balance),
        createdBy,
      };
  });
}

async function insertRows(tx: Tx, loan: LoanRow, revision: number, rows: readonly { tenor: number; dueDate: string; principal: string; interest: string }[], createdBy: number | null) {
  await tx.insert(loanInstalments).values(instalmentRows(loan, revision, rows, createdBy));
}

/**
 * A principal receipt's new schedule as the rows `harbour_post_receipt` writes after the receipt
 * (which it names): the revision after `basedOn` (the loan's current one) and its instalments.
 */
export function rescheduleRows(loan: LoanRow, basedOn: number, date: string, r: Rescheduled, createdBy: number | null) {
  const revision = basedOn + 1;
  return {
    revision: {
      storeId: loan.storeId,
      loanId: loan.id,
      revision,
      cause: 'principal',
      basedOn,
      ...rescheduleFigures(r),
      effectiveOn: date,
      createdBy,
    },
    instalments: instalmentRows(
      loan,
      revision,
      r.rows.map((x) => ({ tenor: x.tenor, dueDate: x.dueDate, principal: moneyText(x.principal), interest: moneyText(x.interest) })),
      createdBy,
    ),
  };
}

/**
 * A principal receipt voided or refunded: the schedule before the one it wrote comes back as a new
 * revision (a copy of its rows). Answers the new revision, or null when the receipt did not
 * reschedule. Receipts are corrected latest first, so every later principal receipt has already
 * been corrected and its schedule undone: the schedule in force is the receipt's own, or a
 * restore's copy of it (receipt A, receipt B, B voided — B's restore copies A's rows — A voided).
 */
export async function restoreSchedule(tx: Tx, ctx: ServiceContext, loan: LoanRow, receipt: { id: number; principal: string }, date: string): Promise<number | null> {
  const [wrote] = await tx
    .select()
    .from(loanScheduleRevisions)
    .where(and(eq(loanScheduleRevisions.loanId, loan.id), eq(loanScheduleRevisions.repaymentId, receipt.id), eq(loanScheduleRevisions.cause, 'principal')));
  const latest = await latestRevision(tx, loan.id);
  if (!wrote || !latest) return null;
  const me = ctx.auth?.staffId ?? null;
  const rows = await tx.select().from(loanInstalments).where(and(eq(loanInstalments.loanId, loan.id), eq(loanInstalments.revision, wrote.basedOn))).orderBy(asc(loanInstalments.tenor));
  const revision = latest.revision + 1;
  await tx.insert(loanScheduleRevisions).values({
    storeId: loan.storeId,
    loanId: loan.id,
    revision,
    cause: 'restore',
    repaymentId: receipt.id,
    basedOn: wrote.basedOn,
    rule: null,
    fromTenor: wrote.fromTenor,
    totalTenor: rows.length,
    remainingBefore: wrote.remainingAfter,
    remainingAfter: wrote.remainingBefore,
    instalmentBefore: wrote.instalmentAfter,
    instalmentAfter: wrote.instalmentBefore,
    outstandingPrincipal: moneyText(dec(wrote.outstandingPrincipal).plus(dec(receipt.principal))),
    droppedInterest: moneyText(dec(wrote.droppedInterest).neg()),
    effectiveOn: date,
    createdBy: me,
  });
  await insertRows(tx, loan, revision, rows, me);
  return revision;
}

/** The regular instalment and tenor of the current schedule (the loan row's when never rescheduled). */
export async function currentScheduleTerms(tx: DbOrTx, loan: Pick<LoanRow, 'id' | 'instalmentAmount' | 'totalTenor'>): Promise<{ instalmentAmount: string; totalTenor: number }> {
  const latest = await latestRevision(tx, loan.id);
  if (!latest) return { instalmentAmount: loan.instalmentAmount, totalTenor: loan.totalTenor };
  // a restore brings back the revision before, whose regular instalment was the one replaced
  return { instalmentAmount: latest.instalmentAfter, totalTenor: latest.totalTenor };
}

/**
 * What a principal receipt rescheduled: its revision and the lines it wrote from the first
 * rescheduled tenor (the first row less the principal repaid early it carries as paid).
 */
export async function receiptReschedule(tx: DbOrTx, repaymentId: number): Promise<ReschedulePreview | null> {
  const [rev] = await tx
    .select()
    .from(loanScheduleRevisions)
    .where(and(eq(loanScheduleRevisions.repaymentId, repaymentId), eq(loanScheduleRevisions.cause, 'principal')));
  if (!rev) return null;
  const rows = (
    await tx
      .select()
      .from(loanInstalments)
      .where(and(eq(loanInstalments.loanId, rev.loanId), eq(loanInstalments.revision, rev.revision)))
      .orderBy(asc(loanInstalments.tenor))
  ).filter((r) => r.tenor >= rev.fromTenor);
  let balance = dec(rev.outstandingPrincipal);
  const carried = rows.reduce((s, r) => s.plus(dec(r.principal)), ZERO).minus(balance);
  return {
    rule: rev.rule as ReschedulePreview['rule'],
    fromTenor: rev.fromTenor,
    totalTenor: rev.totalTenor,
    remainingBefore: rev.remainingBefore,
    remainingAfter: rev.remainingAfter,
    instalmentBefore: rev.instalmentBefore,
    instalmentAfter: rev.instalmentAfter,
    outstandingPrincipal: rev.outstandingPrincipal,
    droppedInterest: rev.droppedInterest,
    lines: rows.map((r, k) => {
      const principal = k === 0 ? dec(r.principal).minus(carried) : dec(r.principal);
      balance = balance.minus(principal);
      return { tenor: r.tenor, dueDate: r.dueDate, principal: moneyText(principal), interest: r.interest, instalment: moneyText(principal.plus(dec(r.interest))), balance: moneyText(balance) };
    }),
  };
}
