import { actionAllowedIn, type AnyLoanActionDecl, type PermissionKey } from '@harbour/contracts';
import { LOAN_STATUS, type LoanStatus } from '@harbour/domain';
import { workflowRegistrar } from '../../http/workflow.js';
import { may, type ServiceContext } from '../../platform/context.js';
import { loanRow } from './row.js';

/**
 * Registers a workflow action on a loan (`defineLoanAction`): the loan locked in the caller's
 * store scope, its status checked against the domain's one status table (`LOAN_STATUS`), audit
 * rows of module `loans` when the handler writes none of its own.
 */
export const registerLoanAction = workflowRegistrar({
  module: 'loans',
  lock: (tx, ctx, id) => loanRow(tx, ctx, id, { lock: true }),
  reference: (loan) => loan.loanNo ?? loan.applyNo,
  allowed: (status) => LOAN_STATUS.allowed(status as LoanStatus),
});

/**
 * The actions of `decls` a loan in `status` allows AND the caller holds the key for — what a
 * list offers as buttons, decided by the same declarations and status table as the routes. An
 * action with no status rule (a recovery's void, reached from the recovery) is no step of the loan.
 */
export function loanNextActions<D extends AnyLoanActionDecl>(ctx: ServiceContext, decls: readonly D[], status: string): D['name'][] {
  const allowed = (s: string) => LOAN_STATUS.allowed(s as LoanStatus);
  return decls
    .filter((d) => (d.statusAction !== undefined || d.offeredWhere !== undefined) && may(ctx, d.permission as PermissionKey) && actionAllowedIn(d, status, allowed))
    .map((d) => d.name);
}
