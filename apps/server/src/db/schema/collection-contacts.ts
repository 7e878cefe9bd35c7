import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { loans } from './loans.js';
import { smsMessages } from './sms.js';
import { staff } from './staff.js';
import { stores } from './stores.js';

/**
 * The collector's desk (docs/collection.md): one row per contact with a borrower about a loan,
 * written once. A wrong entry is cancelled by a row of its own (`cancels_id`, at most once), never
 * edited; a promise to pay is the amount and date on a `promised` row.
 */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    /** the collector who made the contact (null for an SMS the system sent on its own) */
    staffId: integer('staff_id').references(() => staff.id),
    at: instant('at').notNull().defaultNow(),
    /** the business date (Hong Kong) of the contact: the day a promise on it is made */
    madeOn: date('made_on', { mode: 'string' }).notNull(),
    /** call | sms | visit | letter */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** one of CONTACT_OUTCOMES; `cancel` on a row that cancels another */
    outcome: varchar('outcome', { length: 16 }).notNull(),
    note: varchar('note', { length: 1000 }),
    promiseAmount: numeric('promise_amount', { precision: 16, scale: 2 }),
    promiseDate: date('promise_date', { mode: 'string' }),
    /**
     * The promise's judgement as the domain's `promiseOutcome` last gave it (kept | broken | open),
     * kept here for the reports' SQL, which cannot call it; written by `collection/promise-outcomes.ts`
     * when a receipt or a void posts on the loan and by the daily job. Null on a row with no promise.
     */
    promiseState: varchar('promise_state', { length: 8 }),
    /** kept: the day the receipts first covered the amount; broken: the day after the promise date */
    promiseDecidedOn: date('promise_decided_on', { mode: 'string' }),
    /** the standing receipts counted towards the promise (dated from the day it was made to its date) */
    promiseReceived: numeric('promise_received', { precision: 16, scale: 2 }),
    /** the entry this row cancels */
    cancelsId: integer('cancels_id').unique(),
    /** the SMS this contact records, when sent through the SMS module */
    smsMessageId: integer('sms_message_id').unique().references(() => smsMessages.id),
    ...stamps,
  },
  (t) => [
    check('collection_contacts_channel', sql`${t.channel} in ('call','sms','visit','letter')`),
    check('collection_contacts_promise', sql`(${t.outcome} = 'promised') = (${t.promiseAmount} is not null and ${t.promiseDate} is not null)`),
    check('collection_contacts_promise_amount', sql`${t.promiseAmount} is null or ${t.promiseAmount} > 0`),
    check('collection_contacts_promise_state', sql`${t.promiseState} is null or ${t.promiseState} in ('kept','broken','open')`),
    check('collection_contacts_cancel', sql`(${t.outcome} = 'cancel') = (${t.cancelsId} is not null)`),
    index('collection_contacts_loan').on(t.loanId, t.at),
    index('collection_contacts_promise_date').on(t.storeId, t.promiseDate),
  ],
);
