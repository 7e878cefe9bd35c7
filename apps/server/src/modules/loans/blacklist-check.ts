/**
 * The blacklist at every step that moves an application towards money (issue 26): submission,
 * approval and payout. A borrower or partaker who is blacklisted — a black customer, or one whose ID
 * number or any mobile is on the blacklist, however late it was added — stops the step unless a
 * staff member holding `loan.blacklistOverride` gives a reason; the reason and who was hit go into
 * the step's own audit row.
 */
import type { PermissionKey } from '@harbour/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, loanPartakers } from '../../db/schema/index.js';
import { may, type ServiceContext } from '../../platform/context.js';
import { businessRule, forbidden } from '../../platform/errors.js';
import type { LoanRow } from '../loan-core/row.js';
import { customerBlacklistHits } from './form-support.js';

/** The permission that lets a manager go ahead despite a blacklist hit, with a reason. */
const BLACKLIST_OVERRIDE_PERMISSION: PermissionKey = 'loan.blacklistOverride';

/** Who of an application's people is blacklisted, each once (`customerBlacklistHits`, the hits the form warns of). */
async function blacklistedPeople(tx: Tx, loan: LoanRow): Promise<{ id: number; name: string }[]> {
  const partakers = await tx.select({ id: loanPartakers.customerId }).from(loanPartakers).where(eq(loanPartakers.loanId, loan.id));
  const ids = [loan.customerId, ...partakers.map((p) => p.id)];
  const people = await tx.select().from(customers).where(inArray(customers.id, ids));
  const hits = await customerBlacklistHits(tx, people, 0);
  return people.filter((c) => hits.some((h) => h.customerId === c.id)).map((c) => ({ id: c.id, name: c.name }));
}

/** What the step's audit row records of an override (nothing when no one is blacklisted). */
export type BlacklistOverride = { blacklistOverride: string; blacklisted: number[] } | null;

/**
 * Refuses the step while anyone on the application is blacklisted (422 naming them), unless
 * `reason` is given by a holder of the override key (403 otherwise); answers the override to audit.
 */
export async function checkBlacklist(tx: Tx, ctx: ServiceContext, loan: LoanRow, reason: string | null | undefined): Promise<BlacklistOverride> {
  const hits = await blacklistedPeople(tx, loan);
  if (hits.length === 0) return null;
  if (!reason) throw businessRule('loans.errors.blacklisted', { names: hits.map((h) => h.name).join(', ') });
  if (!may(ctx, BLACKLIST_OVERRIDE_PERMISSION)) throw forbidden('loans.errors.overrideNotAllowed');
  return { blacklistOverride: reason, blacklisted: hits.map((h) => h.id) };
}
