import { defineResource, listQueryBase } from '@harbour/contracts';
import { integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { stamps } from '../../src/db/schema/columns.js';
import { stores } from '../../src/db/schema/index.js';
import { registerCrud } from '../../src/http/crud.js';

/**
 * A store-owned master-data resource that exists only in tests, to drive `registerCrud` the way
 * modules do: its table is created in the test file's own database.
 */
export const probeItems = pgTable('probe_items', {
  id: serial('id').primaryKey(),
  storeId: integer('store_id').notNull().references(() => stores.id),
  name: varchar('name', { length: 32 }).notNull().unique(),
  amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
  ...stamps,
});

export const PROBE_TABLES_SQL = `
  create table probe_items (
    id serial primary key, store_id integer not null references stores(id),
    name varchar(32) not null unique, amount numeric(16,2) not null default 0,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(), created_by integer);
  create table probe_refs (id serial primary key, item_id integer not null references probe_items(id));`;

export const createProbeTables = (pool: pg.Pool) => pool.query(PROBE_TABLES_SQL);

const item = z.object({ id: z.number().int(), storeId: z.number().int(), name: z.string(), amount: z.string(), createdAt: z.string() });
const create = z.object({
  name: z.string().trim().min(2).max(32),
  amount: z.string().regex(/^\d{1,14}(\.\d{1,2})?$/, { message: 'validation.money' }),
});

export const probeResource = defineResource({
  name: 'probe',
  path: '/probe',
  title: 'probe',
  permissions: { list: 'loan.list', create: 'loan.create', update: 'loan.edit', delete: 'loan.edit' },
  storeScoped: true,
  fields: [
    { name: 'id', kind: 'integer', label: 'id', list: true, sortable: true },
    { name: 'name', kind: 'text', label: 'name', list: true, sortable: true, filter: 'text', form: true },
    { name: 'amount', kind: 'money', label: 'amount', list: true, sortable: true, form: true },
    { name: 'createdAt', kind: 'datetime', label: 'createdAt', list: true, filter: 'dateRange' },
  ],
  item,
  create,
  update: create,
  filters: listQueryBase.extend({ name: z.string().max(32).optional(), createdAtFrom: z.iso.date().optional(), createdAtTo: z.iso.date().optional() }),
  defaultSort: 'id:asc',
});

export function probeModule(app: FastifyInstance) {
  registerCrud(app, probeResource, {
    table: probeItems,
    id: probeItems.id,
    storeColumn: probeItems.storeId,
    columns: { id: probeItems.id, name: probeItems.name, amount: probeItems.amount, createdAt: probeItems.createdAt },
    toItem: (r) => ({
      id: r.id as number,
      storeId: r.storeId as number,
      name: r.name as string,
      amount: r.amount as string,
      createdAt: (r.createdAt as Date).toISOString(),
    }),
    toInsert: (input) => ({ name: input.name, amount: input.amount }),
  });
}
