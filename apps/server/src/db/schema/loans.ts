import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, date, index, integer, numeric, pgTable, serial, smallint, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { stores } from './stores.js';
import { staff } from './staff.js';
import { customers } from './customers.js';
import { referralAgents } from './counterparties.js';
import { journalEntries } from './ledger.js';

/**
 * Loans from application to payout (issue: origination) and the rows servicing, reports and SMS
 * read. One `loans` row is the whole life of a loan: an application (`pending`, `applyNo`) becomes
 * a loan (`repaying`, `loanNo`) at payout. Its status moves only through the domain's status table
 * (`LOAN_STATUS`); what happened at each step is kept in the step's own rows (approvals, payouts,
 * instalments, journal entries), never by editing an earlier step.
 *
 * Every table here is store-owned (row-level security, migration `harbour_store_owned`): a loan
 * belongs to the store that took the application, and its parts carry the same store.
 */
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });
const day = (name: string) => date(name, { mode: 'string' });

export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    applyNo: varchar('apply_no', { length: 32 }).notNull().unique(),
    /** given at payout (`takeCode(tx, 'loanNo', …)`) */
    loanNo: varchar('loan_no', { length: 32 }).unique(),
    /** the domain's `LOAN_STATUSES` */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    /** option code of the loan-type list (master data → loan related) */
    loanType: varchar('loan_type', { length: 32 }).notNull(),
    /** the earlier loan this one refinances (settled out of this loan's payout) */
    reloanOfId: integer('reloan_of_id').references((): AnyPgColumn => loans.id),
    applyDate: day('apply_date').notNull(),
    /** the agreed loan (drawdown) date; not later than the interest start date */
    loanDate: day('loan_date').notNull(),
    /** the schedule's start: interest runs from here */
    interestStartDate: day('interest_start_date').notNull(),
    /** an agreed first due date later than one cycle extends the first period */
    firstDueDate: day('first_due_date'),
    loanAmount: money('loan_amount').notNull(),
    /** the rate as agreed: exactly one of the two (percent a month / percent a year) */
    flatRate: rate('flat_rate'),
    effectiveRate: rate('effective_rate'),
    /** amortization | interest-first */
    interestMethod: varchar('interest_method', { length: 16 }).notNull(),
    /** monthly | twice-monthly | biweekly | every-n-days */
    repayCycle: varchar('repay_cycle', { length: 16 }).notNull(),
    cycleMonths: smallint('cycle_months'),
    cycleDays: smallint('cycle_days'),
    totalTenor: smallint('total_tenor').notNull(),
    ruleOf78: boolean('rule_of_78').notNull().default(false),
    /** a cap on the total interest */
    maxInterest: money('max_interest'),
    /** computed by the domain from the terms on every save (what the list and reports show) */
    instalmentAmount: money('instalment_amount').notNull(),
    totalInterest: money('total_interest').notNull(),
    /** the Money Lenders Ordinance's effective rate, percent a year, and its verdict */
    mloRate: rate('mlo_rate').notNull(),
    /** ok | extortionate | illegal */
    mloStatus: varchar('mlo_status', { length: 16 }).notNull(),
    /** option code of the purpose list */
    loanPurpose: varchar('loan_purpose', { length: 32 }),
    /** option code of the payout-method list: how the borrower wants the money */
    payoutMethod: varchar('payout_method', { length: 32 }),
    /** the staff member responsible (sales figures, commission) */
    staffId: integer('staff_id').notNull().references(() => staff.id),
    referralAgentId: integer('referral_agent_id').references(() => referralAgents.id),
    autopayRefNo: varchar('autopay_ref_no', { length: 32 }),
    autopayBankName: varchar('autopay_bank_name', { length: 128 }),
    autopayAccountName: varchar('autopay_account_name', { length: 128 }),
    autopayBankCode: varchar('autopay_bank_code', { length: 3 }),
    autopayBranchCode: varchar('autopay_branch_code', { length: 3 }),
    autopayAccountNo: varchar('autopay_account_no', { length: 32 }),
    remarks: varchar('remarks', { length: 1000 }),
    submittedAt: instant('submitted_at'),
    submittedBy: integer('submitted_by').references(() => staff.id),
    /** a manager's reason for submitting despite a blacklist hit (audited) */
    blacklistOverrideReason: varchar('blacklist_override_reason', { length: 500 }),
    blacklistOverrideBy: integer('blacklist_override_by').references(() => staff.id),
    cancelReason: varchar('cancel_reason', { length: 500 }),
    /** MLO s.18: the signed note or memorandum is back before any money leaves */
    signedNoteReceivedOn: day('signed_note_received_on'),
    signedNoteReceivedBy: integer('signed_note_received_by').references(() => staff.id),
    /** MLO s.20: each surety's copy of the note and statement given (due 7 days after the agreement) */
    suretyPackGivenOn: day('surety_pack_given_on'),
    suretyPackGivenBy: integer('surety_pack_given_by').references(() => staff.id),
    payoutDate: day('payout_date'),
    updatedBy: integer('updated_by'),
    ...stamps,
  },
  (t) => [
    check('loans_status', sql`${t.status} in ('pending','wait_approve','approved','repaying','complete','reloaned','reject','cancel','oca','bad')`),
    check('loans_one_rate', sql`(${t.flatRate} is null) <> (${t.effectiveRate} is null)`),
    check('loans_amount_positive', sql`${t.loanAmount} > 0`),
    check('loans_tenor_positive', sql`${t.totalTenor} > 0`),
    check('loans_dates', sql`${t.loanDate} <= ${t.interestStartDate}`),
    check('loans_interest_method', sql`${t.interestMethod} in ('amortization','interest-first')`),
    check('loans_repay_cycle', sql`${t.repayCycle} in ('monthly','twice-monthly','biweekly','every-n-days')`),
    check('loans_mlo_status', sql`${t.mloStatus} in ('ok','extortionate','illegal')`),
    // the loan list's usual filter (status and store, over an application-date range); its
    // prefix serves status-and-store alone
    index('loans_store_status_apply_date').on(t.storeId, t.status, t.applyDate),
    index('loans_customer').on(t.customerId),
    index('loans_apply_date').on(t.storeId, t.applyDate),
    index('loans_payout_date').on(t.storeId, t.payoutDate),
    index('loans_staff').on(t.staffId),
    index('loans_reloan_of').on(t.reloanOfId),
    // a repaying loan is refinanced by one live application at a time (the service says so first;
    // this holds when two are saved at once)
    uniqueIndex('loans_reloan_of_live').on(t.reloanOfId).where(sql`${t.status} in ('pending','wait_approve','approved')`),
    check('loans_reloan_not_self', sql`${t.reloanOfId} is distinct from ${t.id}`),
  ],
);

