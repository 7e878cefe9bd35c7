import { boolean, date, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';

/**
 * Master data: the outside parties loans and collection refer to (spec §2 Master data).
 * Loans and OCA records will refer to them by foreign key, so one in use cannot be deleted.
 */
const party = () => ({
  id: serial('id').primaryKey(),
  nameZh: varchar('name_zh', { length: 128 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull(),
  contactName: varchar('contact_name', { length: 64 }),
  phone: varchar('phone', { length: 32 }),
  email: varchar('email', { length: 128 }),
  address: varchar('address', { length: 255 }),
  remarks: varchar('remarks', { length: 500 }),
  /** normal | disabled: a disabled party is kept for the records that name it but offered no more. */
  state: varchar('state', { length: 16 }).notNull().default('normal'),
  ...stamps,
});

/** Banks and other creditors (autopay banks, funding creditors). */
export const banks = pgTable('banks', { ...party(), bankCode: varchar('bank_code', { length: 3 }) });

/** Solicitors (mortgage conveyancing, recovery). */
export const solicitors = pgTable('solicitors', { ...party(), firm: varchar('firm', { length: 128 }) });

/** Collection agencies (OCA) and their charge, a percentage of what they recover. */
export const ocaAgents = pgTable('oca_agents', { ...party(), chargePercent: numeric('charge_percent', { precision: 5, scale: 2 }).notNull() });

/**
 * Referral agents (intermediaries): particulars the licensing conditions ask for, the commission
 * the lender pays (`percent` of the loan or a `fixed` HKD sum per loan) and the agent's written
 * undertaking that it charges borrowers nothing.
 */
export const referralAgents = pgTable('referral_agents', {
  ...party(),
  brNo: varchar('br_no', { length: 8 }),
  licenceNo: varchar('licence_no', { length: 32 }),
  /** percent | fixed */
  commissionKind: varchar('commission_kind', { length: 16 }).notNull(),
  commission: numeric('commission', { precision: 16, scale: 2 }).notNull(),
  agreementStart: date('agreement_start', { mode: 'string' }),
  agreementEnd: date('agreement_end', { mode: 'string' }),
  noBorrowerFee: boolean('no_borrower_fee').notNull().default(false),
});
