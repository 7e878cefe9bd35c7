import { defineResource, listQueryBase } from '@harbour/contracts';
import { integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { statusMachine } from '@harbour/domain';
import { stamps } from '../../src/db/schema/columns.js';
import { stores } from '../../src/db/schema/index.js';
import { registerResource } from '../../src/http/resource.js';
import { tableService } from '../../src/platform/table-service.js';
import type { ResourceService } from '../../src/platform/resource-service.js';
import { changeStatus } from '../../src/platform/status-change.js';
import { withTx } from '../../src/platform/tx.js';

/**
 * A store-owned master-data resource that exists only in tests, to drive `registerResource` and `tableService` the way
 * modules do: its table is created in the test file's own database.
 */
export const probeItems = pgTable('probe_items', {
  id: serial('id').primaryKey(),
  storeId: integer('store_id').notNull().references(() => stores.id),
  name: varchar('name', { length: 32 }).notNull().unique(),
  amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
  state: varchar('state', { length: 16 }).notNull().default('open'),
  ...stamps,
});

export const PROBE_TABLES_SQL = `
  create table probe_items (
    id serial primary key, store_id integer not null references stores(id),
    name varchar(32) not null unique, amount numeric(16,2) not null default 0, state varchar(16) not null default 'open',
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(), created_by integer);
  select harbour_store_owned('probe_items');
  create table probe_refs (id serial primary key, item_id integer not null references probe_items(id));`;

/** The probe's life cycle: an item is closed and reopened through the domain's status table. */
export const PROBE_STATUS = statusMachine<'open' | 'closed', 'close' | 'reopen'>([
  { from: 'open', action: 'close', to: 'closed', note: 'closed' },
  { from: 'closed', action: 'reopen', to: 'open', note: 'reopened' },
]);

export const createProbeTables = (pool: pg.Pool) => pool.query(PROBE_TABLES_SQL);

const item = z.object({ id: z.number().int(), storeId: z.number().int(), name: z.string(), amount: z.string(), state: z.string(), createdAt: z.string() });
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
  example: { name: 'example', amount: '12.30' },
  actions: {
    close: { permission: 'loan.edit', label: 'close', summary: 'Close a probe item', message: 'success.statusChanged', confirm: true },
    reopen: { permission: 'loan.edit', label: 'reopen', summary: 'Reopen a probe item', message: 'success.statusChanged' },
  },
});

const toItem = (r: Record<string, unknown>) => ({
  id: r.id as number,
  storeId: r.storeId as number,
  name: r.name as string,
  amount: r.amount as string,
  state: r.state as string,
  createdAt: (r.createdAt as Date).toISOString(),
});

const probeStatus = { table: probeItems, id: probeItems.id, status: probeItems.state, storeColumn: probeItems.storeId, machine: PROBE_STATUS, module: 'probe' };

/** The probe's service: the table-backed default plus its two status actions. */
export const probeService: ResourceService<typeof probeResource> = {
  ...tableService(probeResource, {
    table: probeItems,
    id: probeItems.id,
    storeColumn: probeItems.storeId,
    columns: { id: probeItems.id, name: probeItems.name, amount: probeItems.amount, createdAt: probeItems.createdAt },
    toItem,
    toInsert: (input) => ({ name: input.name, amount: input.amount }),
  }),
  actions: {
    close: (ctx, id) => withTx(ctx, async (tx) => toItem((await changeStatus(tx, ctx, probeStatus, id, 'close')).after)),
    reopen: (ctx, id) => withTx(ctx, async (tx) => toItem((await changeStatus(tx, ctx, probeStatus, id, 'reopen')).after)),
  },
};

export function probeModule(app: FastifyInstance) {
  registerResource(app, probeResource, probeService);
}
