/**
 * MLO s.20: within 7 days of the agreement each surety is given a copy of the note and a statement.
 * A loan with guarantor partakers carries that task once it is agreed (approved, then paid out)
 * until staff record the day it was given; recording again corrects the day (audited before/after).
 */
import type { LoanItem } from '@harbour/contracts';
import { suretyPackTask } from '@harbour/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { loanPartakers, loans, staff } from '../../db/schema/index.js';
import { businessRule } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import { actingStaff, type ServiceContext } from '../../platform/context.js';
import type { LoanRow } from '../loan-core/row.js';

/** The loan is agreed: approved and awaiting payout, or paid out (whatever happened since). */
const agreed = (loan: LoanRow) => loan.status === 'approved' || loan.payoutDate !== null;

async function hasSureties(db: DbOrTx, loanId: number): Promise<boolean> {
  const [row] = await db.select({ id: loanPartakers.id }).from(loanPartakers).where(and(eq(loanPartakers.loanId, loanId), eq(loanPartakers.role, 'guarantor'))).limit(1);
  return row !== undefined;
}

/** The loan's surety pack task, or null when it has none (no guarantor, or not agreed). */
export async function suretyPackOf(db: DbOrTx, loan: LoanRow): Promise<LoanItem['suretyPack']> {
  if (!agreed(loan) || !(await hasSureties(db, loan.id))) return null;
  const task = suretyPackTask(loan.loanDate, loan.suretyPackGivenOn, await businessToday(db));
  const [by] = loan.suretyPackGivenBy ? await db.select({ name: staff.name }).from(staff).where(eq(staff.id, loan.suretyPackGivenBy)) : [];
  return { ...task, givenByName: by?.name ?? null };
}

/** Records the day the surety pack was given: on or after the agreement date, not after today. */
export async function markSuretyPack(tx: Tx, ctx: ServiceContext, loan: LoanRow, givenOn: string): Promise<void> {
  const me = actingStaff(ctx).staffId;
  if (!agreed(loan)) throw businessRule('loans.errors.suretyPackStatus', { status: loan.status });
  if (!(await hasSureties(tx, loan.id))) throw businessRule('loans.errors.suretyPackNoSureties');
  if (givenOn < loan.loanDate) throw businessRule('loans.errors.suretyPackBeforeAgreement', { givenOn, agreementDate: loan.loanDate });
  if (givenOn > (await businessToday(tx))) throw businessRule('loans.errors.dateInFuture');
  await tx.update(loans).set({ suretyPackGivenOn: givenOn, suretyPackGivenBy: me, updatedAt: new Date(), updatedBy: me }).where(eq(loans.id, loan.id));
  await audit(tx, {
    action: 'edit',
    module: 'loans',
    reference: loan.id,
    before: { suretyPackGivenOn: loan.suretyPackGivenOn, suretyPackGivenBy: loan.suretyPackGivenBy },
    after: { applyNo: loan.applyNo, suretyPackGivenOn: givenOn, suretyPackGivenBy: me },
    recordStores: [loan.storeId],
  });
}
