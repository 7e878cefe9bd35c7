import { PERMISSION_KEYS, actionAllowedIn, type AnyLoanActionDecl, type ApprovalChange, type FourEyesKind, type PermissionKey } from '@harbour/contracts';
import { DomainError } from '@harbour/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../db/client.js';
import { audit } from '../platform/audit.js';
import { contextOf, type ServiceContext } from '../platform/context.js';
import { auditRowsIn, ensureScope, withTx } from '../platform/tx.js';
import { controlledAction } from '../platform/four-eyes.js';
import { deferIfControlled } from './four-eyes.js';
import { businessRule } from '../platform/errors.js';
import { route, succeed } from './route.js';

/** What a workflow acts on: a row with a status, found and locked in the caller's store scope. */
export interface WorkflowSubject<R extends { id: number; storeId: number; status: string }> {
  /** The audit module of the declared audit row. */
  module: string;
  /** The row locked for the transaction (FOR UPDATE) in the caller's store scope; 404 when not visible. */
  lock: (tx: Tx, ctx: ServiceContext, id: number) => Promise<R>;
  /** What a four-eyes checker reads as the subject (the loan's number). */
  reference: (row: R) => string | null;
  /** The actions the one status table allows in a status. */
  allowed: (status: string) => readonly string[];
}

type Body<D extends AnyLoanActionDecl> = z.output<D['body']>;
type Answer<D extends AnyLoanActionDecl> = z.output<D['answer']>;

/** The module's part of a workflow action: the work, and where the declaration asks for them, the loan's finder and the retry's answer. */
export type WorkflowSpec<D extends AnyLoanActionDecl, R> = {
  /**
   * The action itself, in the registration's transaction under the row's lock, its status already
   * allowed: it writes the event's rows (and, where it has more to say than the declared one, its
   * own single audit row) and answers the declared answer.
   */
  handler: (tx: Tx, ctx: ServiceContext, row: R, body: Body<D>) => Promise<Answer<D>>;
  /**
   * Four eyes: the controlled action's kind. When the company controls it, the route records a
   * request (202) instead; a checker's approval runs this same registration's work.
   */
  fourEyes?: FourEyesKind;
  /** The figures the checker reads (default: the row's status before, the body after). */
  describe?: (tx: Tx, ctx: ServiceContext, row: R, body: Body<D>) => Promise<ApprovalChange>;
  /**
   * Locks the row in place of the subject's `lock`, reading with it in the same statement what the
   * action needs (a receipt's context, `harbour_receipt_context`). The route's transaction then
   * leaves its store scope to this statement (`takePendingScope`): one round trip fewer.
   */
  lockWith?: (tx: Tx, ctx: ServiceContext, id: number, body: Body<D>) => Promise<R>;
} & (Body<D> extends { loanId: number }
  ? { locate?: never }
  : {
      /** The row's id, as the body has no `loanId` (a recovery's void: from the recovery, in the store scope). */
      locate: (tx: Tx, ctx: ServiceContext, body: Body<D>) => Promise<number>;
    }) &
  (D['idempotent'] extends true
  ? {
      /**
       * The answer already given under the body's `idempotencyKey` (logging the retry as a `view`
       * audit row), null for a new key; a key reused for something else is refused (409).
       */
      retry: (tx: Tx, ctx: ServiceContext, row: R, body: Body<D>) => Promise<Answer<D> | null>;
    }
  : { retry?: never });

/**
 * Serves a declared workflow action (`defineLoanAction`, docs/server-conventions.md → Workflow
 * actions) as `POST <path>`: the auth hook checks the declared key before the body is read, the
 * body is validated, then in ONE transaction the row is locked in the caller's store scope
 * (another store's loan answers 404, like a missing one), a retry under a known idempotency key
 * answers the first answer, a status the status table does not allow the action is refused (422,
 * the declared refusal), the handler runs, and the request's one audit row is the handler's own or
 * else the declared one. The answer goes out in the envelope with the declared message.
 */
