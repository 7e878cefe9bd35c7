/**
 * What staff do with a statement's credit lines: post the matched ones (each a normal receipt
 * through the counter's `postReceipt`, the bank transaction id its idempotency key), assign a
 * line to a loan (confirming or replacing a suggestion, or out of suspense), park it in suspense
 * (bank ↔ suspense), or ignore it with a reason. Every step is one transaction that locks the
 * line first: two clicks at once queue on the line, and the second finds it posted.
 */
import { createHash } from 'node:crypto';
import { receiptInputSchema } from '@harbour/contracts';
import { postBankSuspense, type BankLedgerAccount } from '@harbour/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bankStatementLines, bankStatements } from '../../db/schema/index.js';
import { assertWithinActivePeriod } from '../../platform/active-period.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { AppError, businessRule } from '../../platform/errors.js';
import { postJournal } from '../../platform/ledger.js';
import { found, storeScope } from '../../platform/store-scope.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { translate } from '../../http/i18n.js';
import { loanRow } from '../loan-core/row.js';
import { postReceipt, receiptRetry } from '../repayments/receipts.js';
import { bankAccountRow, readStatement } from './statements.js';

type LineRow = typeof bankStatementLines.$inferSelect;
const OPEN = new Set(['matched', 'suggested', 'unmatched']);

async function lockLine(tx: Tx, ctx: ServiceContext, id: number): Promise<LineRow> {
  const [row] = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.id, id), storeScope(ctx, bankStatementLines.storeId)))
    .for('update');
  const line = found(row);
  if (line.direction !== 'credit') throw businessRule('reconciliation.errors.notCredit');
  return line;
}

const refuse = (ctx: ServiceContext, line: LineRow) => businessRule('reconciliation.errors.notOpen', { state: translate(ctx.lang, `reconciliation.states.${line.state}`) });

/** The receipt's idempotency key: the bank's own id for the money, hashed to the key's alphabet and length. */
export const bankReceiptKey = (line: Pick<LineRow, 'bankAccountId' | 'bankTxnId'>) =>
  `bank-${createHash('sha256').update(`${line.bankAccountId}:${line.bankTxnId}`).digest('hex').slice(0, 40)}`;

/**
 * Posts the line as a receipt on the loan (locked), from the bank account or, for a line parked
 * before, from suspense; the receipt's audit row names the line. A receipt its key already posted
 * (a retry after a crash between the two writes) is linked instead of posted again.
 */
async function postLine(tx: Tx, ctx: ServiceContext, line: LineRow, loanId: number, how: 'matched' | 'assigned') {
  const loan = await loanRow(tx, ctx, loanId, { lock: true });
  if (loan.storeId !== line.storeId) throw businessRule('reconciliation.errors.loanNotInStore');
  const input = receiptInputSchema.parse({
    loanId,
    repayDate: line.bookingDate,
    received: line.amount,
    repayType: 'auto',
    method: 'bank-transfer',
    remarks: `${line.bankTxnId}${line.reference ? ` ${line.reference}` : ''}`.slice(0, 1000),
    idempotencyKey: bankReceiptKey(line),
  });
  const receipt =
    (await receiptRetry(tx, ctx, loan, input)) ??
    (await postReceipt(tx, ctx, loan, input, {
      receivedInto: line.state === 'suspense' ? 'suspense' : { bankAccountId: line.bankAccountId },
      audit: { bankStatementLineId: line.id, bankTxnId: line.bankTxnId, from: line.state, how },
    }));
  await tx
    .update(bankStatementLines)
    .set({
      state: 'posted',
      loanId,
      reason: how === 'assigned' ? 'assigned' : line.reason,
      repaymentId: receipt.id,
      settledAt: new Date(),
      settledBy: ctx.auth?.staffId ?? null,
      updatedAt: new Date(),
    })
    .where(eq(bankStatementLines.id, line.id));
  return receipt;
}

/** Without the request's audit counter: each line's receipt writes its own row; the batch writes one more. */
const quiet = (ctx: ServiceContext): ServiceContext => {
  const { onAudit: _counted, ...rest } = ctx;
  return rest;
};

/**
 * "Post all matched": every matched line of the statement, each in its own transaction, in line
 * order. A line another click posted meanwhile is skipped; a line the receipt rules refuse (a
 * loan no longer repaying, a date in a closed period) stays matched and is reported with the
 * reason, and the others go on.
 */
