import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { loans } from './loans.js';
import { staff } from './staff.js';
import { stores } from './stores.js';

/**
 * Four eyes (`platform/four-eyes.ts`): one row per request for a controlled action — the maker's
 * full validated body, reason and subject, and the checker's decision. Store-owned (row-level
 * security): the subject loan's store, or the requester's store for a company-level change.
 * `status` moves once from `pending` to `approved`, `rejected` or `withdrawn`, under the row's lock.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    /** the controlled action's kind, e.g. `repayments.void` */
    kind: varchar('kind', { length: 40 }).notNull(),
    /** pending | approved | rejected | withdrawn */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    /** the loan the action acts on; null for a company-level change (settings, staff levels) */
    loanId: integer('loan_id').references(() => loans.id),
    /** what the checker sees: the subject's reference (receipt number, loan number, setting keys) */
    reference: varchar('reference', { length: 128 }),
    /** the validated body the action will run with */
    payload: jsonb('payload').notNull(),
    /** the subject's figures when requested and the figures the action asks for ({ before, after }) */
    change: jsonb('change').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    requestedBy: integer('requested_by').notNull().references(() => staff.id),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: instant('decided_at'),
    /** the checker's note (required on a rejection) or the requester's on withdrawal */
    note: varchar('note', { length: 500 }),
    ...stamps,
  },
  (t) => [
    check('approval_requests_status', sql`${t.status} in ('pending','approved','rejected','withdrawn')`),
    index('approval_requests_store_status').on(t.storeId, t.status, t.id),
    index('approval_requests_loan').on(t.loanId),
  ],
);

/**
 * Everyone who made a loan's terms: created, edited, sent back or submitted the application.
 * Append-only; none of them may decide on the loan or check a four-eyes request about it
 * (`loanMakers` in `platform/four-eyes.ts`).
 */
export const loanMakers = pgTable(
  'loan_makers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    staffId: integer('staff_id').notNull().references(() => staff.id),
    /** create | edit | return | submit */
    role: varchar('role', { length: 8 }).notNull(),
    ...stamps,
  },
  (t) => [check('loan_makers_role', sql`${t.role} in ('create','edit','return','submit')`), index('loan_makers_loan').on(t.loanId, t.staffId)],
);
