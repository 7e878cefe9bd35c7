import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { stores } from './stores.js';

/**
 * The customer register (spec §3 Customer; the menu's Persona list): every person or company
 * Harbour holds data on, in any role (borrower, guarantor, joint applicant). Company-wide, not
 * store-owned: a customer borrows at any branch and one identity is one record (unique ID type +
 * number), so access and correction requests under the PDPO are answered from one place.
 * `registered_store_id` only records where the customer was first registered. Option fields hold
 * the option's `code` in its category (`idType`, `marital`, `education`, `residentialType`, `source`).
 * ID numbers and phones are stored normalised (`normaliseIdNumber` / `normalisePhone`).
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    customerCode: varchar('customer_code', { length: 32 }).notNull().unique(),
    /** personal | company */
    type: varchar('type', { length: 16 }).notNull(),
    /** Chinese / full name (a company's registered name). */
    name: varchar('name', { length: 128 }).notNull(),
    englishName: varchar('english_name', { length: 128 }),
    /** M | F; null for a company */
    gender: varchar('gender', { length: 1 }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    idType: varchar('id_type', { length: 32 }).notNull(),
    /** Normalised: upper case, no spaces, brackets or hyphens (`A1234567`). */
    idNumber: varchar('id_number', { length: 32 }).notNull(),
    mobile1: varchar('mobile1', { length: 32 }).notNull(),
    mobile2: varchar('mobile2', { length: 32 }),
    mobile3: varchar('mobile3', { length: 32 }),
    homeNo: varchar('home_no', { length: 32 }),
    email: varchar('email', { length: 128 }),
    marital: varchar('marital', { length: 32 }),
    education: varchar('education', { length: 32 }),
    residentialType: varchar('residential_type', { length: 32 }),
    source: varchar('source', { length: 32 }),
    residentialAddress: text('residential_address'),
    mailingAddress: text('mailing_address'),
    livingFrom: date('living_from', { mode: 'string' }),
    /** Who the customer lives with. */
    occupyWith: text('occupy_with'),
    // Employment
    companyName: varchar('company_name', { length: 128 }),
    companyAddress: text('company_address'),
    officeNo: varchar('office_no', { length: 32 }),
    directLine: varchar('direct_line', { length: 32 }),
    fax: varchar('fax', { length: 32 }),
    career: varchar('career', { length: 64 }),
    department: varchar('department', { length: 64 }),
    position: varchar('position', { length: 64 }),
    employmentType: varchar('employment_type', { length: 64 }),
    workFrom: date('work_from', { mode: 'string' }),
    salary: numeric('salary', { precision: 16, scale: 2 }),
    incomeProof: text('income_proof'),
    /** white | black */
    listStatus: varchar('list_status', { length: 8 }).notNull().default('white'),
    listStatusReason: text('list_status_reason'),
    remarks: text('remarks'),
    registeredStoreId: integer('registered_store_id').references(() => stores.id),
    /**
     * The business date the retention job replaced this customer's personal data
     * (`modules/customers/retention.ts`); null while the data is held.
     */
    anonymisedOn: date('anonymised_on', { mode: 'string' }),
    ...stamps,
    updatedBy: integer('updated_by'),
  },
  (t) => [
    check('customers_type_check', sql`${t.type} IN ('personal', 'company')`),
    check('customers_gender_check', sql`${t.gender} IS NULL OR ${t.gender} IN ('M', 'F')`),
    check('customers_list_status_check', sql`${t.listStatus} IN ('white', 'black')`),
    uniqueIndex('customers_id_type_number_uq').on(t.idType, t.idNumber),
    index('customers_id_number_idx').on(t.idNumber),
    index('customers_mobile1_idx').on(t.mobile1),
    index('customers_mobile2_idx').on(t.mobile2),
    index('customers_mobile3_idx').on(t.mobile3),
    index('customers_name_idx').on(t.name),
  ],
);
