import type { staffResource } from '@harbour/contracts';
import type { ResourceService } from '../../platform/resource-service.js';
import { withTx } from '../../platform/tx.js';
import { getStaff, listStaff } from './read.js';
import { createStaff, revealStaffField, setStaffState, unlockStaff, updateStaff } from './write.js';

/**
 * Staff administration (spec "Admin list"): list, view, create, edit, and the item actions
 * forbid/restore, reveal and unlock. Every function keeps the caller to the staff of their
 * store scope (another store's answer 404) and to staff who hold nothing beyond the caller
 * (`assertMayManage`); writes check duplicates without becoming a lookup service, and every
 * change and reveal writes its audit row with the personal numbers masked.
 */
export const staffService: ResourceService<typeof staffResource> = {
  list: listStaff,
  get: getStaff,
  create: (ctx, input) => withTx(ctx, (tx) => createStaff(tx, ctx, input)),
  update: (ctx, id, input) => withTx(ctx, (tx) => updateStaff(tx, ctx, id, input)),
  actions: {
    state: (ctx, id, body) => withTx(ctx, (tx) => setStaffState(tx, ctx, id, body.state)),
    reveal: (ctx, id, body) => withTx(ctx, (tx) => revealStaffField(tx, ctx, id, body.field)),
    unlock: (ctx, id) => withTx(ctx, (tx) => unlockStaff(tx, ctx, id)),
  },
};