export function workflowRegistrar<R extends { id: number; storeId: number; status: string }>(subject: WorkflowSubject<R>) {
  return function registerWorkflow<D extends AnyLoanActionDecl>(app: FastifyInstance, decl: D, spec: WorkflowSpec<D, R>): void {
    if (!PERMISSION_KEYS.has(decl.permission)) throw new Error(`${decl.path}: permission ${decl.permission} is not in the catalogue (workflowPermissions in packages/contracts/src/permissions/)`);
    if (decl.idempotent && !spec.retry) throw new Error(`${decl.path}: an idempotent action needs its retry`);
    const find = async (tx: Tx, ctx: ServiceContext, body: Body<D>) => {
      if (!spec.lockWith) await ensureScope(tx);
      const id = spec.locate ? await spec.locate(tx, ctx, body) : (body as { loanId: number }).loanId;
      const row = spec.lockWith ? await spec.lockWith(tx, ctx, id, body) : await subject.lock(tx, ctx, id);
      // a lock that did not set the scope in its statement: set now, before anything else reads
      await ensureScope(tx);
      return row;
    };
    // The work of one request, in the caller's transaction: the route's, or a checker's approval.
    const run = async (tx: Tx, ctx: ServiceContext, body: Body<D>): Promise<Answer<D>> => {
      const rows = auditRowsIn(tx);
      const row = await find(tx, ctx, body);
      const again = spec.retry ? await spec.retry(tx, ctx, row, body) : null;
      if (again !== null) return again;
      if (!actionAllowedIn(decl, row.status, subject.allowed)) {
        if (decl.refusal) throw businessRule(decl.refusal, { status: row.status });
        throw new DomainError('INVALID_STATUS_TRANSITION', { from: row.status, action: decl.statusAction ?? decl.name });
      }
      const out = await spec.handler(tx, ctx, row, body);
      if (auditRowsIn(tx) === rows) await audit(tx, { action: decl.audit, module: subject.module, reference: row.id, after: { action: decl.name }, recordStores: [row.storeId] });
      // one audit row a request: more would be a handler auditing twice (rolled back here, not after the commit)
      if (auditRowsIn(tx) - rows !== 1) throw new Error(`${decl.path} wrote ${auditRowsIn(tx) - rows} audit rows instead of 1`);
      return out;
    };
    if (spec.fourEyes) {
      controlledAction<Body<D>>({
        kind: spec.fourEyes,
        permission: decl.permission as PermissionKey,
        perform: run,
        subject: async (tx, ctx, body) => {
          const row = await find(tx, ctx, body);
          return { loanId: row.id, storeId: row.storeId, reference: subject.reference(row) };
        },
        describe: async (tx, ctx, body) => {
          const row = await find(tx, ctx, body);
          if (spec.describe) return spec.describe(tx, ctx, row, body);
          const { idempotencyKey: _key, ...asked } = body as Record<string, unknown>;
          return { before: { status: row.status }, after: { action: decl.name, ...asked } };
        },
        reason: (body) => {
          const b = body as { reason?: unknown; remarks?: unknown };
          return String(b.reason ?? b.remarks ?? '').slice(0, 500);
        },
      });
    }
    route(app, {
      method: decl.method,
      url: decl.path,
      permission: decl.permission as PermissionKey,
      summary: decl.summary,
      tags: [decl.path.split('/')[1] ?? 'workflow'],
      body: decl.body,
      response: decl.answer,
      handler: async (req) => {
        const body = req.body as Body<D>;
        if (spec.fourEyes) {
          const deferred = await deferIfControlled(req, spec.fourEyes, body);
          if (deferred) return deferred;
        }
        const answer = await withTx(req, (tx) => run(tx, contextOf(req), body), { scopeInFirstStatement: spec.lockWith !== undefined && !spec.locate });
        succeed(req, decl.message);
        return answer;
      },
    });
  };
}
