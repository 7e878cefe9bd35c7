/**
 * The plan of an import (docs/import.md): every sheet the import reads, checked row by row with
 * the contracts and the domain, then against what Harbour holds — the same plan the dry run
 * answers with and the commit writes, so a file the dry run passes is the file the commit takes.
 */
import {
  type BlacklistCreate,
  type CustomerCreate,
  type ImportAgentRow,
  type ImportLoanStatus,
  type ImportOpeningRow,
  type ImportProblem,
  type ImportSheetKey,
  TERMS_ISSUE_MESSAGES,
} from '@harbour/contracts';
import {
  type CalculatorResult,
  type OpeningLine,
  type ReconciliationFigures,
  type RepaymentState,
  TermsValidationError,
  calculate,
  checkImportedSchedule,
  checkMaxApr,
  type ImportedScheduleProblemCode,
  dec,
  formatRate,
  holdTemporaryAmounts,
  isDomainError,
  moneyText,
  openingLines,
  reconciliationFigures,
  remainingScheduled,
  totalUnpaidPrincipal,
  replayReceipts,
  resolveSettings,
  storedRate,
} from '@harbour/domain';
import { type Column, type SQL, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { blacklist, customers, loanRepayments, loans, ocaAgents, referralAgents, staff, stores } from '../../db/schema/index.js';
import { businessToday } from '../../platform/business-date.js';
import { loadEngine } from '../loan-core/engine.js';
import { ageProblem } from '../loans/write.js';
import { findOption } from '../options/service.js';
import { type PaidByTenor, paidByTenorOf, receiptAmounts, repaymentStateOf } from '../repayments/state.js';
import type { CheckedBook } from './checked-book.js';

/** A customer the file brings: its row and the create contract's output. */
export interface PlannedCustomer {
  row: number;
  code: string;
  customer: CustomerCreate;
}

/** A loan the file brings, checked: where its borrower comes from, its schedule and its opening position. */
export interface PlannedLoan {
  row: number;
  loanNo: string;
  applyNo: string;
  status: ImportLoanStatus;
  /** a loan with an OCA agent: the agent, the date it went there and the agent's charge */
  oca: { agentId: number; onDate: string; chargePercent: string } | null;
  /** a loan written off: the date, why, and the principal it took off the receivable */
  writeOff: { onDate: string; reason: string | null; principal: string } | null;
  storeId: number;
  staffId: number | null;
  /** the referral agent: one Harbour holds (by id) or one of this file (by English name), or none */
  referralAgentId: number | null;
  referralAgentName: string | null;
  /** the borrower: a customer of this file (by code) or one Harbour holds (by id) */
  borrower: { fileCode: string } | { customerId: number };
  fields: Record<string, string>;
  calc: CalculatorResult;
  /** the file's instalment rows its schedule came from (tenor → file row), or null when the domain built it from the terms */
  scheduleRows: { tenor: number; row: number }[] | null;
  /** the approval terms its overdue interest follows */
  approval: { overdueRate: string | null; overduePenalty: string | null };
  /** the date the loan's opening entries are dated and its reconciliation is taken on */
  cutOverDate: string;
  /** what was paid before the cut-over, as receipts Harbour writes (none when nothing was paid) */
  receipts: PlannedReceipt[];
  /** the state after them (the due summary's basis) */
  state: RepaymentState;
  /** the previous system's figures beside Harbour's on the cut-over date */
  figures: ReconciliationFigures;
}

/**
 * A receipt an import writes (repay type `opening`): the opening position as one receipt spread
 * over the schedule, or one of the previous system's receipts posted again by Harbour's allocation.
 */
export interface PlannedReceipt {
  sheet: 'openingPositions' | 'receipts' | 'temporaryAmounts';
  row: number;
  /** the previous system's number (null: Harbour numbers it) */
  receiptNo: string | null;
  date: string;
  method: string | null;
  received: string;
  overdueInterest: string;
  handlingFee: string;
  interest: string;
  principal: string;
  tempIn: string;
  lines: PaidByTenor[];
}

/** A referral agent the file brings: its row and the create contract's output. */
export type PlannedAgent = ImportAgentRow;

/** A blacklist entry the file brings, numbers normalised by the create contract. */
export interface PlannedBlacklist {
  row: number;
  entry: BlacklistCreate;
}

/** A partaker the file brings: a loan of the file (by number) and a customer of the file (by code) or one Harbour holds (by id). */
export interface PlannedPartaker {
  row: number;
  loanNo: string;
  customer: { fileCode: string } | { customerId: number };
  role: 'guarantor' | 'joint' | 'consultant';
}

export interface ImportPlan {
  counts: { sheet: ImportSheetKey; read: number; valid: number; rejected: number }[];
  problems: ImportProblem[];
  customers: PlannedCustomer[];
  agents: PlannedAgent[];
  /** the planned loans — empty when a sink took them (`PlanSink`): count them by `loanCount` */
  loans: PlannedLoan[];
  /** how many loans were planned, and how many of them the reconciliation finds differing */
  loanCount: number;
  differing: number;
  /** the cut-over dates the planned loans are taken on (each once) */
  cutOverDates: string[];
  partakers: PlannedPartaker[];
  blacklist: PlannedBlacklist[];
}

/** The rows a plan writes: the figure the batch's progress counts to. */
export const plannedRows = (plan: ImportPlan) => plan.customers.length + plan.agents.length + plan.loanCount + plan.partakers.length + plan.blacklist.length;

/** Loans a sink is handed at a time (`PlanSink`) unless it asks for another number (`chunk`). */
export const PLAN_CHUNK = 1_000;

/**
 * Where a plan's loans go as they are planned, instead of the plan holding the whole book: the
 * file's customers and referral agents first (before any loan, which may name them), then the
 * loans `PLAN_CHUNK` at a time, let go once handed over. A loan planned holds its repayment state
 * in decimals, its receipts' lines and its reconciliation figures (tens of KB), so a book of tens
 * of thousands of loans is not held at once: the commit writes each chunk as it comes, the dry run
 * counts it. Problems found after a chunk was handed over (a later sheet's) are in the plan's
 * `problems` at the end, as ever: the commit, all in one transaction, then writes nothing.
 */
export interface PlanSink {
  people(customers: PlannedCustomer[], agents: PlannedAgent[]): Promise<void>;
  loans(chunk: PlannedLoan[]): Promise<void>;
  /**
   * Loans handed over at a time (default `PLAN_CHUNK`). The fewer a chunk holds, the sooner its
   * loans are garbage: loans held while a thousand more are planned outlive V8's young
   * generation and are collected only by a major collection, which lets the heap (and the server's
   * RSS) grow by tens of MB a chunk first.
   */
  chunk?: number;
}

/**
 * A sink that keeps nothing: the dry run's and the commit's first check (counts and problems
 * only), handed each loan as it is planned, so none outlives the young generation.
 */
export const countingSink: PlanSink = { people: async () => undefined, loans: async () => undefined, chunk: 1 };

/**
 * The sheets the import reads, in the order problems are listed and counted (every sheet of the
 * template; docs/import.md).
 */
export const PLANNED_SHEETS: readonly ImportSheetKey[] = ['customers', 'referralAgents', 'loans', 'instalments', 'receipts', 'openingPositions', 'temporaryAmounts', 'partakers', 'blacklist'];

/** The message of each problem the domain finds in an imported schedule. */
const SCHEDULE_PROBLEMS: Record<ImportedScheduleProblemCode, string> = {
  AMOUNT_INVALID: 'validation.money',
  TENOR_OUT_OF_RANGE: 'tools.import.problems.tenorOutOfRange',
  TENOR_TWICE: 'tools.import.problems.duplicateInFile',
  TENOR_MISSING: 'tools.import.problems.tenorMissing',
  DUE_NOT_AFTER_LOAN_DATE: 'tools.import.problems.dueNotAfterLoanDate',
  DUE_NOT_AFTER_PREVIOUS: 'tools.import.problems.dueNotAfterPrevious',
  PRINCIPAL_SUM: 'tools.import.problems.principalSumMismatch',
  ILLEGAL_RATE: 'tools.import.problems.scheduleIllegalRate',
};

/**
 * `column = any($1)`: the file's values as ONE array parameter, where `in (…)` takes a parameter
 * each — a whole book's customer codes and ID numbers, or loan and application numbers, are past
 * PostgreSQL's 65,535 parameters a statement.
 */
const anyOf = (column: Column, values: readonly string[]): SQL => sql`${column} = any(${sql.param(values)})`;

/**
 * The opening position as the one receipt that paid it: each instalment's interest and principal
 * as `openingLines` spread them, the overdue interest the previous system collected kept on the
 * first line as charged and paid. None when nothing was paid.
 */
function openingReceipt(o: ImportOpeningRow, lines: OpeningLine[]): PlannedReceipt[] {
  const paid = dec(o.principalPaid).plus(dec(o.interestPaid)).plus(dec(o.overduePaid));
  if (!paid.gt(0)) return [];
  const spread = lines.length > 0 ? lines : [{ tenor: 1, principal: '0.00', interest: '0.00' }];
  return [
    {
      sheet: 'openingPositions',
      row: o.row,
      receiptNo: null,
      date: o.cutOverDate,
      method: null,
      received: moneyText(paid),
      overdueInterest: moneyText(o.overduePaid),
      handlingFee: '0.00',
      interest: moneyText(o.interestPaid),
      principal: moneyText(o.principalPaid),
      tempIn: '0.00',
      lines: spread.map((line, n) => {
        const overdue = n === 0 ? moneyText(o.overduePaid) : '0.00';
        return { tenor: line.tenor, overdueInterestCharged: overdue, feeCharged: '0.00', accruedTo: null, overdueInterest: overdue, handlingFee: '0.00', interest: line.interest, principal: line.principal };
      }),
    },
  ];
}

/**
 * The domain's results of the last dry run (`calculate` of each loan's terms, by its terms as
 * JSON), kept for the commit of the file that usually follows; a pure function's results, reused
 * only with the same settings and holidays. Taken (and let go) by the next plan.
 */
let lastCalcs: { engineKey: string; byTerms: Map<string, CalculatorResult> } | null = null;

/**
 * Plans the import of `book` (the file's sheets, checked row by row as they were read:
 * `CheckedBook`) into `storeId` (the store whose book it is; every loan row names it by code).
 * Reads Harbour in `tx` (the caller's store scope: the customer register is company-wide by
 * design, loan numbers are checked company-wide by the loans' unique key). `keepCalcs`: the dry
 * run keeps its schedules and rates for the commit that follows (see `lastCalcs`); everything the
 * plan checks against Harbour is read again by every plan. `sink`: the loans go there a chunk at a
 * time and the plan's `loans` stays empty (`PlanSink`). `release`: the caller hands `book` over and
 * reads it no more — the plan lets each loan's checked rows go once it is planned (the dry run,
 * the commit's job; not the commit's check, whose book the job plans again).
 */
export async function planImport(tx: Tx, book: CheckedBook, storeId: number, batchCutOver?: string, keepCalcs = false, sink?: PlanSink, release = false): Promise<ImportPlan> {
  const problems: ImportProblem[] = [];
  const problem = (sheet: ImportSheetKey, row: number, column: string | null, message: string, params?: Record<string, string | number>) =>
    problems.push({ sheet, row, column, message, ...(params ? { params } : {}) });

  // the rows each sheet read (the counts)
  const readOf = new Map(book.read);
  const loanOfRow = (sheet: ImportSheetKey, row: number) => book.loanNoOfRefused(sheet, row);

  // Customers: the contract (checked as read), then what Harbour already holds (by code or ID number, any store).
  const cust = book.customers;
  problems.push(...cust.problems);
  const fileCustomers = [...cust.valid.entries()];
  if (release) cust.valid.clear();
  const heldCustomers = fileCustomers.length === 0 ? [] : await tx
    .select({ customerCode: customers.customerCode, idNumber: customers.idNumber })
    .from(customers)
    .where(or(anyOf(customers.customerCode, fileCustomers.map(([code]) => code)), anyOf(customers.idNumber, fileCustomers.map(([, v]) => v.customer.idNumber))));
  const heldCodes = new Set(heldCustomers.map((h) => h.customerCode));
  const heldIds = new Set(heldCustomers.map((h) => h.idNumber));
  const plannedCustomers: PlannedCustomer[] = [];
  for (const [code, v] of fileCustomers) {
    const column = heldCodes.has(code) ? 'customerCode' : heldIds.has(v.customer.idNumber) ? 'idNumber' : null;
    if (column) problem('customers', v.row, column, 'tools.import.problems.duplicateInHarbour');
    else plannedCustomers.push({ row: v.row, code, customer: v.customer });
  }
  const customerRows = new Map(plannedCustomers.map((c) => [c.code, c]));
  // a customer row the file has but refused — by its cells, or as one Harbour holds: its own problem names it, its loans are not planned
  const refusedCodes = new Set([...book.refusedCustomerCodes, ...fileCustomers.map(([code]) => code)].filter((c) => c !== '' && !customerRows.has(c)));
  fileCustomers.length = 0;

  // Referral agents: the contract, then the English names Harbour holds (the name a loan row gives).
  const agentSheet = book.agents;
  problems.push(...agentSheet.problems);
  const fileAgents = [...agentSheet.valid.values()];
  const heldAgentNames = fileAgents.length === 0 ? new Set<string>() : new Set(
    (await tx.select({ nameEn: referralAgents.nameEn }).from(referralAgents).where(anyOf(referralAgents.nameEn, fileAgents.map((a) => a.agent.nameEn)))).map((a) => a.nameEn),
  );
  const plannedAgents: PlannedAgent[] = [];
  for (const a of fileAgents) {
    if (heldAgentNames.has(a.agent.nameEn)) problem('referralAgents', a.row, 'nameEn', 'tools.import.problems.duplicateInHarbour');
    else plannedAgents.push(a);
  }
  const agentRowsByName = new Set(plannedAgents.map((a) => a.agent.nameEn));
  // an agent row the file has but refused: its own problem names it, a loan naming it is not named again
  const refusedAgents = new Set([...book.refusedAgentNames, ...fileAgents.map((a) => a.agent.nameEn)].filter((n) => n !== '' && !agentRowsByName.has(n)));

  // Loans and their opening positions: the cells, then Harbour's data and the domain's rules.
  const loanRows = book.loans;
  problems.push(...loanRows.problems);
  // the loans of rows refused (a reference to one is not named again), and every loan number the
  // loans sheet has, accepted or refused, with the borrower its row names (the partakers' check)
  const refusedLoans = new Set(loanRows.problems.map((p) => loanOfRow('loans', p.row)));
  const fileLoanBorrower = (readOf.get('partakers') ?? 0) === 0 ? new Map<string, string>() : (book.loanBorrowers ?? new Map<string, string>());
  if (release) book.loanBorrowers = null;
  const openings = book.openings;
  problems.push(...openings.problems);
  const refusedOpenings = new Set(openings.problems.map((p) => loanOfRow('openingPositions', p.row)));
  const history = book.receipts;
  problems.push(...history.problems);
  // a loan with a receipt row refused by its cells: its history is incomplete, so it is not planned (that row's problem names it)
  const incompleteHistory = new Set(history.problems.map((p) => loanOfRow('receipts', p.row)));
  // the schedules the previous system had; a loan with an instalment row refused by its cells is not planned (that row's problem names it)
  const fileSchedules = book.instalments;
  problems.push(...fileSchedules.problems);
  const incompleteSchedule = new Set(fileSchedules.problems.map((p) => loanOfRow('instalments', p.row)));
  const held = book.temporary;
  problems.push(...held.problems);
  const fileLoanNos = new Set(loanRows.valid.keys());
  const fileLoans: ((typeof loanRows.valid extends Map<string, infer R> ? R : never) | undefined)[] = [...loanRows.valid.values()];
  if (release) loanRows.valid.clear();
  const values = (key: string) => [...new Set(fileLoans.map((l) => l!.fields[key]).filter((v): v is string => !!v))];
  // a value no row holds keeps each IN list non-empty
  const none = [''];
  const receiptNos = [...history.valid.values()].flat().map((r) => r.receiptNo).filter((n) => n !== '');
  const [storeRows, staffRows, agentRows, heldLoans, heldBorrowers, heldReceipts, ocaRows] = await Promise.all([
    tx.select({ id: stores.id, code: stores.code }).from(stores),
    tx.select({ id: staff.id, username: staff.username }).from(staff).where(anyOf(staff.username, [...values('staffLogin'), ...none])),
    tx.select({ id: referralAgents.id, nameEn: referralAgents.nameEn }).from(referralAgents).where(anyOf(referralAgents.nameEn, [...values('referralAgent'), ...none])),
    tx.select({ loanNo: loans.loanNo, applyNo: loans.applyNo }).from(loans).where(or(anyOf(loans.loanNo, [...values('loanNo'), ...none]), anyOf(loans.applyNo, [...values('applicationNo'), ...values('loanNo'), ...none]))),
    tx.select({ id: customers.id, code: customers.customerCode, type: customers.type, dateOfBirth: customers.dateOfBirth }).from(customers).where(anyOf(customers.customerCode, [...values('customerCode'), ...none])),
    tx.select({ repayNo: loanRepayments.repayNo }).from(loanRepayments).where(anyOf(loanRepayments.repayNo, [...receiptNos, ...none])),
    tx.select({ id: ocaAgents.id, nameEn: ocaAgents.nameEn, chargePercent: ocaAgents.chargePercent }).from(ocaAgents).where(anyOf(ocaAgents.nameEn, [...values('ocaAgent'), ...none])),
  ]);
  const ocaByName = new Map(ocaRows.map((a) => [a.nameEn, a]));
  const heldReceiptNos = new Set(heldReceipts.map((r) => r.repayNo));
  const loanTypes = new Map(await Promise.all(values('loanType').map(async (code) => [code, (await findOption(tx, 'loanType', { code })) !== undefined] as const)));
  const storeByCode = new Map(storeRows.map((s) => [s.code, s.id]));
  const staffByLogin = new Map(staffRows.map((s) => [s.username, s.id]));
  const agentByName = new Map(agentRows.map((a) => [a.nameEn, a.id]));
  const heldLoanNos = new Set(heldLoans.flatMap((l) => [l.loanNo, l.applyNo]));
  const heldBorrower = new Map(heldBorrowers.map((c) => [c.code, c]));
  const engine = await loadEngine(tx);
  const today = await businessToday(tx);
  // the domain's schedules and rates by their terms: computed once a file (loans of the same terms
  // share them), and the dry run's taken up by the commit of the same file while the settings and
  // holidays they were computed with are unchanged
  const engineKey = JSON.stringify(engine);
  const reused = lastCalcs?.engineKey === engineKey ? lastCalcs.byTerms : new Map<string, CalculatorResult>();
  lastCalcs = null;
  const calcs = new Map<string, CalculatorResult>();

  const plannedLoans: PlannedLoan[] = [];
  const plannedLoanNos = new Set<string>();
  const cutOverDates = new Set<string>();
  let differing = 0;
  let loanCount = 0;
  let pending: PlannedLoan[] = [];
  const planned = async (l: PlannedLoan) => {
    loanCount += 1;
    plannedLoanNos.add(l.loanNo);
    cutOverDates.add(l.cutOverDate);
    if (l.figures.differences.length > 0) differing += 1;
    if (!sink) {
      plannedLoans.push(l);
      return;
    }
    pending.push(l);
    if (pending.length >= (sink.chunk ?? PLAN_CHUNK)) {
      const chunk = pending;
      pending = [];
      await sink.loans(chunk);
    }
  };
  // the file's own customers and agents go first: its loans may name them
  if (sink) await sink.people(plannedCustomers, plannedAgents);
  for (let n = 0; n < fileLoans.length; n++) {
    const { row, fields } = fileLoans[n]!;
    if (release) fileLoans[n] = undefined;
    const before = problems.length;
    const bad = (column: string | null, message: string, params?: Record<string, string | number>) => problem('loans', row, column, message, params);
    const loanNo = fields.loanNo!;
    const applyNo = fields.applicationNo || loanNo;
    if (heldLoanNos.has(loanNo)) bad('loanNo', 'tools.import.problems.duplicateInHarbour');
    else if (heldLoanNos.has(applyNo)) bad('applicationNo', 'tools.import.problems.duplicateInHarbour');
    const rowStore = storeByCode.get(fields.storeCode!);
    if (rowStore === undefined) bad('storeCode', 'tools.import.problems.unknownStore');
    else if (rowStore !== storeId) bad('storeCode', 'tools.import.problems.otherStore');
    const code = fields.customerCode!;
    const borrower = customerRows.has(code) ? { fileCode: code } : heldBorrower.has(code) ? { customerId: heldBorrower.get(code)!.id } : null;
    if (!borrower && !refusedCodes.has(code)) bad('customerCode', 'tools.import.problems.unknownReference');
    // the borrower's age as the form checks it, on the loan's own application date
    const person = customerRows.get(code)?.customer ?? heldBorrower.get(code);
    const age = person && person.type === 'personal' ? ageProblem(person.dateOfBirth ?? null, fields.applicationDate!) : null;
    if (age) bad('customerCode', age);
    // a type the company has (a historical loan keeps one disabled since)
    if (!loanTypes.get(fields.loanType!)) bad('loanType', 'options.unavailable');
    const staffId = fields.staffLogin ? (staffByLogin.get(fields.staffLogin) ?? null) : null;
    if (fields.staffLogin && staffId === null) bad('staffLogin', 'tools.import.problems.unknownReference');
    // an agent of this file (written first by the commit) or one Harbour holds
    const referralAgentName = fields.referralAgent && agentRowsByName.has(fields.referralAgent) ? fields.referralAgent : null;
    const referralAgentId = fields.referralAgent && !referralAgentName ? (agentByName.get(fields.referralAgent) ?? null) : null;
    const agentRefused = !!fields.referralAgent && !referralAgentName && referralAgentId === null && refusedAgents.has(fields.referralAgent);
    if (fields.referralAgent && !referralAgentName && referralAgentId === null && !agentRefused) bad('referralAgent', 'tools.import.problems.unknownReference');
    // The loan as it was lent: the domain's schedule and the Ordinance's rate of its own cash flows.
    let calc: CalculatorResult | null = null;
    try {
      const terms = {
        loanAmount: fields.loanAmount!,
        totalTenor: Number(fields.totalTenor),
        repayCycle: fields.repayCycle as 'monthly',
        cycleDays: fields.cycleDays ? Number(fields.cycleDays) : undefined,
        interestMethod: fields.interestMethod as 'amortization',
        flatRate: fields.flatRate || undefined,
        effectiveRate: fields.effectiveRate || undefined,
        loanDate: fields.loanDate!,
        firstDueDate: fields.firstDueDate || undefined,
        amountDeducted: fields.amountDeducted || undefined,
      };
      const key = JSON.stringify(terms);
      calc = calcs.get(key) ?? reused.get(key) ?? calculate(terms, engine.settings, engine.holidays);
      calcs.set(key, calc);
    } catch (e) {
      if (e instanceof TermsValidationError) for (const i of e.issues) bad(i.field === 'loanDate' ? 'loanDate' : i.field, TERMS_ISSUE_MESSAGES[i.code]);
      else if (e instanceof RangeError || isDomainError(e)) bad(null, 'tools.calculatorFailed');
      else throw e;
    }
    // The schedule the previous system had, where the file gives it, instead of the one built from
    // the terms: checked as a whole, the cap on its own cash flows.
    const instalmentRows = fileSchedules.valid.get(loanNo) ?? [];
    if (release) fileSchedules.valid.delete(loanNo);
    let scheduleRows: PlannedLoan['scheduleRows'] = null;
    if (incompleteSchedule.has(loanNo)) calc = null;
    else if (calc && instalmentRows.length > 0) {
      const check = checkImportedSchedule({ loanDate: fields.loanDate!, loanAmount: fields.loanAmount!, amountDeducted: fields.amountDeducted || undefined, totalTenor: Number(fields.totalTenor) }, instalmentRows);
      for (const p of check.problems) problem('instalments', p.row, p.column, SCHEDULE_PROBLEMS[p.code], p.params);
      if (check.schedule && check.mloRate && check.mloStatus) {
        calc = {
          ...calc,
          schedule: check.schedule,
          instalmentAmount: check.instalmentAmount!,
          totalInterest: check.totalInterest!,
          totalRepayment: check.totalRepayment!,
          mloRate: storedRate(check.mloRate),
          mloStatus: check.mloStatus,
          maxApr: checkMaxApr(check.mloRate, resolveSettings(engine.settings)),
        };
        scheduleRows = instalmentRows.map((r) => ({ tenor: r.tenor, row: r.row }));
      } else calc = null;
    } else if (calc && calc.mloStatus === 'illegal') bad('flatRate', 'tools.import.problems.illegalRate', { rate: formatRate(dec(calc.mloRate).div(100)) });
    const opening = openings.valid.get(loanNo);
    const receiptRows = history.valid.get(loanNo) ?? [];
    if (release) {
      openings.valid.delete(loanNo);
      history.valid.delete(loanNo);
    }
    const historyLeft = incompleteHistory.has(loanNo);
    if (!opening && receiptRows.length === 0 && !historyLeft && !refusedOpenings.has(loanNo)) bad('loanNo', 'tools.import.problems.noOpeningPosition');
    const cutOverDate = opening?.cutOverDate ?? batchCutOver ?? null;
    if (!cutOverDate && receiptRows.length > 0) bad('loanNo', 'tools.import.problems.cutOverRequired');
    // the date chosen on the page, where it is the loan's: not after today (an opening position's own is checked below)
    if (!opening && receiptRows.length > 0 && cutOverDate && cutOverDate > today) bad('loanNo', 'tools.import.problems.cutOverInFuture');
    if (!opening && receiptRows.length > 0 && cutOverDate && cutOverDate < fields.loanDate!) bad('loanNo', 'tools.import.problems.cutOverBeforeLoan');
    const approval = { overdueRate: fields.overdueRate || null, overduePenalty: fields.overduePenalty || null };
    let receipts: PlannedReceipt[] = [];
    let state: RepaymentState | null = null;
    if (opening && calc) {
      const o = (column: string, message: string, params?: Record<string, string | number>) => problem('openingPositions', opening.row, column, message, params);
      if (opening.cutOverDate < fields.loanDate!) o('cutOverDate', 'tools.import.problems.cutOverBeforeLoan');
      if (opening.cutOverDate > today) o('cutOverDate', 'tools.import.problems.cutOverInFuture');
      const outstanding = dec(fields.loanAmount!).minus(dec(opening.principalPaid));
      if (!outstanding.eq(dec(opening.outstandingPrincipal))) o('outstandingPrincipal', 'tools.import.problems.outstandingMismatch', { expected: moneyText(outstanding) });
      if (receiptRows.length === 0) {
        try {
          const lines = openingLines(calc.schedule, opening);
          receipts = openingReceipt(opening, lines);
          state = repaymentStateOf({ interestStartDate: fields.loanDate! }, calc.schedule, approval, receipts[0]?.lines ?? [], receipts.length > 0 ? { temp: '0', lastDate: opening.cutOverDate } : undefined);
        } catch (e) {
          if (!isDomainError(e)) throw e;
          o(dec(opening.principalPaid).gt(dec(calc.schedule.reduce((s, l) => s.plus(l.principal), dec('0')))) ? 'principalPaid' : 'interestPaid', `domain.${e.code}`, e.params as Record<string, string>);
        }
      }
    }
    // The previous system's receipts, posted again in date order by Harbour's own allocation.
    if (calc && receiptRows.length > 0 && cutOverDate && !historyLeft) {
      const r = (at: { row: number }, column: string, message: string, params?: Record<string, string | number>) => problem('receipts', at.row, column, message, params);
      for (const at of receiptRows) {
        if (at.receiptDate > cutOverDate) r(at, 'receiptDate', 'tools.import.problems.receiptAfterCutOver', { cutOverDate });
        if (at.receiptNo && heldReceiptNos.has(at.receiptNo)) r(at, 'receiptNo', 'tools.import.problems.duplicateInHarbour');
      }
      const start = repaymentStateOf({ interestStartDate: fields.loanDate! }, calc.schedule, approval, [], undefined);
      const replay = replayReceipts(start, receiptRows.map((at) => ({ date: at.receiptDate, amount: at.amount })), engine.settings, engine.holidays);
      if (replay.refused) {
        const at = receiptRows[replay.refused.index]!;
        r(at, replay.refused.error.code === 'DATE_BEFORE_INTEREST_START' ? 'receiptDate' : 'amount', `domain.${replay.refused.error.code}`, replay.refused.error.params as Record<string, string>);
      } else {
        let before = start;
        receipts = replay.allocations.map((a, n) => {
          const at = receiptRows[replay.order[n]!]!;
          const lines = paidByTenorOf(before, a.state);
          before = a.state;
          return {
            sheet: 'receipts' as const,
            row: at.row,
            receiptNo: at.receiptNo || null,
            date: at.receiptDate,
            method: at.method,
            ...receiptAmounts(a),
            lines,
          };
        });
        state = replay.state;
      }
    }
    // temporary amounts the previous system held for the loan: received by the cut-over, from its borrower
    const temporary = held.valid.get(loanNo) ?? [];
    if (release) held.valid.delete(loanNo);
    for (const h of temporary) {
      const tm = (column: string, message: string, params?: Record<string, string | number>) => problem('temporaryAmounts', h.row, column, message, params);
      if (h.customerCode !== code) tm('customerCode', 'tools.import.problems.notBorrower', { loanNo });
      if (h.receivedOn < fields.loanDate!) tm('receivedOn', 'tools.import.problems.beforeLoanDate');
      if (cutOverDate && h.receivedOn > cutOverDate) tm('receivedOn', 'tools.import.problems.dateAfterCutOver', { cutOverDate });
    }
    if (state && temporary.length > 0) {
      state = holdTemporaryAmounts(state, temporary.map((h) => ({ date: h.receivedOn, amount: h.amount })));
      receipts = [
        ...receipts,
        ...temporary.map((h) => ({
          sheet: 'temporaryAmounts' as const,
          row: h.row,
          receiptNo: null,
          date: h.receivedOn,
          method: null,
          received: moneyText(h.amount),
          overdueInterest: '0.00',
          handlingFee: '0.00',
          interest: '0.00',
          principal: '0.00',
          tempIn: moneyText(h.amount),
          lines: [],
        })),
      ];
    }
    // a loan with an OCA agent or written off: the agent Harbour holds, dates by the cut-over
    const ocaAgent = fields.status === 'oca' && fields.ocaAgent ? ocaByName.get(fields.ocaAgent) : undefined;
    if (fields.status === 'oca' && fields.ocaAgent && !ocaAgent) bad('ocaAgent', 'tools.import.problems.unknownReference');
    if (cutOverDate) for (const column of ['ocaDate', 'writeOffDate']) if (fields[column] && fields[column]! > cutOverDate) bad(column, 'tools.import.problems.dateAfterCutOver', { cutOverDate });
    if (state) {
      const allPaid = remainingScheduled(state).isZero();
      const principalLeft = totalUnpaidPrincipal(state);
      const byReceipts = receiptRows.length > 0 ? 'ByReceipts' : '';
      const status = fields.status as ImportLoanStatus;
      if (status === 'complete' && !allPaid) bad('status', `tools.import.problems.completeNotPaid${byReceipts}`);
      if (status === 'repaying' && allPaid) bad('status', `tools.import.problems.repayingAllPaid${byReceipts}`);
      if (status === 'oca' && allPaid) bad('status', 'tools.import.problems.statusNeedsBalance', { status });
      if (status === 'bad' && principalLeft.isZero()) bad('status', 'collection.errors.nothingToWriteOff');
      if (status === 'reloaned' && !principalLeft.isZero()) bad('status', 'tools.import.problems.reloanedNotSettled', { principal: moneyText(principalLeft) });
    }
    if (problems.length > before || !calc || !state || !cutOverDate || !borrower || agentRefused) continue;
    const status = fields.status as ImportLoanStatus;
    await planned({
      row,
      loanNo,
      applyNo,
      status,
      oca: status === 'oca' && ocaAgent ? { agentId: ocaAgent.id, onDate: fields.ocaDate!, chargePercent: fields.ocaChargePercent || ocaAgent.chargePercent } : null,
      writeOff: status === 'bad' ? { onDate: fields.writeOffDate!, reason: fields.writeOffReason || null, principal: moneyText(totalUnpaidPrincipal(state)) } : null,
      storeId,
      staffId,
      referralAgentId,
      referralAgentName,
      borrower,
      fields,
      calc,
      scheduleRows,
      approval,
      cutOverDate,
      receipts,
      state,
      figures: reconciliationFigures(state, opening ?? null, cutOverDate, engine.settings, engine.holidays),
    });
  }
  if (sink && pending.length > 0) await sink.loans(pending);
  pending = [];
  // a temporary amount must belong to a loan of the file
  for (const [loanNo, list] of held.valid) if (!fileLoanNos.has(loanNo) && !refusedLoans.has(loanNo)) for (const h of list) problem('temporaryAmounts', h.row, 'loanNo', 'tools.import.problems.unknownReference');
  // a receipt must belong to a loan of the file
  for (const [loanNo, list] of history.valid) if (!fileLoanNos.has(loanNo) && !refusedLoans.has(loanNo)) for (const at of list) problem('receipts', at.row, 'loanNo', 'tools.import.problems.unknownReference');
  // an instalment must belong to a loan of the file (a loan whose row was refused is not named again)
  for (const [loanNo, list] of fileSchedules.valid) if (!fileLoanNos.has(loanNo) && !refusedLoans.has(loanNo)) for (const i of list) problem('instalments', i.row, 'loanNo', 'tools.import.problems.scheduleLoanNotInFile');
  // an opening position must belong to a loan of the file
  for (const [loanNo, o] of openings.valid) if (!fileLoanNos.has(loanNo) && !refusedLoans.has(loanNo)) problem('openingPositions', o.row, 'loanNo', 'tools.import.problems.unknownReference');

  // Partakers: a loan of this file, a customer of the file or one Harbour holds, not the borrower.
  const partakerRows = book.partakers;
  problems.push(...partakerRows.problems);
  // every loan number the loans sheet has, accepted or refused, with the borrower its row names: `fileLoanBorrower`, above
  const partakerCodes = [...new Set(partakerRows.valid.map((p) => p.customerCode).filter((c) => !customerRows.has(c)))];
  const heldPartakers = partakerCodes.length === 0 ? [] : await tx.select({ id: customers.id, code: customers.customerCode }).from(customers).where(anyOf(customers.customerCode, partakerCodes));
  const heldPartaker = new Map(heldPartakers.map((c) => [c.code, c.id]));
  const plannedPartakers: PlannedPartaker[] = [];
  for (const p of partakerRows.valid) {
    const before = problems.length;
    const bad = (column: string, message: string) => problem('partakers', p.row, column, message);
    const borrowerCode = fileLoanBorrower.get(p.loanNo);
    if (borrowerCode === undefined) bad('loanNo', 'tools.import.problems.loanNotInFile');
    const customer = customerRows.has(p.customerCode) ? { fileCode: p.customerCode } : heldPartaker.has(p.customerCode) ? { customerId: heldPartaker.get(p.customerCode)! } : null;
    if (!customer && !refusedCodes.has(p.customerCode)) bad('customerCode', 'tools.import.problems.unknownReference');
    if (borrowerCode === p.customerCode) bad('customerCode', 'loans.validation.partakerIsBorrower');
    // a loan whose row was refused: its own problem names it, the partaker is not named again
    if (problems.length > before || !customer || !plannedLoanNos.has(p.loanNo)) continue;
    plannedPartakers.push({ row: p.row, loanNo: p.loanNo, customer, role: p.role });
  }

  // Blacklist: the contract, then the numbers Harbour's blacklist holds (each number is listed once).
  const black = book.blacklist;
  problems.push(...black.problems);
  const ids = black.valid.map((b) => b.entry.idNumber).filter((v): v is string => !!v);
  const phones = black.valid.map((b) => b.entry.phone).filter((v): v is string => !!v);
  const listed = black.valid.length === 0 ? [] : await tx
    .select({ idNumber: blacklist.idNumber, phone: blacklist.phone })
    .from(blacklist)
    .where(or(anyOf(blacklist.idNumber, [...ids, ...none]), anyOf(blacklist.phone, [...phones, ...none])));
  const listedIds = new Set(listed.map((b) => b.idNumber));
  const listedPhones = new Set(listed.map((b) => b.phone));
  const plannedBlacklist: PlannedBlacklist[] = [];
  for (const b of black.valid) {
    const column = b.entry.idNumber && listedIds.has(b.entry.idNumber) ? 'idNumber' : b.entry.phone && listedPhones.has(b.entry.phone) ? 'phone' : null;
    if (column) problem('blacklist', b.row, column, 'tools.import.problems.duplicateInHarbour');
    else plannedBlacklist.push(b);
  }

  const counts = PLANNED_SHEETS.flatMap((sheet) => {
    const read = readOf.get(sheet) ?? 0;
    if (read === 0 && !readOf.has(sheet)) return [];
    const rejected = new Set(problems.filter((p) => p.sheet === sheet).map((p) => p.row)).size;
    return [{ sheet, read, valid: read - rejected, rejected }];
  });
  if (keepCalcs) lastCalcs = { engineKey, byTerms: calcs };
  const order = (s: ImportSheetKey) => PLANNED_SHEETS.indexOf(s);
  problems.sort((a, b) => order(a.sheet) - order(b.sheet) || a.row - b.row);
  return {
    counts,
    problems,
    customers: plannedCustomers,
    agents: plannedAgents,
    loans: plannedLoans,
    loanCount,
    differing,
    cutOverDates: [...cutOverDates],
    partakers: plannedPartakers,
    blacklist: plannedBlacklist,
  };
}
