import type { BlacklistCheck, blacklistResource } from '@harbour/contracts';
import type { ServiceContext } from '../../platform/context.js';
import type { ResourceService } from '../../platform/resource-service.js';
import { withTx } from '../../platform/tx.js';
import { LOOKUP_AREAS, guardNumberLookup, numberFilter } from '../../platform/number-lookup.js';
import { blacklistHits } from './hits.js';
import { getBlacklist, listBlacklist } from './read.js';
import { createBlacklist, removeBlacklist, revealBlacklistField, updateBlacklist } from './write.js';

/**
 * Blacklist (spec §2 BlackList, §3): list, view, add, edit, remove and the audited reveal of a
 * whole number. Company-wide (no store scope). Every answer and audit row carries the numbers
 * masked; a duplicate number answers 409 without naming the row that holds it.
 */
export const blacklistService: ResourceService<typeof blacklistResource> = {
  list: listBlacklist,
  get: getBlacklist,
  create: (ctx, input) => withTx(ctx, (tx) => createBlacklist(tx, ctx, input)),
  update: (ctx, id, input) => withTx(ctx, (tx) => updateBlacklist(tx, ctx, id, input)),
  remove: (ctx, id) => withTx(ctx, (tx) => removeBlacklist(tx, ctx, id)),
  actions: {
    reveal: (ctx, id, body) => withTx(ctx, (tx) => revealBlacklistField(tx, id, body.field)),
  },
};

/**
 * `POST /blacklist/check`: the hits of the numbers typed into a form, masked; changes nothing. Each
 * call is a number lookup (`platform/number-lookup.ts`): audited, and limited per hour for a caller
 * without `blacklist.reveal`.
 */
export async function checkBlacklist(ctx: ServiceContext, body: BlacklistCheck) {
  await guardNumberLookup(ctx, LOOKUP_AREAS.blacklist, 'POST /blacklist/check', [
    ...body.idNumbers.map((v) => numberFilter('idNumber', v)),
    ...body.phones.map((v) => numberFilter('phone', v)),
  ]);
  return { hits: await blacklistHits(ctx.db, body) };
}