/**
 * Section B: guarantors, joint applicants, consultants and referees — each a customer record. A
 * referee's consent to be contacted (licensing condition 2021) is recorded on the row: until then
 * answers withhold the referee's phones (`platform/masking.ts` → `contactPhone`).
 */
export const loanPartakers = pgTable(
  'loan_partakers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    /** guarantor | joint | consultant */
    role: varchar('role', { length: 16 }).notNull(),
    /** relation to the borrower (spouse, parent, friend…), free text */
    relation: varchar('relation', { length: 64 }),
    /** a referee's consent to be contacted: the date given and how (`CONSENT_METHODS`) */
    consentOn: day('consent_on'),
    consentMethod: varchar('consent_method', { length: 16 }),
    consentRecordedBy: integer('consent_recorded_by').references(() => staff.id),
    ...stamps,
  },
  (t) => [
    check('loan_partakers_role', sql`${t.role} in ('guarantor','joint','consultant','referee')`),
    check('loan_partakers_consent', sql`(${t.consentOn} is null) = (${t.consentMethod} is null) and (${t.consentMethod} is null or ${t.consentMethod} in ('written','verbal-recorded','electronic'))`),
    unique('loan_partakers_once').on(t.loanId, t.customerId),
    index('loan_partakers_customer').on(t.customerId),
  ],
);

/** Section C: the applicant's other debts, as declared or found in a credit report. */
export const loanCreditReferences = pgTable(
  'loan_credit_references',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    creditName: varchar('credit_name', { length: 128 }).notNull(),
    creditType: varchar('credit_type', { length: 64 }),
    loanAmount: money('loan_amount'),
    instalmentAmount: money('instalment_amount'),
    outstandingTenors: smallint('outstanding_tenors'),
    ...stamps,
  },
  (t) => [index('loan_credit_references_loan').on(t.loanId)],
);

/** Section E: property offered as security (first and second mortgage loan types). */
export const loanCollaterals = pgTable(
  'loan_collaterals',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    ownerName: varchar('owner_name', { length: 128 }).notNull(),
    /** normalised like a customer's ID number; masked like one */
    ownerIdNumber: varchar('owner_id_number', { length: 32 }),
    address: varchar('address', { length: 255 }).notNull(),
    /** square feet */
    usableArea: numeric('usable_area', { precision: 10, scale: 2 }),
    buildingArea: numeric('building_area', { precision: 10, scale: 2 }),
    completionYear: smallint('completion_year'),
    propertyType: varchar('property_type', { length: 64 }),
    purpose: varchar('purpose', { length: 64 }),
    boughtOn: day('bought_on'),
    buyPrice: money('buy_price'),
    mortgageBalance: money('mortgage_balance'),
    ...stamps,
  },
  (t) => [index('loan_collaterals_loan').on(t.loanId)],
);

/**
 * Section D: documents (ID card copies, income and address proofs, the signed s.18 note…). The
 * file lives in the document store outside the web root (`storage_key`); its type was checked by
 * content. A document is removed by marking it, never by deleting the row.
 */
export const loanDocuments = pgTable(
  'loan_documents',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    /** id-card | income-proof | address-proof | signed-note | property | other */
    kind: varchar('kind', { length: 16 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 128 }).notNull().unique(),
    removedAt: instant('removed_at'),
    removedBy: integer('removed_by'),
    ...stamps,
  },
  (t) => [index('loan_documents_loan').on(t.loanId)],
);

