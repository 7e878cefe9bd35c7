/**
 * The SMS provider and the daily schedule (one row of `sms_gateway`): read with the secrets as
 * "set" flags only, saved with one audit row that never holds a secret.
 */
import type { SmsGateway, SmsProviderName, smsGatewayInputSchema } from '@harbour/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { smsGateway } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import { businessRule } from '../../platform/errors.js';
import { outboundRefusal, type OutboundPolicy } from '../../platform/outbound-address.js';
import type { ServiceContext } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';

export type GatewayRow = typeof smsGateway.$inferSelect;

/** The row (created with its defaults when missing). */
export async function gatewayRow(db: DbOrTx): Promise<GatewayRow> {
  const [row] = await db.select().from(smsGateway).where(eq(smsGateway.id, 1));
  if (row) return row;
  const [made] = await db.insert(smsGateway).values({ id: 1 }).onConflictDoUpdate({ target: smsGateway.id, set: { id: sql`excluded.id` } }).returning();
  return made!;
}

/** What the API shows: never the password or token. */
export const publicGateway = (r: GatewayRow): SmsGateway => ({
  provider: r.provider as SmsProviderName,
  url: r.url,
  username: r.username,
  senderId: r.senderId,
  hasPassword: !!r.password,
  hasToken: !!r.token,
  timeoutMs: r.timeoutMs,
  ratePerSecond: r.ratePerSecond,
  scheduleEnabled: r.scheduleEnabled,
  scheduleTime: r.scheduleTime,
  scheduleLastRun: r.scheduleLastRun,
});

export const readGateway = (ctx: ServiceContext) => withReadTx(ctx, async (tx) => publicGateway(await gatewayRow(tx)));

/** Saves the gateway; a secret left out keeps the saved one, an empty one clears it. */
export async function saveGateway(ctx: ServiceContext, input: z.output<typeof smsGatewayInputSchema>, policy: OutboundPolicy): Promise<SmsGateway> {
  // an internal address or plain http is refused here, and again before every send
  const refused = input.provider === 'http' && input.url ? await outboundRefusal(input.url, policy) : null;
  if (refused) throw businessRule(refused === 'insecure' ? 'reminders.gatewayInsecure' : 'reminders.gatewayInternal');
  return withTx(ctx, async (tx) => {
    await gatewayRow(tx);
    const [before] = await tx.select().from(smsGateway).where(eq(smsGateway.id, 1)).for('update');
    const { password, token, ...rest } = input;
    const [after] = await tx
      .update(smsGateway)
      .set({
        ...rest,
        ...(password === undefined ? {} : { password: password || null }),
        ...(token === undefined ? {} : { token: token || null }),
        updatedAt: new Date(),
      })
      .where(eq(smsGateway.id, 1))
      .returning();
    await audit(tx, { action: 'edit', module: 'smsGateway', reference: 1, before: publicGateway(before!), after: publicGateway(after!) });
    return publicGateway(after!);
  });
}
