import type { PermissionKey } from '@harbour/contracts';
import { classifySearch } from '@harbour/domain';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { audit } from './audit.js';
import { may, type ServiceContext } from './context.js';
import { maskedAuditValue } from './masking.js';
import { readSettings } from './settings.js';
import { tooManyRequests } from './errors.js';
import { withTx } from './tx.js';

/**
 * Searching by a whole ID number or phone is a disclosure (issue 26): a masked number `****4514`
 * and a search that answers "found" or "not found" spell the number out in a few thousand tries.
 * Every search, filter or duplicate check that matches an ID number or phone column goes through
 * this one guard:
 *
 * - the search is audited as a `lookup` (module: the area, `after`: the route, the filter and its
 *   value masked like every audit copy), whoever asks;
 * - a caller without the area's reveal key (`persona.reveal`, `staff.reveal`, `blacklist.reveal`,
 *   `member.reveal`) may run at most `numberLookupsPerHour` (a setting; 0 = none) such searches in
 *   the last hour; past that the search is refused (429) BEFORE the number is looked at, so the
 *   refusal is the same whether the number exists or not (and is audited too, `refused: true`);
 * - numbers match whole (`classifySearch`, the filters' normal forms); the one part matched is 4–7
 *   digits of a phone in a search box (`phonePart` of the domain), and only among the customers and
 *   loans of the caller's own store, with every number found shown masked: it names no whole
 *   number, so it is not counted here, and it reaches no customer the caller's store does not serve.
 *
 * Which customers a number search may find for a one-store caller is the area's rule
 * (`customerNumberScope` in modules/customers); this file only counts and audits.
 */
export interface LookupArea {
  /** The audit rows' module: 'customers', 'staff', 'blacklist', 'members'. */
  module: string;
  /** The key that makes the caller a holder of whole numbers: searched freely, still audited. */
  revealKey: PermissionKey;
}

/**
 * The areas whose numbers are searched, with their reveal keys. Members have no reveal of their own:
 * a member's mobile is a customer's number, so `persona.reveal` frees their search too.
 */
export const LOOKUP_AREAS = {
  customers: { module: 'customers', revealKey: 'persona.reveal' },
  staff: { module: 'staff', revealKey: 'staff.reveal' },
  blacklist: { module: 'blacklist', revealKey: 'blacklist.reveal' },
  members: { module: 'members', revealKey: 'persona.reveal' },
} as const satisfies Record<string, LookupArea>;

/** One number searched for: which filter ('q', 'idNumber', 'phone', 'mobile') and its value. */
export interface NumberTerm {
  filter: string;
  value: string;
}

/** Number lookups one staff member may run per hour are counted over this window. */
const WINDOW = sql`now() - interval '1 hour'`;
/** Advisory lock class of the per-staff counter, so parallel requests cannot all pass the count. */
const LOOKUP_LOCK = 0x5ea_0100;

/**
 * The number a free-text search box would match in an ID number or phone column, or null when the
 * text is matched as a name or record number only (`classifySearch`: HKID and passport shapes with
 * or without brackets and spaces, 8+ digit phones with or without the country code).
 */
export function numberInText(filter: string, text: string | undefined | null): NumberTerm | null {
  if (!text?.trim()) return null;
  const s = classifySearch(text);
  return s.kind === 'text' ? null : { filter, value: s.value };
}

/** A whole-number filter's term (exact match on its normal form), or null when the filter is empty. */
export function numberFilter(filter: string, value: string | undefined | null): NumberTerm | null {
  return value?.trim() ? { filter, value: value.trim() } : null;
}

const terms = (list: readonly (NumberTerm | null)[]) => list.filter((t): t is NumberTerm => t !== null);

/** Whether the caller searches numbers without a limit (a holder of the reveal key, or a job). */
const unlimited = (ctx: ServiceContext, area: LookupArea) => !ctx.auth || may(ctx, area.revealKey);

/** Lookups the caller ran in the last hour (refused ones not counted). */
async function lookupsThisHour(tx: Tx, staffId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.staffId, staffId),
        eq(auditLog.action, 'lookup'),
        gt(auditLog.createdAt, WINDOW),
        sql`coalesce(${auditLog.after} ->> 'refused', 'false') <> 'true'`,
      ),
    );
  return row?.n ?? 0;
}

/** The refusal of a caller past the limit: it names the limit, never the number or whether it exists. */
const refusal = (limit: number) => (limit === 0 ? tooManyRequests('errors.numberLookupOff') : tooManyRequests('errors.numberLookupLimit', { limit }));

/**
 * Counts, audits and allows (or refuses) a search by the given numbers. Call it BEFORE running the
 * search; with no number among `candidates` it does nothing. The audit row is written in its own
 * transaction (a refused request's transaction is rolled back, the row must stay).
 */
export async function guardNumberLookup(ctx: ServiceContext, area: LookupArea, route: string, candidates: readonly (NumberTerm | null)[]): Promise<void> {
  const found = terms(candidates);
  if (found.length === 0 || !ctx.auth) return;
  const free = unlimited(ctx, area);
  const limit = await withTx(ctx, async (tx) => {
    const staffId = ctx.auth!.staffId;
    let refusedAt: number | null = null;
    if (!free) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOOKUP_LOCK}, ${staffId})`);
      const { numberLookupsPerHour } = await readSettings(tx, ['numberLookupsPerHour']);
      if ((await lookupsThisHour(tx, staffId)) >= numberLookupsPerHour) refusedAt = numberLookupsPerHour;
    }
    await audit(tx, {
      action: 'lookup',
      module: area.module,
      reference: route,
      after: {
        route,
        filters: found.map((t) => ({ filter: t.filter, value: maskedAuditValue(t.value) })),
        reveal: free,
        ...(refusedAt === null ? {} : { refused: true }),
      },
    });
    return refusedAt;
  });
  if (limit !== null) throw refusal(limit);
}

/**
 * For a check that looks numbers up as a side effect (a duplicate check on create or update): refuses
 * a caller already at the limit before the check runs — whatever the numbers, so the refusal tells
 * nothing — without counting anything. `recordNumberLookup` then counts the check.
 */
export async function assertNumberLookupAllowed(tx: Tx, ctx: ServiceContext, area: LookupArea): Promise<void> {
  if (unlimited(ctx, area)) return;
  const { numberLookupsPerHour } = await readSettings(tx, ['numberLookupsPerHour']);
  if ((await lookupsThisHour(tx, ctx.auth!.staffId)) >= numberLookupsPerHour) throw refusal(numberLookupsPerHour);
}

/**
 * Counts and audits a lookup made as part of a write (a save's duplicate and blacklist checks), in
 * its own transaction so it stays when the request is rolled back. A customer or blacklist save
 * counts whatever its check finds (a miss answers as much as a hit); a staff save, an
 * administrator's, counts the clashes it names.
 */
export async function recordNumberLookup(ctx: ServiceContext, area: LookupArea, route: string, candidates: readonly (NumberTerm | null)[]): Promise<void> {
  const found = terms(candidates);
  if (found.length === 0 || !ctx.auth) return;
  await withTx(ctx, (tx) =>
    audit(tx, {
      action: 'lookup',
      module: area.module,
      reference: route,
      after: { route, filters: found.map((t) => ({ filter: t.filter, value: maskedAuditValue(t.value) })), reveal: unlimited(ctx, area), duplicateCheck: true },
      alongside: true,
    }),
  );
}
