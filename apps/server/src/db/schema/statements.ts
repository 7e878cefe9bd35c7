import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { stores } from './stores.js';
import { staff } from './staff.js';
import { loans } from './loans.js';
import { customers } from './customers.js';

/**
 * Statements issued under the Money Lenders Ordinance: s.19 to the borrower on a written request
 * (not owed again within one month of the last), s.20 to a surety. One row per statement issued,
 * written once: who asked (the borrower, or the surety), the day of the written request, the fee
 * received and who issued it.
 */
export const loanStatementRequests = pgTable(
  'loan_statement_requests',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    /** s19 | s20 */
    kind: varchar('kind', { length: 8 }).notNull(),
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    suretyId: integer('surety_id').references(() => customers.id),
    fee: numeric('fee', { precision: 16, scale: 2 }),
    remarks: varchar('remarks', { length: 500 }),
    issuedBy: integer('issued_by').references(() => staff.id),
    ...stamps,
  },
  (t) => [
    check('loan_statement_requests_kind', sql`${t.kind} in ('s19','s20')`),
    check('loan_statement_requests_surety', sql`(${t.kind} = 's20') = (${t.suretyId} is not null)`),
    index('loan_statement_requests_loan').on(t.loanId, t.issuedOn),
  ],
);
