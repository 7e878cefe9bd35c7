import {
  ACCESS_IP_SWITCH_KEY,
  accessIpSettingSchema,
  accessIpsResource,
  type AccessIpCreate,
  type AccessIpItem,
  type PermissionKey,
} from '@harbour/contracts';
import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { accessIps, settings, staff } from '../../db/schema/index.js';
import { badRequest, businessRule } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { accessIpsEnabled } from '../../http/auth-hook.js';
import { registerResource } from '../../http/resource.js';
import { tableService } from '../../platform/table-service.js';
import type { ServiceContext } from '../../platform/context.js';
import { ipAllowed } from '../../http/ip-match.js';
import { route, succeed } from '../../http/route.js';
import { withTx } from '../../platform/tx.js';

type AccessIpRow = typeof accessIps.$inferSelect;

const SETTING_PERMISSION: PermissionKey = 'system.accessIps.setting';

const toItem = (r: AccessIpRow): AccessIpItem => ({
  id: r.id,
  address: r.address,
  staffId: r.staffId,
  remarks: r.remarks,
  createdAt: r.createdAt.toISOString(),
});

/**
 * While the list applies, a change that would leave the caller's own address outside it (the
 * global entries, or the caller's personal ones) is refused: the administrator would be locked
 * out by their own edit. `change` turns the current entries into the entries after the edit.
 */
async function guardLockout(db: DbOrTx, ctx: ServiceContext | FastifyRequest, change: (rows: AccessIpRow[]) => AccessIpRow[]) {
  if (!(await accessIpsEnabled(db))) return;
  const after = change(await db.select().from(accessIps));
  const me = ctx.auth!.staffId;
  const ip = ctx.ip ?? '';
  for (const list of [after.filter((r) => r.staffId === null), after.filter((r) => r.staffId === me)]) {
    if (list.length > 0 && !ipAllowed(ip, list.map((r) => r.address))) throw businessRule('admin.ipLockout');
  }
}

/** The owner of a per-staff entry must exist (a field error, not a bare reference conflict). */
async function toColumns(input: AccessIpCreate, ctx: ServiceContext, tx: DbOrTx, id: number | null) {
  if (input.staffId !== null) {
    const [owner] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, input.staffId));
    if (!owner) throw badRequest('errors.validation', [{ field: 'staffId', message: 'admin.unknownStaff' }]);
  }
  const values = { address: input.address, staffId: input.staffId, remarks: input.remarks };
  await guardLockout(tx, ctx, (rows) => [
    ...rows.filter((r) => r.id !== id),
    { ...values, id: id ?? 0, createdAt: new Date(), updatedAt: new Date(), createdBy: null },
  ]);
  return values;
}

/** Access IP allowlist (spec §6 "restrict login by IP"): entries and the switch that applies them. */
export function accessIpsModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/accessIps/setting',
    permission: SETTING_PERMISSION,
    summary: 'Whether the access IP allowlist applies',
    tags: [accessIpsResource.name],
    response: accessIpSettingSchema,
    handler: async (req) => ({ enabled: await accessIpsEnabled(req.server.db) }),
  });

  route(app, {
    method: 'POST',
    url: '/accessIps/setting',
    permission: SETTING_PERMISSION,
    summary: 'Switch the access IP allowlist on or off',
    tags: [accessIpsResource.name],
    body: accessIpSettingSchema,
    response: accessIpSettingSchema,
    handler: async (req) => {
      const { enabled } = req.body;
      const out = await withTx(req, async (tx) => {
        const before = await accessIpsEnabled(tx);
        if (enabled) {
          // Switching on must not shut out the very caller doing it.
          const global = await tx.select({ address: accessIps.address }).from(accessIps).where(isNull(accessIps.staffId));
          if (global.length > 0 && !ipAllowed(req.ip, global.map((g) => g.address))) throw businessRule('admin.ipLockout');
        }
        await tx
          .insert(settings)
          .values({ key: ACCESS_IP_SWITCH_KEY, value: enabled, createdBy: req.auth!.staffId })
          .onConflictDoUpdate({ target: settings.key, set: { value: enabled, updatedAt: sql`now()` } });
        await audit(tx, { action: 'edit', module: accessIpsResource.name, reference: 'setting', before: { enabled: before }, after: { enabled } });
        return { enabled };
      });
      succeed(req, 'success.saved');
      return out;
    },
  });

  registerResource(
    app,
    accessIpsResource,
    tableService(accessIpsResource, {
      table: accessIps,
      id: accessIps.id,
      columns: { id: accessIps.id, address: accessIps.address, staffId: accessIps.staffId, createdAt: accessIps.createdAt },
      toItem: (row) => toItem(row as AccessIpRow),
      toInsert: (input, ctx, tx) => toColumns(input, ctx, tx, null),
      toUpdate: (input, ctx, before, tx) => toColumns(input, ctx, tx, (before as AccessIpRow).id),
      beforeDelete: (tx, row, ctx) => guardLockout(tx, ctx, (rows) => rows.filter((r) => r.id !== (row as AccessIpRow).id)),
    }),
  );
}

