/**
 * Which `loan_instalments` rows a loan's schedule is. No row is ever changed: a reschedule writes a
 * full new set under the next revision (`repayments/reschedule.ts`), so the current schedule is
 * the loan's highest revision and the signed contract's is revision 0.
 */
import { and, eq, sql } from 'drizzle-orm';
import { loanInstalments, loanScheduleRevisions } from '../../db/schema/index.js';

/** The loan's current schedule revision (0 when never rescheduled), as a SQL value. */
const currentRevision = (loanId: number) =>
  sql<number>`(select coalesce(max(${loanScheduleRevisions.revision}), 0) from ${loanScheduleRevisions} where ${loanScheduleRevisions.loanId} = ${loanId})`;

/** The instalment rows of the loan's current schedule. */
export const currentInstalments = (loanId: number) => and(eq(loanInstalments.loanId, loanId), eq(loanInstalments.revision, currentRevision(loanId)));

/** The instalment rows of the schedule as paid out (the signed contract's). */
export const originalInstalments = (loanId: number) => and(eq(loanInstalments.loanId, loanId), eq(loanInstalments.revision, 0));
