import type { ApprovalRequested, FourEyesKind } from '@harbour/contracts';
import type { FastifyRequest } from 'fastify';
import { contextOf } from '../platform/context.js';
import { isControlled, requestApproval } from '../platform/four-eyes.js';

/** A controlled action's answer when its request was recorded instead: `route()` sends it as 202. */
export class FourEyesDeferred {
  constructor(readonly answer: ApprovalRequested) {}
}

/**
 * The route's side of four eyes, called after the body is validated: when the company controls
 * `kind`, the action is dry-run and its request recorded (`requestApproval`) and the route answers
 * 202 with the request; null when the kind is not controlled — the route then acts as it always did.
 */
export async function deferIfControlled(req: FastifyRequest, kind: FourEyesKind, payload: unknown): Promise<FourEyesDeferred | null> {
  const ctx = contextOf(req);
  if (!(await isControlled(ctx.db, kind))) return null;
  return new FourEyesDeferred(await requestApproval(ctx, kind, payload));
}