/**
 * Approval decisions (spec §3 Approval), one row per decision: approve, reject, send back, and
 * the undoing of an approval before payout (a new row pointing at the one it undoes). The terms an
 * approval fixes (fees, lock period, overdue rate, first and last due dates…) are kept here.
 */
export const loanApprovals = pgTable(
  'loan_approvals',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    /** approve | reject | return | undo */
    decision: varchar('decision', { length: 16 }).notNull(),
    decidedOn: day('decided_on').notNull(),
    staffId: integer('staff_id').notNull().references(() => staff.id),
    undoesId: integer('undoes_id'),
    /** overdue interest, percent a year */
    overdueRate: rate('overdue_rate'),
    upfrontInterest: money('upfront_interest'),
    earlySettleLockMonths: smallint('early_settle_lock_months'),
    lateDrawdownFee: money('late_drawdown_fee'),
    overduePenalty: money('overdue_penalty'),
    lockPeriodFee: money('lock_period_fee'),
    handlingFee: money('handling_fee'),
    placeOfNegotiation: varchar('place_of_negotiation', { length: 128 }),
    actualReceivedAmount: money('actual_received_amount'),
    firstDueDate: day('first_due_date'),
    lastDueDate: day('last_due_date'),
    extendedInterest: money('extended_interest'),
    extendedDays: smallint('extended_days'),
    remarks: varchar('remarks', { length: 1000 }),
    /**
     * The affordability assessment an approval of an unsecured loan to an individual decided on
     * (licensing condition 2021): monthly income, existing monthly instalments, this loan's
     * monthly instalment, the debt-to-income ratio (percent), the limit then in force, and the
     * approver's reason when the ratio was above it.
     */
    monthlyIncome: money('monthly_income'),
    existingInstalments: money('existing_instalments'),
    newMonthlyInstalment: money('new_monthly_instalment'),
    dtiRatio: numeric('dti_ratio', { precision: 12, scale: 2 }),
    dtiLimit: numeric('dti_limit', { precision: 12, scale: 2 }),
    affordabilityReason: varchar('affordability_reason', { length: 500 }),
    ...stamps,
  },
  (t) => [
    check('loan_approvals_decision', sql`${t.decision} in ('approve','reject','return','undo')`),
    index('loan_approvals_loan').on(t.loanId),
    index('loan_approvals_decided').on(t.storeId, t.decidedOn),
    // the undo of a decision, by the decision it undoes: a deleted approval (an import batch rolled back) checks it
    index('loan_approvals_undoes').on(t.undoesId).where(sql`${t.undoesId} is not null`),
  ],
);

/** The payout (drawdown) of a loan: how and when the money left, and what the borrower received. */
export const loanPayouts = pgTable(
  'loan_payouts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id).unique(),
    payoutDate: day('payout_date').notNull(),
    /** cash | cheque */
    method: varchar('method', { length: 16 }).notNull(),
    chequeNo: varchar('cheque_no', { length: 32 }),
    upfrontDeducted: money('upfront_deducted').notNull(),
    lateDrawdownFee: money('late_drawdown_fee').notNull(),
    amountReceived: money('amount_received').notNull(),
    /** a reloan: the old loan's settlement paid out of this loan (its settlement receipt, method reloan) */
    oldLoanSettled: money('old_loan_settled').notNull().default('0'),
    /** what the loan's referral agent earns on it, worked out at payout (`referralCommission`); null without an agent */
    referralCommission: money('referral_commission'),
    remarks: varchar('remarks', { length: 1000 }),
    /** the journal entry the payout posted */
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    ...stamps,
  },
  (t) => [
    check('loan_payouts_method', sql`${t.method} in ('cash','cheque')`),
    check('loan_payouts_cheque', sql`${t.method} <> 'cheque' or ${t.chequeNo} is not null`),
    index('loan_payouts_date').on(t.storeId, t.payoutDate),
    // and migration 0061's loan_payouts_day: (payout_date) INCLUDE (store_id, loan_id), money out by day from the index alone
  ],
);

/**
 * The repayment schedule persisted from the domain at payout: one row per instalment. Servicing
 * records what was paid against each in its own rows; these are never edited.
 */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    tenor: smallint('tenor').notNull(),
    /** the schedule revision (0: as paid out; see loan_schedule_revisions) */
    revision: smallint('revision').notNull().default(0),
    dueDate: day('due_date').notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    instalment: money('instalment').notNull(),
    /** principal outstanding after this instalment */
    balance: money('balance').notNull(),
    ...stamps,
  },
  (t) => [
    unique('loan_instalments_tenor').on(t.loanId, t.revision, t.tenor),
    index('loan_instalments_due').on(t.storeId, t.dueDate),
    // instalments by due date across stores: the first page of the repayment schedule reads only its rows;
    // migration 0066 carries loan_id, tenor, revision, store_id, principal, interest and instalment in
    // it too (INCLUDE: a year's instalments summed from the index alone; instalments are never updated)
    index('loan_instalments_due_date').on(t.dueDate),
  ],
);
