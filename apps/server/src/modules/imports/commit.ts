/**
 * The commit of an import batch (docs/import.md): everything the plan holds written in ONE
 * transaction — all or nothing — by a job that runs on the server after the request that started
 * it has answered, so closing the browser does not stop it. One import at a time per store (an
 * advisory lock). Progress figures are written to the batch row in short transactions of their
 * own, so the page polling it sees them while the long one runs.
 */
import { moneyText, postOpeningLoan, postOpeningPosition, storedRate, dec } from '@harbour/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, importBatches, importRows, loanApprovals, loanInstalments, loanPayouts, loanRepaymentLines, loanRepayments, loans } from '../../db/schema/index.js';
import { businessToday } from '../../platform/business-date.js';
import { continueCodesAfter, takeCode } from '../../platform/codes.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { postJournal } from '../../platform/ledger.js';
import { withTx } from '../../platform/tx.js';
import { profileColumns } from '../customers/service.js';
import { refreshDueSummary } from '../repayments/daily.js';
import type { ImportPlan, PlannedLoan } from './book-plan.js';

/** The advisory lock of a store's imports: one batch of a store commits at a time. */
export const importLockKey = (storeId: number) => `harbour.import.${storeId}`;

/** How often (in loans) the job writes its progress figures. */
const PROGRESS_EVERY = 25;

type Created = { sheet: string; row: number; entity: string; entityId: number };

/** The batch's progress and state, in a short transaction of its own (visible at once). */
export function updateBatch(ctx: ServiceContext, batchId: number, set: Partial<typeof importBatches.$inferInsert>): Promise<unknown> {
  return withTx(ctx, (tx) => tx.update(importBatches).set({ ...set, updatedAt: new Date() }).where(eq(importBatches.id, batchId)));
}

/** The memo every opening entry carries: the batch and the loan, named by number (see rollback). */
const memoOf = (batchId: number, l: PlannedLoan) => ({ importBatch: String(batchId), loanNo: l.loanNo });

/**
 * One imported loan: the loan with its status as the file has it, the approval terms its overdue
 * interest follows, the schedule the domain computed, the payout as it was, the opening entries,
 * the opening position as one receipt spread over the schedule, and the due summary.
 */
async function writeLoan(tx: Tx, ctx: ServiceContext, batchId: number, l: PlannedLoan, customerId: number, created: Created[]): Promise<void> {
  const me = ctx.auth?.staffId ?? null;
  const f = l.fields;
  const staffId = l.staffId ?? me!;
  const [loan] = await tx
    .insert(loans)
    .values({
      storeId: l.storeId,
      applyNo: l.applyNo,
      loanNo: l.loanNo,
      status: 'repaying',
      customerId,
      loanType: f.loanType!,
      applyDate: f.applicationDate!,
      loanDate: f.loanDate!,
      interestStartDate: f.loanDate!,
      firstDueDate: f.firstDueDate || null,
      loanAmount: f.loanAmount!,
      flatRate: f.flatRate || null,
      effectiveRate: f.effectiveRate || null,
      interestMethod: f.interestMethod!,
      repayCycle: f.repayCycle!,
      cycleDays: f.cycleDays ? Number(f.cycleDays) : null,
      totalTenor: Number(f.totalTenor),
      instalmentAmount: l.calc.instalmentAmount,
      totalInterest: l.calc.totalInterest,
      mloRate: storedRate(l.calc.mloRate),
      mloStatus: l.calc.mloStatus,
      payoutMethod: f.payoutMethod!,
      payoutDate: f.loanDate!,
      staffId,
      referralAgentId: l.referralAgentId,
      createdBy: me,
      updatedBy: me,
    })
    .returning();
  const loanId = loan!.id;
  created.push({ sheet: 'loans', row: l.row, entity: 'loan', entityId: loanId });
  await tx.insert(loanApprovals).values({
    storeId: l.storeId,
    loanId,
    decision: 'approve',
    decidedOn: f.applicationDate!,
    staffId,
    overdueRate: f.overdueRate || null,
    overduePenalty: f.overduePenalty || null,
    upfrontInterest: f.amountDeducted || null,
  });
  await tx.insert(loanInstalments).values(
    l.calc.schedule.map((s) => ({ storeId: l.storeId, loanId, tenor: s.tenor, dueDate: s.dueDate, principal: s.principal, interest: s.interest, instalment: s.instalment, balance: s.balance, createdBy: me })),
  );
  // The opening entries name the loan in their memo, not by id, so a rollback can remove the loan
  // while the append-only journal keeps them and their reversals.
  const opened = await postJournal(tx, ctx, postOpeningLoan({ principal: f.loanAmount!, memo: memoOf(batchId, l) }), { storeId: l.storeId, date: l.opening.cutOverDate });
  const deducted = f.amountDeducted || '0';
  await tx.insert(loanPayouts).values({
    storeId: l.storeId,
    loanId,
    payoutDate: f.loanDate!,
    method: f.payoutMethod!,
    chequeNo: f.payoutMethod === 'cheque' ? f.chequeNo! : null,
    upfrontDeducted: deducted,
    lateDrawdownFee: '0',
    amountReceived: moneyText(dec(f.loanAmount!).minus(dec(deducted))),
    journalEntryId: opened!,
    createdBy: me,
  });
  const o = l.opening;
  const paid = dec(o.principalPaid).plus(dec(o.interestPaid)).plus(dec(o.overduePaid));
  if (paid.gt(0)) {
    const lines = o.lines.length > 0 ? o.lines : [{ tenor: 1, principal: '0.00', interest: '0.00' }];
    // like the opening entry, the position's entry names the loan in its memo only (see above)
    const entryId = await postJournal(tx, ctx, postOpeningPosition({ principalPaid: o.principalPaid, interestPaid: o.interestPaid, overduePaid: o.overduePaid, memo: memoOf(batchId, l) }), {
      storeId: l.storeId,
      date: o.cutOverDate,
    });
    const [receipt] = await tx
      .insert(loanRepayments)
      .values({
        storeId: l.storeId,
        loanId,
        repayNo: await takeCode(tx, 'repayNo', { storeId: l.storeId, date: o.cutOverDate }),
        repayDate: o.cutOverDate,
        repayType: 'opening',
        received: moneyText(paid),
        overdueInterest: moneyText(o.overduePaid),
        handlingFee: '0.00',
        interest: moneyText(o.interestPaid),
        principal: moneyText(o.principalPaid),
        tempIn: '0.00',
        method: null,
        idempotencyKey: `import-${batchId}-${l.row}`,
        journalEntryId: entryId!,
        createdBy: me,
      })
      .returning({ id: loanRepayments.id });
    // the overdue interest the previous system collected is kept on the first line it paid, as charged and paid
    await tx.insert(loanRepaymentLines).values(
      lines.map((line, n) => ({
        storeId: l.storeId,
        repaymentId: receipt!.id,
        loanId,
        tenor: line.tenor,
        overdueInterestCharged: n === 0 ? moneyText(o.overduePaid) : '0.00',
        feeCharged: '0.00',
        accruedTo: null,
        overdueInterest: n === 0 ? moneyText(o.overduePaid) : '0.00',
        handlingFee: '0.00',
        interest: line.interest,
        principal: line.principal,
        createdBy: me,
      })),
    );
    created.push({ sheet: 'openingPositions', row: o.row, entity: 'repayment', entityId: receipt!.id });
  }
  if (l.status === 'complete') await tx.update(loans).set({ status: 'complete' }).where(eq(loans.id, loanId));
  await refreshDueSummary(tx, loanId);
}

