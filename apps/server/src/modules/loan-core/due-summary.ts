/**
 * Reads of a loan's due summary (`loan_due_summaries`, kept by the repayments' daily servicing and
 * after each receipt) that the reminders, the process list and the dashboard share.
 */
import { gt, lt, or, sql } from 'drizzle-orm';
import { loanDueSummaries as s } from '../../db/schema/index.js';

/** Overdue interest and fees charged and not yet paid. */
const charges = sql`(${s.overdueInterest} + ${s.handlingFee})`;

/** Overdue on `today`: an instalment past due at the last run, or the next one due before today, or charges unpaid. */
export const overdueOn = (today: string) => or(gt(s.overdueTenors, 0), lt(s.nextDueDate, today), gt(charges, '0'));
