/**
 * Statement import and reads: a file parsed (`parse.ts`), its lines written once per (bank
 * account, bank transaction id) and matched (`matching.ts`), the statement's figures read back
 * with the ledger's balance of its bank account beside the closing balance.
 */
import type { BankStatementDetail, BankStatementItem, BankStatementLine, CsvMapping, MatchReason, BankLineState } from '@harbour/contracts';
import { closingDifference, reconciliationTotals, type BankLedgerAccount } from '@harbour/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bankAccounts, bankStatementLines, bankStatements, loanRepayments, loans } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { businessRule } from '../../platform/errors.js';
import { trialBalance } from '../../platform/ledger.js';
import { offsetOf } from '../../platform/list.js';
import { found, storeScope } from '../../platform/store-scope.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { matchIndex, matchLine } from './matching.js';
import { parseCamt053, parseCsvStatement, type ParsedStatement } from './parse.js';

type StatementRow = typeof bankStatements.$inferSelect;
type AccountRow = typeof bankAccounts.$inferSelect;

/** A bank account of the caller's store scope (another store's answers 404), locked when asked. */
export async function bankAccountRow(tx: Tx, ctx: ServiceContext, id: number, opts: { lock?: boolean } = {}): Promise<AccountRow> {
  const q = tx.select().from(bankAccounts).where(and(eq(bankAccounts.id, id), storeScope(ctx, bankAccounts.storeId)));
  return found((opts.lock ? await q.for('update') : await q)[0]);
}

const digits = (s: string) => s.replace(/\D/g, '');

function parseFile(account: AccountRow, format: 'camt053' | 'csv', content: string): ParsedStatement {
  if (format === 'csv') {
    if (!account.csvMapping) throw businessRule('reconciliation.errors.noMapping');
    return parseCsvStatement(content, account.csvMapping as unknown as CsvMapping);
  }
  const parsed = parseCamt053(content);
  // a camt.053 names its account: another account's statement is refused (IBAN / local number end with ours)
  if (parsed.accountId && !digits(parsed.accountId).endsWith(digits(account.accountNo))) throw businessRule('reconciliation.errors.wrongAccount', { account: parsed.accountId });
  return parsed;
}

async function linesOf(tx: Tx, statementIds: number[]) {
  if (statementIds.length === 0) return [];
  return tx
    .select({ line: bankStatementLines, loanNo: loans.loanNo, repayNo: loanRepayments.repayNo })
    .from(bankStatementLines)
    .leftJoin(loans, eq(loans.id, bankStatementLines.loanId))
    .leftJoin(loanRepayments, eq(loanRepayments.id, bankStatementLines.repaymentId))
    .where(inArray(bankStatementLines.statementId, statementIds))
    .orderBy(asc(bankStatementLines.bookingDate), asc(bankStatementLines.id));
}

const toLine = (r: Awaited<ReturnType<typeof linesOf>>[number]): BankStatementLine => ({
  id: r.line.id,
  statementId: r.line.statementId,
  bankTxnId: r.line.bankTxnId,
  bookingDate: r.line.bookingDate,
  valueDate: r.line.valueDate,
  direction: r.line.direction as 'credit' | 'debit',
  amount: r.line.amount,
  reference: r.line.reference,
  payerName: r.line.payerName,
  state: r.line.state as BankLineState,
  reason: r.line.reason as MatchReason,
  loanId: r.line.loanId,
  loanNo: r.loanNo,
  candidates: r.line.candidates,
  repaymentId: r.line.repaymentId,
  repayNo: r.repayNo,
  ignoreReason: r.line.ignoreReason,
});

function toStatement(s: StatementRow, account: Pick<AccountRow, 'accountNo'>, lines: { line: { direction: string; state: string; amount: string } }[]): BankStatementItem {
  return {
    id: s.id,
    bankAccountId: s.bankAccountId,
    accountNo: account.accountNo,
    format: s.format as 'camt053' | 'csv',
    statementRef: s.statementRef,
    fileName: s.fileName,
    fromDate: s.fromDate,
    toDate: s.toDate,
    openingBalance: s.openingBalance,
    closingBalance: s.closingBalance,
    importedAt: s.createdAt.toISOString(),
    totals: reconciliationTotals(lines.map((l) => ({ direction: l.line.direction as 'credit' | 'debit', state: l.line.state, amount: l.line.amount }))),
  };
}

/**
 * Imports a statement file into its bank account: the same file again (its camt `Stmt/Id` or
 * the CSV's hash) changes nothing; an overlapping one adds only the lines whose bank
 * transaction id is not on file yet (the unique key decides, so two imports at once cannot add
 * a line twice). Each new credit is matched. One transaction, one audit row.
 */
