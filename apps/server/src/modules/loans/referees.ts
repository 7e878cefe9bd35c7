import type { PartakerRole, RefereeConsentBody } from '@harbour/contracts';
import type { ConsentMethod } from '@harbour/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, loanPartakers } from '../../db/schema/index.js';
import { fieldError, notFound, businessRule } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { contactPhone } from '../../platform/masking.js';
import { loanCustomerOf } from '../loan-core/read.js';
import { type LoanRow } from '../loan-core/row.js';

/**
 * Referees (licensing condition 2021): a referee is a partaker of role `referee` in section B.
 * Their consent to be contacted — the date and how — is recorded on the partaker row; until it
 * is, answers withhold the referee's phone whole (`contactPhone`). Other roles are parties to the
 * loan and need no such consent.
 */
const needsConsent = (role: string) => role === 'referee';

type PartakerRow = typeof loanPartakers.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** A partaker as the loan answers it: the customer masked, a referee's phone withheld until consent. */
export function partakerItem(p: PartakerRow, c: CustomerRow, visibleDigits: number, recordedByName: string | null) {
  const consented = !needsConsent(p.role) || p.consentOn !== null;
  return {
    id: p.id,
    role: p.role as PartakerRole,
    relation: p.relation,
    customer: { ...loanCustomerOf(c, visibleDigits), mobile1: contactPhone(c.mobile1, visibleDigits, consented) ?? '' },
    consent: needsConsent(p.role) && p.consentOn && p.consentMethod ? { consentOn: p.consentOn, method: p.consentMethod as ConsentMethod, recordedByName } : null,
    phoneWithheld: !consented,
  };
}

/** The referees' consents of an application by customer, so a save that rewrites section B keeps them. */
export async function keptConsents(tx: Tx, loanId: number): Promise<Map<number, Pick<PartakerRow, 'consentOn' | 'consentMethod' | 'consentRecordedBy'>>> {
  const rows = await tx
    .select({ customerId: loanPartakers.customerId, consentOn: loanPartakers.consentOn, consentMethod: loanPartakers.consentMethod, consentRecordedBy: loanPartakers.consentRecordedBy })
    .from(loanPartakers)
    .where(and(eq(loanPartakers.loanId, loanId), eq(loanPartakers.role, 'referee'), isNotNull(loanPartakers.consentOn)));
  return new Map(rows.map(({ customerId, ...consent }) => [customerId, consent]));
}

/**
 * `POST /loans/{id}/refereeConsent`: the referee consented on `consentOn` (not later than today),
 * given as `method`. At any status — collectors contact referees after payout too. A later record
 * replaces an earlier one; the audit row keeps both.
 */
export async function recordRefereeConsent(tx: Tx, ctx: ServiceContext, loan: LoanRow, body: RefereeConsentBody): Promise<void> {
  const [p] = await tx
    .select()
    .from(loanPartakers)
    .where(and(eq(loanPartakers.id, body.partakerId), eq(loanPartakers.loanId, loan.id)))
    .for('update');
  if (!p) throw notFound();
  if (!needsConsent(p.role)) throw businessRule('loans.errors.notReferee');
  if (body.consentOn > (await businessToday(tx))) throw fieldError('consentOn', 'loans.errors.dateInFuture');
  const by = ctx.auth?.staffId ?? null;
  await tx
    .update(loanPartakers)
    .set({ consentOn: body.consentOn, consentMethod: body.method, consentRecordedBy: by, updatedAt: new Date() })
    .where(eq(loanPartakers.id, p.id));
  await audit(tx, {
    action: 'edit',
    module: 'loans',
    reference: loan.id,
    before: { applyNo: loan.applyNo, partakerId: p.id, customerId: p.customerId, consentOn: p.consentOn, method: p.consentMethod },
    after: { applyNo: loan.applyNo, partakerId: p.id, customerId: p.customerId, consentOn: body.consentOn, method: body.method },
    recordStores: [loan.storeId],
  });
}
