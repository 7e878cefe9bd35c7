import {
  API_BASE,
  COLLECTION_CONTACTS_CANCEL_PATH,
  COLLECTION_CONTACTS_PATH,
  COLLECTION_DESK_EXPORT_PATH,
  COLLECTION_DESK_PATH,
  COLLECTION_PERMISSIONS,
  type DeskQuery,
  contactCancelBodySchema,
  contactCreateSchema,
  contactEntrySchema,
  contactListSchema,
  contactsQuerySchema,
  deskPageSchema,
  deskQuerySchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { deskWorkbook } from './collection-xlsx.js';
import { cancelContact, loanContacts, logContact } from './contacts.js';
import { exportDesk, listDesk } from './desk.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The collector's desk (docs/collection.md): a loan's contact log, logging a contact and cancelling
 * a wrong one, and the desk's lists with their export. Collection-level routes: the loan is the
 * query's or body's `loanId`, found under the caller's store scope by the service (404 otherwise).
 */
export function collectorDeskRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: COLLECTION_CONTACTS_PATH,
    permission: COLLECTION_PERMISSIONS.view,
    summary: "A loan's contact log, oldest first, each promise to pay judged as of today",
    tags: ['collection'],
    querystring: contactsQuerySchema,
    response: contactListSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => loanContacts(tx, ctx, req.query.loanId));
    },
  });
  route(app, {
    method: 'POST',
    url: COLLECTION_CONTACTS_PATH,
    permission: COLLECTION_PERMISSIONS.log,
    summary: 'Log a contact with the borrower of a loan (call, SMS, visit, letter), with a promise to pay when one was made',
    tags: ['collection'],
    body: contactCreateSchema,
    response: contactEntrySchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const entry = await withTx(ctx, (tx) => logContact(tx, ctx, req.body));
      succeed(req, 'collection.success.contactLogged');
      return entry;
    },
  });
  route(app, {
    method: 'POST',
    url: COLLECTION_CONTACTS_CANCEL_PATH,
    permission: COLLECTION_PERMISSIONS.log,
    summary: 'Cancel a wrong contact by a new entry naming it, with the reason (the log is never edited)',
    tags: ['collection'],
    body: contactCancelBodySchema,
    response: contactEntrySchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const entry = await withTx(ctx, (tx) => cancelContact(tx, ctx, req.body));
      succeed(req, 'collection.success.contactCancelled');
      return entry;
    },
  });
  route(app, {
    method: 'GET',
    url: COLLECTION_DESK_PATH,
    permission: COLLECTION_PERMISSIONS.view,
    summary: "The collector's desk: the work queue of overdue loans, the promises due today or the broken promises, paged",
    tags: ['collection'],
    querystring: deskQuerySchema,
    response: deskPageSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => listDesk(tx, ctx, req.query), { snapshot: true });
    },
  });
  // Answers the file itself, not an envelope; errors still answer the error envelope.
  app.route<{ Querystring: DeskQuery }>({
    method: 'GET',
    url: `${API_BASE}${COLLECTION_DESK_EXPORT_PATH}`,
    config: { permission: COLLECTION_PERMISSIONS.view },
    schema: { summary: "A list of the collector's desk, of the same filters and sort, as an xlsx workbook", tags: ['collection'], querystring: deskQuerySchema },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      const query = deskQuerySchema.parse(req.query);
      const { rows, today } = await withReadTx(ctx, (tx) => exportDesk(tx, ctx, query));
      const file = await deskWorkbook(req.lang, query.view, rows);
      return reply.type(XLSX).header('content-disposition', `attachment; filename="collector-desk-${query.view}-${today}.xlsx"`).send(file);
    },
  });
}
