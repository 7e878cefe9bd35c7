import { sql } from 'drizzle-orm';
import { check, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
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
    ...stamps,
  },
  (t) => [check('company_info_single_row', sql`${t.id} = 1`)],
);