export function importStatement(ctx: ServiceContext, body: { bankAccountId: number; format: 'camt053' | 'csv'; fileName: string; content: string }) {
  return withTx(ctx, async (tx) => {
    // imports into one account queue: the match of a line sees the lines imported before it
    const account = await bankAccountRow(tx, ctx, body.bankAccountId, { lock: true });
    if (!account.active) throw businessRule('reconciliation.errors.inactive');
    const parsed = parseFile(account, body.format, body.content);
    const [earlier] = await tx
      .select()
      .from(bankStatements)
      .where(and(eq(bankStatements.bankAccountId, account.id), eq(bankStatements.format, body.format), eq(bankStatements.statementRef, parsed.statementRef)));
    if (earlier) {
      await audit(tx, { action: 'view', module: 'bankReconciliation', reference: earlier.id, after: { statementRef: earlier.statementRef, retry: true }, recordStores: [account.storeId] });
      return { statement: toStatement(earlier, account, await linesOf(tx, [earlier.id])), alreadyImported: true, added: 0, duplicates: parsed.lines.length };
    }
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        storeId: account.storeId,
        bankAccountId: account.id,
        format: body.format,
        statementRef: parsed.statementRef,
        fileName: body.fileName,
        fromDate: parsed.fromDate,
        toDate: parsed.toDate,
        openingBalance: parsed.openingBalance,
        closingBalance: parsed.closingBalance,
        createdBy: ctx.auth?.staffId ?? null,
      })
      .returning();
    // lines already on file (this account, this bank id) are skipped, within the file too
    const onFile = new Set(
      (
        await tx
          .select({ id: bankStatementLines.bankTxnId })
          .from(bankStatementLines)
          .where(and(eq(bankStatementLines.bankAccountId, account.id), inArray(bankStatementLines.bankTxnId, parsed.lines.map((l) => l.bankTxnId))))
      ).map((r) => r.id),
    );
    const fresh = parsed.lines.filter((l) => !onFile.has(l.bankTxnId) && (onFile.add(l.bankTxnId), true));
    const index = await matchIndex(tx, account.storeId);
    const rows = [];
    for (const line of fresh) {
      const m = await matchLine(tx, ctx, index, line);
      rows.push({
        storeId: account.storeId,
        bankAccountId: account.id,
        statementId: statement!.id,
        ...line,
        state: m.state,
        reason: m.reason,
        loanId: m.loanId,
        candidates: m.candidates,
        createdBy: ctx.auth?.staffId ?? null,
      });
    }
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(bankStatementLines).values(rows.slice(i, i + 1000)).onConflictDoNothing();
    const added = rows.length;
    const duplicates = parsed.lines.length - added;
    await audit(tx, {
      action: 'add',
      module: 'bankReconciliation',
      reference: statement!.id,
      after: { bankAccountId: account.id, format: body.format, fileName: body.fileName, statementRef: parsed.statementRef, added, duplicates, closingBalance: parsed.closingBalance },
      recordStores: [account.storeId],
    });
    return { statement: toStatement(statement!, account, await linesOf(tx, [statement!.id])), alreadyImported: false, added, duplicates };
  });
}

/** Statements of the caller's store scope, newest first, each with its totals. */
export function listStatements(ctx: ServiceContext, q: { page: number; pageSize: number; bankAccountId?: number | undefined }) {
  return withReadTx(ctx, async (tx) => {
    const where = and(storeScope(ctx, bankStatements.storeId), q.bankAccountId ? eq(bankStatements.bankAccountId, q.bankAccountId) : undefined);
    const rows = await tx
      .select({ s: bankStatements, accountNo: bankAccounts.accountNo })
      .from(bankStatements)
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatements.bankAccountId))
      .where(where)
      .orderBy(desc(bankStatements.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize));
    const [{ total } = { total: 0 }] = await tx.select({ total: sql<number>`count(*)::int` }).from(bankStatements).where(where);
    const lines = await linesOf(tx, rows.map((r) => r.s.id));
    const items = rows.map((r) => toStatement(r.s, { accountNo: r.accountNo }, lines.filter((l) => l.line.statementId === r.s.id)));
    return { items, total, page: q.page, pageSize: q.pageSize };
  });
}

/** One statement: its lines, totals, and the ledger's balance of its bank account up to its last day. */
export async function readStatement(tx: Tx, ctx: ServiceContext, id: number): Promise<BankStatementDetail> {
  const [row] = await tx
    .select({ s: bankStatements, account: bankAccounts })
    .from(bankStatements)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatements.bankAccountId))
    .where(and(eq(bankStatements.id, id), storeScope(ctx, bankStatements.storeId)));
  const { s, account } = found(row);
  const lines = await linesOf(tx, [s.id]);
  const ledgerAccount = account.ledgerAccount as BankLedgerAccount;
  const tb = await trialBalance(tx, { storeId: s.storeId, ...(s.toDate ? { to: s.toDate } : {}) });
  const balance = tb.rows.find((r) => r.key === ledgerAccount)?.balance ?? '0.00';
  return {
    ...toStatement(s, account, lines),
    lines: lines.map(toLine),
    ledger: { account: ledgerAccount, asOf: s.toDate, balance, difference: closingDifference(s.closingBalance, balance) },
  };
}

export const getStatement = (ctx: ServiceContext, id: number) => withReadTx(ctx, (tx) => readStatement(tx, ctx, id));