/**
 * Writes the plan as batch `batchId`, all or nothing, and marks the batch committed — or failed,
 * with nothing written, when any statement refuses.
 */
export async function commitBatch(ctx: ServiceContext, batchId: number, storeId: number, plan: ImportPlan, file: { name: string; sha256: string }): Promise<void> {
  const total = plan.customers.length + plan.loans.length;
  try {
    await withTx(ctx, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${importLockKey(storeId)}))`);
      const me = ctx.auth?.staffId ?? null;
      const created: Created[] = [];
      const customerIds = new Map<string, number>();
      for (const c of plan.customers) {
        const { idType, idNumber, mobile1, mobile2, mobile3, homeNo } = c.customer;
        const [row] = await tx
          .insert(customers)
          .values({ ...profileColumns(c.customer), idType, idNumber, mobile1, mobile2, mobile3, homeNo, customerCode: c.code, registeredStoreId: storeId, createdBy: me, updatedBy: me })
          .returning({ id: customers.id });
        customerIds.set(c.code, row!.id);
        created.push({ sheet: 'customers', row: c.row, entity: 'customer', entityId: row!.id });
      }
      await updateBatch(ctx, batchId, { rowsWritten: plan.customers.length });
      let written = plan.customers.length;
      for (const l of plan.loans) {
        await writeLoan(tx, ctx, batchId, l, 'fileCode' in l.borrower ? customerIds.get(l.borrower.fileCode)! : l.borrower.customerId, created);
        written += 1;
        if (written % PROGRESS_EVERY === 0) await updateBatch(ctx, batchId, { rowsWritten: written });
      }
      if (created.length > 0) await tx.insert(importRows).values(created.map((c) => ({ batchId, ...c })));
      // the numbers Harbour takes next continue after the highest imported ones of today's format
      const today = await businessToday(tx);
      await continueCodesAfter(tx, 'loanNo', { storeId, date: today }, plan.loans.map((l) => l.loanNo));
      await continueCodesAfter(tx, 'applyNo', { storeId, date: today }, plan.loans.map((l) => l.applyNo));
      await continueCodesAfter(tx, 'customerCode', { storeId, date: today }, plan.customers.map((c) => c.code));
      const byEntity = (e: string) => created.filter((c) => c.entity === e).map((c) => c.entityId);
      await audit(tx, {
        action: 'add',
        module: 'imports',
        reference: batchId,
        after: { batch: batchId, fileName: file.name, sha256: file.sha256, customers: byEntity('customer'), loans: byEntity('loan'), openingReceipts: byEntity('repayment') },
        recordStores: [storeId],
        alongside: true,
      });
      await tx.update(importBatches).set({ state: 'committed', rowsWritten: total, committedAt: new Date(), updatedAt: new Date() }).where(eq(importBatches.id, batchId));
    });
  } catch (e) {
    // the request has answered: the failure is kept on the batch for the page to show
    await updateBatch(ctx, batchId, { state: 'failed', rowsWritten: 0, failure: e instanceof Error ? e.message.slice(0, 500) : String(e).slice(0, 500) });
  }
}
