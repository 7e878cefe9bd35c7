/**
 * MLO s.19 / s.20 statements (compliance.md): what the Ordinance says a statement holds, read from
 * the loan's due state on the day (the domain's figures, `dueState`), and the log of the written
 * requests. An s.19 statement is not owed again within one month of the last one issued: a
 * second request inside the month is refused with the day the next is owed.
 */
import type { Statement, StatementRequest, statementRequestBodySchema } from '@harbour/contracts';
import { ZERO, addMonthsClamped, compareDates, dec, sum, moneyText } from '@harbour/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { customers, loanPartakers, loanRepaymentCorrections, loanRepayments, loanStatementRequests, staff } from '../../db/schema/index.js';
import { businessRule } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { loanRow, type LoanRow } from '../loan-core/row.js';
import { dueState } from '../repayments/receipts.js';
import { waiversStandingOn } from '../repayments/waivers.js';

type RequestBody = z.output<typeof statementRequestBodySchema>;

async function requestsOf(tx: DbOrTx, loanId: number): Promise<StatementRequest[]> {
  const surety = sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${loanStatementRequests.suretyId})`;
  const rows = await tx
    .select({ r: loanStatementRequests, suretyName: surety, issuedByName: staff.name })
    .from(loanStatementRequests)
    .leftJoin(staff, eq(staff.id, loanStatementRequests.issuedBy))
    .where(eq(loanStatementRequests.loanId, loanId))
    .orderBy(desc(loanStatementRequests.id));
  return rows.map(({ r, suretyName, issuedByName }) => ({
    id: r.id,
    kind: r.kind as StatementRequest['kind'],
    requestedOn: r.requestedOn,
    issuedOn: r.issuedOn,
    suretyName,
    fee: r.fee,
    remarks: r.remarks,
    issuedByName,
  }));
}

/** The statement of a paid-out loan on a date. */
export async function statementOf(tx: Tx, ctx: ServiceContext, loan: LoanRow, date?: string): Promise<Statement> {
  if (!loan.loanNo || !loan.payoutDate) throw businessRule('statements.errors.notPaidOut');
  const due = await dueState(tx, ctx, loan.id, date);
  const [borrower] = await tx.select().from(customers).where(eq(customers.id, loan.customerId));
  const sureties = await tx
    .select({ id: customers.id, name: customers.name, address: customers.residentialAddress })
    .from(loanPartakers)
    .innerJoin(customers, eq(customers.id, loanPartakers.customerId))
    .where(and(eq(loanPartakers.loanId, loan.id), eq(loanPartakers.role, 'guarantor')));
  const paid = await tx
    .select({ repayNo: loanRepayments.repayNo, date: loanRepayments.repayDate, amount: loanRepayments.received })
    .from(loanRepayments)
    .leftJoin(loanRepaymentCorrections, eq(loanRepaymentCorrections.repaymentId, loanRepayments.id))
    .where(and(eq(loanRepayments.loanId, loan.id), isNull(loanRepaymentCorrections.id), sql`${loanRepayments.received} > 0`, sql`${loanRepayments.repayDate} <= ${due.asOf}`))
    .orderBy(asc(loanRepayments.id));
  const waived = await waiversStandingOn(tx, loan.id, due.asOf);
  const requests = await requestsOf(tx, loan.id);
  const lastS19 = requests.find((r) => r.kind === 's19');
  const dueUnpaid = due.instalments.filter((i) => (i.state === 'overdue' || i.state === 'due') && dec(i.unpaid).gt(0));
  const notYetDue = due.instalments.filter((i) => i.state === 'future');
  const amounts = (rows: { tenor: number; dueDate: string; unpaid: string }[]) => rows.map((i) => ({ tenor: i.tenor, dueDate: i.dueDate, amount: i.unpaid }));
  const total = (rows: { unpaid: string }[]) => sum(rows.map((i) => dec(i.unpaid)));
  return {
    loanId: loan.id,
    loanNo: loan.loanNo,
    asOf: due.asOf,
    borrowerName: borrower?.name ?? '',
    borrowerAddress: borrower?.mailingAddress ?? borrower?.residentialAddress ?? null,
    sureties,
    loanDate: loan.payoutDate,
    principal: loan.loanAmount,
    annualRate: dec(loan.mloRate).toFixed(2),
    flatRate: loan.flatRate,
    paid,
    totalPaid: moneyText(sum(paid.map((p) => dec(p.amount)))),
    waived,
    totalWaived: moneyText(sum(waived.map((w) => dec(w.amount)))),
    dueUnpaid: amounts(dueUnpaid),
    overdueInterest: due.overdueInterest,
    handlingFee: due.handlingFee,
    totalDueUnpaid: moneyText(total(dueUnpaid).plus(due.overdueInterest).plus(due.handlingFee)),
    notYetDue: amounts(notYetDue),
    totalNotYetDue: moneyText(notYetDue.length ? total(notYetDue) : ZERO),
    lastIssuedOn: lastS19?.issuedOn ?? null,
    nextOwedFrom: lastS19 ? addMonthsClamped(lastS19.issuedOn, 1) : null,
    requests,
  };
}

export async function readStatement(tx: Tx, ctx: ServiceContext, loanId: number, date?: string): Promise<Statement> {
  return statementOf(tx, ctx, await loanRow(tx, ctx, loanId), date);
}

/** A written request answered: logged (one row, one audit row `print`), then the statement of today. */
export async function issueStatement(tx: Tx, ctx: ServiceContext, loanId: number, body: RequestBody): Promise<Statement> {
  const loan = await loanRow(tx, ctx, loanId, { lock: true });
  if (!loan.loanNo || !loan.payoutDate) throw businessRule('statements.errors.notPaidOut');
  const today = await businessToday(tx);
  if (compareDates(body.requestedOn, today) > 0) throw businessRule('statements.errors.requestInFuture', { today });
  if (body.kind === 's20') {
    const [surety] = await tx
      .select({ id: loanPartakers.id })
      .from(loanPartakers)
      .where(and(eq(loanPartakers.loanId, loan.id), eq(loanPartakers.customerId, body.suretyId!), eq(loanPartakers.role, 'guarantor')));
    if (!surety) throw businessRule('statements.errors.notSurety');
  } else {
    const [last] = await tx
      .select({ issuedOn: loanStatementRequests.issuedOn })
      .from(loanStatementRequests)
      .where(and(eq(loanStatementRequests.loanId, loan.id), eq(loanStatementRequests.kind, 's19')))
      .orderBy(desc(loanStatementRequests.issuedOn))
      .limit(1);
    if (last && compareDates(today, addMonthsClamped(last.issuedOn, 1)) < 0) {
      throw businessRule('statements.errors.withinAMonth', { lastIssuedOn: last.issuedOn, nextOwedFrom: addMonthsClamped(last.issuedOn, 1) });
    }
  }
  const me = ctx.auth?.staffId ?? null;
  const [row] = await tx
    .insert(loanStatementRequests)
    .values({
      storeId: loan.storeId,
      loanId: loan.id,
      kind: body.kind,
      requestedOn: body.requestedOn,
      issuedOn: today,
      suretyId: body.kind === 's20' ? body.suretyId! : null,
      fee: body.fee ?? null,
      remarks: body.remarks,
      issuedBy: me,
      createdBy: me,
    })
    .returning({ id: loanStatementRequests.id });
  await audit(tx, {
    action: 'print',
    module: 'statements',
    reference: loan.id,
    after: { loanNo: loan.loanNo, requestId: row!.id, kind: body.kind, requestedOn: body.requestedOn, issuedOn: today, suretyId: body.suretyId ?? null, fee: body.fee ?? null },
    recordStores: [loan.storeId],
  });
  return statementOf(tx, ctx, loan, today);
}
