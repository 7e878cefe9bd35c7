import type { LoanBlacklistCheck, LoanBlacklistHit, LoanChoices } from '@harbour/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, referralAgents } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ServiceContext } from '../../platform/context.js';
import { answerMasking, masked } from '../../platform/masking.js';
import { withReadTx } from '../../platform/tx.js';
import { LOOKUP_AREAS, guardNumberLookup, numberFilter } from '../../platform/number-lookup.js';
import { blacklistHits } from '../blacklist/hits.js';

type CustomerRow = typeof customers.$inferSelect;
const MOBILES = ['mobile1', 'mobile2', 'mobile3'] as const;

/**
 * The blacklist hits of customers, field by field: a customer marked black in the register, and
 * each of their ID number and mobiles that is on the blacklist (`blacklistHits`: exact match on the
 * normal forms). Values are masked to `visibleDigits`. Submission (`loanService.actions.submit`)
 * blocks on the same hits the form warns of.
 */
export async function customerBlacklistHits(tx: Tx, people: readonly CustomerRow[], visibleDigits: number): Promise<LoanBlacklistHit[]> {
  const out: LoanBlacklistHit[] = [];
  for (const c of people) {
    const hit = (field: LoanBlacklistHit['field'], value: string | null) => out.push({ customerId: c.id, name: c.name, field, value: masked(value, { visibleDigits }) });
    if (c.listStatus === 'black') hit('listStatus', null);
    if ((await blacklistHits(tx, { idNumbers: [c.idNumber], phones: [] }, { visibleDigits })).length > 0) hit('idNumber', c.idNumber);
    for (const m of MOBILES) {
      const phone = c[m];
      if (phone && (await blacklistHits(tx, { idNumbers: [], phones: [phone] }, { visibleDigits })).length > 0) hit(m, phone);
    }
  }
  return out;
}

/**
 * `POST /loans/blacklistCheck`: the warning of the application form while it is filled in. The
 * customers are company-wide (any store may lend to them), so any id of the register is checked;
 * an id that is not in it answers 404. Typed numbers are checked as typed; every value answered is
 * masked to the "visible tel. no." digits.
 */
export async function checkApplicationBlacklist(ctx: ServiceContext, body: LoanBlacklistCheck): Promise<{ hits: LoanBlacklistHit[] }> {
  // Typed numbers are looked up on the blacklist: a number lookup (customers chosen by id are not).
  await guardNumberLookup(ctx, LOOKUP_AREAS.blacklist, 'POST /loans/blacklistCheck', [
    ...body.typed.map((t) => numberFilter('idNumber', t.idNumber)),
    ...body.typed.map((t) => numberFilter('phone', t.phone)),
  ]);
  return withReadTx(ctx, async (tx) => {
    const { visibleDigits: visibleTelDigits } = await answerMasking(tx);
    const ids = [...new Set(body.customerIds)];
    const people = ids.length ? await tx.select().from(customers).where(inArray(customers.id, ids)) : [];
    if (people.length !== ids.length) throw notFound();
    const ordered = ids.map((id) => people.find((p) => p.id === id)!);
    const hits = await customerBlacklistHits(tx, ordered, visibleTelDigits);
    for (const typed of body.typed) {
      const checks = [
        { field: 'idNumber' as const, value: typed.idNumber, numbers: { idNumbers: [typed.idNumber ?? ''], phones: [] } },
        { field: 'phone' as const, value: typed.phone, numbers: { idNumbers: [], phones: [typed.phone ?? ''] } },
      ];
      for (const c of checks) {
        if (!c.value?.trim()) continue;
        if ((await blacklistHits(tx, c.numbers, { visibleDigits: visibleTelDigits })).length > 0) {
          hits.push({ customerId: null, name: typed.name, field: c.field, value: masked(c.value.trim(), { visibleDigits: visibleTelDigits }) });
        }
      }
    }
    return { hits };
  });
}

/** `GET /loans/choices`: the referral agents in service, id and name in the caller's language. */
export function applicationChoices(ctx: ServiceContext): Promise<LoanChoices> {
  return withReadTx(ctx, async (tx) => {
    const rows = await tx
      .select({ id: referralAgents.id, nameZh: referralAgents.nameZh, nameEn: referralAgents.nameEn })
      .from(referralAgents)
      .where(eq(referralAgents.state, 'normal'))
      .orderBy(asc(referralAgents.id));
    return { referralAgents: rows.map((r) => ({ id: r.id, name: ctx.lang === 'en' && r.nameEn ? r.nameEn : r.nameZh })) };
  });
}
