import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';

/**
 * Tools → application form builder: per loan type (the `loanType` option's code), how one
 * configurable field of the application form is treated (`APPLICATION_FORM_FIELDS` of the
 * contracts). A field with no row takes the default (shown, optional). Company-wide.
 */
export const formLayoutFields = pgTable(
  'form_layout_fields',
  {
    loanType: varchar('loan_type', { length: 32 }).notNull(),
    fieldKey: varchar('field_key', { length: 32 }).notNull(),
    shown: boolean('shown').notNull(),
    required: boolean('required').notNull(),
    ...stamps,
    updatedBy: integer('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.loanType, t.fieldKey] }), check('form_layout_fields_required_shown', sql`${t.shown} OR NOT ${t.required}`)],
);
