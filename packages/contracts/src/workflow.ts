import type { LoanAction } from '@harbour/domain';
import type { z } from 'zod';
import type { AuditAction } from './audit.js';
import type { PermissionDef } from './permission-def.js';

/**
 * A workflow action on one loan (docs/server-conventions.md → Workflow actions): a money event or
 * a status change — transfer to an OCA agent, write-off, recovery, early settlement, a temporary
 * amount applied… The declaration is the action's one description: its URL, body and answer, the
 * permission key that guards it (and, through `workflowPermissions`, the key's catalogue entry),
 * the loan statuses it is allowed in (from the domain's one status table), the audit row's action
 * and the success message. The server serves it with `registerWorkflow` (apps/server/src/http/workflow.ts),
 * and lists answer which of them a loan allows the caller (`nextActions`).
 */
export interface LoanActionDecl<N extends string = string, K extends string = string, B extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  /** The action's name: what `nextActions` carry, and the web's label `actions.<name>`. */
  name: N;
  method: 'POST';
  /** Under the API base, e.g. `/collection/transfers`; the loan is the body's `loanId` unless the server finds it itself. */
  path: string;
  /** The catalogue key that guards the route. */
  permission: K;
  body: B;
  /** Schema of `data` in the success envelope. */
  answer: A;
  /**
   * The status transition the action makes, a row of `LOAN_TRANSITIONS`: the action is allowed
   * exactly in the statuses `LOAN_STATUS.allowed` gives it. Left out with `offeredWhere` for an
   * action that changes the status only sometimes (a recovery completes a loan when it pays all).
   */
  statusAction?: LoanAction;
  /**
   * For an action that is no transition of its own: allowed in the statuses where the status table
   * allows one of these actions (a recovery: where the loan can be recalled from its agent or
   * recovered from its write-off — with the agent or written off).
   */
  offeredWhere?: readonly LoanAction[];
  /**
   * The refusal (an i18n message key, given `{ status }`) when the status does not allow the action;
   * default the domain's `INVALID_STATUS_TRANSITION`.
   */
  refusal?: string;
  /** The audit row's action when the handler's own event row does not say more (one row a request). */
  audit: AuditAction;
  /** The body carries an `idempotencyKey`: a retry under it answers the first answer and changes nothing. */
  idempotent?: boolean;
  /** i18n key of the success message. */
  message: string;
  /** One line for the API docs. */
  summary: string;
}

export type AnyLoanActionDecl = LoanActionDecl<string, string, z.ZodType, z.ZodType>;

/**
 * Declares a workflow action; the literal types of its name, key and idempotency are kept (the
 * server's registration then asks an idempotent action for its retry). Only a body with an
 * `idempotencyKey` may be idempotent.
 */
export function defineLoanAction<const N extends string, const K extends string, B extends z.ZodType, A extends z.ZodType, const I extends boolean = false>(
  decl: Omit<LoanActionDecl<N, K, B, A>, 'idempotent'> & { idempotent?: z.output<B> extends { idempotencyKey: string } ? I : false },
): Omit<LoanActionDecl<N, K, B, A>, 'idempotent'> & { idempotent: I } {
  return { ...decl, idempotent: (decl.idempotent ?? false) as I };
}

/** Whether a loan in `status` may take the action (the status table decides; no second list). */
export function actionAllowedIn(decl: Pick<AnyLoanActionDecl, 'statusAction' | 'offeredWhere'>, status: string, allowed: (status: string) => readonly string[]): boolean {
  const here = allowed(status);
  if (decl.statusAction) return here.includes(decl.statusAction);
  if (decl.offeredWhere) return decl.offeredWhere.some((a) => here.includes(a));
  return true;
}

/** The catalogue's `api` entries of the actions a key guards, as `POST /collection/transfers`. */
export function workflowApis(decls: readonly AnyLoanActionDecl[], key: string): string[] {
  return decls.filter((d) => d.permission === key).map((d) => `${d.method} ${d.path}`);
}

/**
 * One catalogue action key per distinct key the declarations name, in their order, sorted from
 * `sort`: a new action under a new key needs no line of its own in `permissions/`. `extraApi`
 * adds the key's routes that are not workflow actions (a list it needs to pick the loan).
 */
export function workflowPermissions<D extends AnyLoanActionDecl>(
  group: string,
  sort: number,
  decls: readonly D[],
  extraApi: Partial<Record<D['permission'], readonly string[]>> = {},
): PermissionDef<D['permission']>[] {
  const keys = [...new Set(decls.map((d) => d.permission as D['permission']))];
  return keys.map((key, i) => ({
    key,
    name: `shell:perm.${key}`,
    group,
    sort: sort + i,
    api: [...workflowApis(decls, key), ...((extraApi as Record<string, readonly string[] | undefined>)[key] ?? [])],
  }));
}

/** The declaration of `name` among `decls` (a module registers each by name, not by position). */
export function loanAction<D extends AnyLoanActionDecl, N extends D['name']>(decls: readonly D[], name: N): Extract<D, { name: N }> {
  const found = decls.find((d) => d.name === name);
  if (!found) throw new Error(`no workflow action ${name}`);
  return found as Extract<D, { name: N }>;
}
