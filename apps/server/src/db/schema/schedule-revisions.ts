import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { stores } from './stores.js';
import { loans } from './loans.js';
import { loanRepayments } from './repayments.js';

/**
 * Revisions of a loan's repayment schedule (issue 11 item 4). The schedule persisted at payout is
 * revision 0 (no row here). A partial principal repayment writes a new revision — this row and a
 * full new set of `loan_instalments` rows carrying its number — in the transaction of its receipt;
 * voiding that receipt writes another revision that restores the one before. Instalment rows of
 * earlier revisions are kept as they were: the current schedule is the loan's highest revision.
 */
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });

export const loanScheduleRevisions = pgTable(
  'loan_schedule_revisions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    revision: smallint('revision').notNull(),
    /** principal: rescheduled after a principal receipt; restore: that receipt voided or refunded */
    cause: varchar('cause', { length: 16 }).notNull(),
    /** the principal receipt that rescheduled, or whose correction restored */
    repaymentId: integer('repayment_id')
      .notNull()
      .references(() => loanRepayments.id),
    /** the revision this one replaced (principal) or brought back (restore) */
    basedOn: smallint('based_on').notNull(),
    /** shorter-tenor | lower-instalment (the rule applied) */
    rule: varchar('rule', { length: 24 }),
    fromTenor: smallint('from_tenor').notNull(),
    totalTenor: smallint('total_tenor').notNull(),
    /** instalments left from fromTenor on, before and after */
    remainingBefore: smallint('remaining_before').notNull(),
    remainingAfter: smallint('remaining_after').notNull(),
    instalmentBefore: money('instalment_before').notNull(),
    instalmentAfter: money('instalment_after').notNull(),
    outstandingPrincipal: money('outstanding_principal').notNull(),
    /** scheduled interest no longer due (negative when a restore brings it back) */
    droppedInterest: money('dropped_interest').notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    ...stamps,
  },
  (t) => [
    unique('loan_schedule_revisions_revision').on(t.loanId, t.revision),
    // a receipt's delete (an import batch rolled back) checks its foreign key here by this
    index('loan_schedule_revisions_repayment').on(t.repaymentId).where(sql`${t.repaymentId} is not null`),
  ],
);