export async function postMatched(ctx: ServiceContext, statementId: number) {
  const ids = await withReadTx(ctx, async (tx) => {
    found((await tx.select({ id: bankStatements.id }).from(bankStatements).where(and(eq(bankStatements.id, statementId), storeScope(ctx, bankStatements.storeId))))[0]);
    const rows = await tx
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.statementId, statementId), eq(bankStatementLines.state, 'matched')))
      .orderBy(asc(bankStatementLines.id));
    return rows.map((r) => r.id);
  });
  let posted = 0;
  let skipped = 0;
  const failed: { lineId: number; bankTxnId: string; message: string }[] = [];
  const lineCtx = quiet(ctx);
  for (const id of ids) {
    try {
      const done = await withTx(lineCtx, async (tx) => {
        const line = await lockLine(tx, lineCtx, id);
        if (line.state !== 'matched' || !line.loanId) return false;
        await postLine(tx, lineCtx, line, line.loanId, 'matched');
        return true;
      });
      if (done) posted += 1;
      else skipped += 1;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const [row] = await ctx.db.select({ bankTxnId: bankStatementLines.bankTxnId }).from(bankStatementLines).where(eq(bankStatementLines.id, id));
      failed.push({ lineId: id, bankTxnId: row?.bankTxnId ?? '', message: translate(ctx.lang, e.code, e.params) });
    }
  }
  return withTx(ctx, async (tx) => {
    const statement = await readStatement(tx, ctx, statementId);
    await audit(tx, {
      action: 'add',
      module: 'bankReconciliation',
      reference: statementId,
      after: { postMatched: { posted, skipped, failed: failed.map((f) => f.bankTxnId) }, totals: statement.totals },
      recordStores: [(await tx.select({ storeId: bankStatements.storeId }).from(bankStatements).where(eq(bankStatements.id, statementId)))[0]!.storeId],
    });
    return { posted, skipped, failed, totals: statement.totals };
  });
}

/** A line given to a loan: a suggestion confirmed or replaced, an unmatched line, or one out of suspense. */
export function assignLine(ctx: ServiceContext, id: number, loanId: number) {
  return withTx(ctx, async (tx) => {
    const line = await lockLine(tx, ctx, id);
    if (!OPEN.has(line.state) && line.state !== 'suspense') throw refuse(ctx, line);
    await postLine(tx, ctx, line, loanId, 'assigned');
    return lineAnswer(tx, ctx, line.statementId, id);
  });
}

/** An unidentified credit parked in suspense: bank ↔ suspense, on the line's booking date. */
export function parkLine(ctx: ServiceContext, id: number) {
  return withTx(ctx, async (tx) => {
    const line = await lockLine(tx, ctx, id);
    if (!OPEN.has(line.state)) throw refuse(ctx, line);
    await assertWithinActivePeriod(tx, line.bookingDate);
    const account = await bankAccountRow(tx, ctx, line.bankAccountId);
    const entryId = await postJournal(tx, ctx, postBankSuspense({ amount: line.amount, bank: account.ledgerAccount as BankLedgerAccount, memo: { bankTxnId: line.bankTxnId } }), {
      storeId: line.storeId,
      date: line.bookingDate,
    });
    await tx
      .update(bankStatementLines)
      .set({ state: 'suspense', suspenseEntryId: entryId, settledAt: new Date(), settledBy: ctx.auth?.staffId ?? null, updatedAt: new Date() })
      .where(eq(bankStatementLines.id, id));
    await audit(tx, { action: 'edit', module: 'bankReconciliation', reference: id, before: { state: line.state }, after: { state: 'suspense', bankTxnId: line.bankTxnId, amount: line.amount, journalEntryId: entryId }, recordStores: [line.storeId] });
    return lineAnswer(tx, ctx, line.statementId, id);
  });
}

/** A credit that is not a borrower's payment (a refund from a supplier, interest from the bank): kept with the reason. */
export function ignoreLine(ctx: ServiceContext, id: number, reason: string) {
  return withTx(ctx, async (tx) => {
    const line = await lockLine(tx, ctx, id);
    if (!OPEN.has(line.state)) throw refuse(ctx, line);
    await tx
      .update(bankStatementLines)
      .set({ state: 'ignored', ignoreReason: reason, settledAt: new Date(), settledBy: ctx.auth?.staffId ?? null, updatedAt: new Date() })
      .where(eq(bankStatementLines.id, id));
    await audit(tx, { action: 'edit', module: 'bankReconciliation', reference: id, before: { state: line.state }, after: { state: 'ignored', reason, bankTxnId: line.bankTxnId, amount: line.amount }, recordStores: [line.storeId] });
    return lineAnswer(tx, ctx, line.statementId, id);
  });
}

async function lineAnswer(tx: Tx, ctx: ServiceContext, statementId: number, lineId: number) {
  const statement = await readStatement(tx, ctx, statementId);
  return { line: statement.lines.find((l) => l.id === lineId)!, totals: statement.totals };
}
