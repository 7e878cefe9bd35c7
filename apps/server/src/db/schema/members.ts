import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { customers } from './customers.js';

/**
 * Members (the menu's Member list): the accounts people register on the company's website or app.
 * Company-wide, not store-owned (like customers). The login name is a mobile (`normalisePhone`'s
 * spelling) or an e-mail address, unique whatever its case. No credential is kept: the back
 * office never needs a member's password. `customer_id` links the account to at most one customer
 * record (the Persona list); a customer may hold several accounts (website and app).
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    /** mobile | email */
    loginType: varchar('login_type', { length: 8 }).notNull(),
    loginName: varchar('login_name', { length: 128 }).notNull(),
    displayName: varchar('display_name', { length: 64 }).notNull(),
    /** zh-TW | en | zh-CN */
    preferredLanguage: varchar('preferred_language', { length: 8 }).notNull().default('zh-TW'),
    /** website | app: where the account was registered. */
    source: varchar('source', { length: 16 }).notNull(),
    /** active | disabled */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** Why the account was last disabled or enabled. */
    statusReason: text('status_reason'),
    registeredAt: instant('registered_at').notNull().defaultNow(),
    lastLoginAt: instant('last_login_at'),
    customerId: integer('customer_id').references(() => customers.id),
    ...stamps,
    updatedBy: integer('updated_by'),
  },
  (t) => [
    check('members_login_type_check', sql`${t.loginType} IN ('mobile', 'email')`),
    check('members_language_check', sql`${t.preferredLanguage} IN ('zh-TW', 'en', 'zh-CN')`),
    check('members_source_check', sql`${t.source} IN ('website', 'app')`),
    check('members_status_check', sql`${t.status} IN ('active', 'disabled')`),
    uniqueIndex('members_login_name_uq').on(sql`lower(${t.loginName})`),
    index('members_customer_idx').on(t.customerId),
    index('members_registered_at_idx').on(t.registeredAt),
    index('members_display_name_idx').on(t.displayName),
  ],
);
