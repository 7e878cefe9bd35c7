import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';

/**
 * Master data → company information: the lender's particulars, one row (id 1). Optional texts are
 * null when not given.
 */
export const companyInfo = pgTable(
  'company_info',
  {
    id: integer('id').primaryKey().default(1),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    licenceNo: varchar('licence_no', { length: 32 }).notNull(),
    brNo: varchar('br_no', { length: 32 }),
    addressZh: varchar('address_zh', { length: 255 }),
    addressEn: varchar('address_en', { length: 255 }),
    phone: varchar('phone', { length: 24 }),
    fax: varchar('fax', { length: 24 }),
    email: varchar('email', { length: 128 }),
    website: varchar('website', { length: 255 }),
    /** URL of the logo under the API base (`/api/admin/v1/companyLogos/<random>.png`). */
    logo: varchar('logo', { length: 255 }),
    /** FPS (轉數快) payment codes on the papers: how the lender is reached (fps-id, mobile, email), null = none printed */
    fpsProxyType: varchar('fps_proxy_type', { length: 8 }),
    fpsProxyValue: varchar('fps_proxy_value', { length: 64 }),
    /** the payee name the payer's banking app shows (the EMV merchant name, at most 25 characters) */
    fpsMerchantName: varchar('fps_merchant_name', { length: 25 }),
    ...stamps,
  },
  (t) => [check('company_info_single_row', sql`${t.id} = 1`)],
);

/**
 * Master data → company information → the prescribed summary (Money Lenders Regulations, Cap. 163A
 * Schedule 3) as the lender enters it, in English and Chinese, one row per version. Company-wide
 * (no store). Append-only: a new version supersedes by its effective date; the migration's
 * triggers refuse UPDATE, DELETE and TRUNCATE and the app role may only read and insert. The
 * version in force on a date is the latest `effective_from` on or before it (the higher version
 * on the same day). `version` counts 1, 2, 3… in the order entered; `created_by` is who entered it.
 */
export const prescribedSummaries = pgTable(
  'prescribed_summaries',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().unique(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    textEn: text('text_en').notNull(),
    textZh: text('text_zh').notNull(),
    ...stamps,
  },
  (t) => [
    check('prescribed_summaries_texts', sql`length(btrim(${t.textEn})) > 0 and length(btrim(${t.textZh})) > 0`),
    index('prescribed_summaries_effective').on(t.effectiveFrom, t.version),
  ],
);
