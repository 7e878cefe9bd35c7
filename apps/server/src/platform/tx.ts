import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.js';

/** Which request a transaction belongs to, so `audit(tx, …)` knows the staff, store and address. */
const owners = new WeakMap<object, FastifyRequest>();

export const requestOf = (tx: Tx): FastifyRequest | undefined => owners.get(tx);

/**
 * Runs `fn` in one transaction on behalf of `req`. Every change of a request goes through here,
 * with its audit row, so the change and its audit entry commit or roll back together.
 */
export function withTx<T>(req: FastifyRequest, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return req.server.db.transaction(async (tx) => {
    owners.set(tx, req);
    return fn(tx);
  });
}
