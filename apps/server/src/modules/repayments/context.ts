/**
 * A receipt's reads in ONE statement (`harbour_receipt_context`, migration 0063): under the loan's
 * row lock, in the caller's store scope (which the statement sets itself when the route left it
 * to it), everything posting a receipt reads — the idempotency hit, today, the settings, the
 * repayment state's rows, the engine's holidays, the names for the answer, the receipt number's
 * format, the store's bank account and the loan's promises. The rows become the domain's
 * `RepaymentState` through the same mapping as `loadRepaymentState` (`repaymentStateOf`).
 */
import type { LoanCashFlows, RepaymentState } from '@harbour/domain';
import type { SystemSettings } from '@harbour/contracts';
import type { Tx } from '../../db/client.js';
import { codeFormats, loanRepayments, loanWaivers, loans } from '../../db/schema/index.js';
import { prepared, rowFromJson } from '../../db/json-rows.js';
import type { ServiceContext } from '../../platform/context.js';
import { found, scopeParameter } from '../../platform/store-scope.js';
import { settingsOf } from '../../platform/settings.js';
import { takePendingScope } from '../../platform/tx.js';
import { slotOf, type CodeSlot } from '../../platform/codes.js';
import { CALCULATOR_SETTING_KEYS } from '../tools/calculator-service.js';
import { engineOf, type Engine } from '../loan-core/engine.js';
import type { LoanRow } from '../loan-core/row.js';
import type { PromiseRow, Receipt } from '../collection/promise-outcomes.js';
import { repaymentStateOf, type PaidByTenor } from './state.js';
import { loanHistoryOf, type HistoryRows } from './loan-rate.js';

const SETTING_KEYS = ['activePeriodDays', ...CALCULATOR_SETTING_KEYS] as const;
/** what an early settlement and a principal receipt read besides: the company's maximum APR, its excess action, the reschedule's rule */
const FLOW_KEYS = ['maxApr', 'maxAprExcessAction', 'principalRepaymentRule'] as const;

const CONTEXT = { name: 'harbour-receipt-context', text: 'select harbour_receipt_context($1::integer, $2::jsonb) as c' };

interface ContextJson {
  loan: Record<string, unknown>;
  retry?: Record<string, unknown>;
  waiverRetry?: Record<string, unknown>;
  today: string;
  settings: { key: string; value: unknown }[];
  instalments: { tenor: number; dueDate: string; principal: string; interest: string }[];
  approval: { overdueRate: string | null; overduePenalty: string | null; lockMonths: number | null; lockFee: string | null } | null;
  paid: PaidByTenor[];
  totals: { temp: string; lastDate: string | null; latestId: number | null };
  waived: { tenor: number; overdueInterestCharged: string; feeCharged: string; accruedTo: string | null; overdueInterestWaived: string; feeWaived: string }[];
  waivedTotals: { lastDate: string | null };
  holidays: string[];
  names: { customerName: string; storeName: string; makerName: string | null };
  codeFormat: Record<string, unknown> | null;
  storeCode: string | null;
  bankLedgerAccount: string | null;
  promises: PromiseRow[];
  promiseReceipts: Receipt[];
  /** the loan's current schedule revision */
  revision: number;
  latestReceiptAny: number | null;
  /** the ledger account of the bank account asked for, when it is the loan's store's */
  namedBankLedgerAccount: string | null;
  /** only when asked for the loan's flows */
  history: HistoryRows | null;
}

/**
 * What an early settlement (`quoteFrom` in ./settlement.ts) and a principal receipt's reschedule
 * (`planRescheduleFrom` in ./reschedule.ts) read besides a receipt's context.
 */
export interface FlowReads {
  /** the current approval's early-settle lock period (months from the loan date) and its fee */
  lock: { months: number; fee: string | null };
  /** the loan's real cash flows so far (s.21's bound, a reschedule's rate) */
  history: LoanCashFlows;
  company: Pick<SystemSettings, 'maxApr' | 'maxAprExcessAction'>;
  /** the principal repayment rule of the settings (shorter tenor or lower instalment) */
  rule: SystemSettings['principalRepaymentRule'];
}

export interface ReceiptContext {
  loan: LoanRow;
  /** the row the idempotency key already posted on the loan (nothing else was read then) */
  retry: typeof loanRepayments.$inferSelect | null;
  /** the waiver the waiver's idempotency key already wrote on the loan (nothing else was read then) */
  waiverRetry: typeof loanWaivers.$inferSelect | null;
  today: string;
  activePeriodDays: SystemSettings['activePeriodDays'];
  /** the loan's repayment state (its standing receipts and waivers on the current schedule) */
  state: (opts?: { allowPartialPrincipal?: boolean }) => RepaymentState;
  engine: Engine;
  names: ContextJson['names'];
  /** the slot of the receipt number of the loan's store on `date` */
  slot: (date: string) => CodeSlot;
  bankLedgerAccount: string | null;
  /** the loan's promises to pay and the standing receipts they are judged against (none read without a promise) */
  promises: PromiseRow[];
  promiseReceipts: Receipt[];
  /** the loan's current schedule revision (0: as paid out) */
  revision: number;
  /** the loan's latest receipt, standing or not (a waiver's place among the loan's events) */
  latestReceiptAny: number | null;
  /** the ledger account of the bank account `bankAccountId` named, when it is one of the loan's store (else null) */
  namedBankLedgerAccount: string | null;
  /** what a settlement or a principal receipt reads besides (null unless asked for: `{ flows: true }`) */
  flows: FlowReads | null;
}

/**
 * Reads the context of a receipt on loan `loanId` (404 when the caller's store scope does not
 * show it); `flows`: also what a settlement's quote and a principal receipt's reschedule read
 * (`FlowReads`); `bankAccountId`: that bank account's ledger account (a receipt matched from a
 * bank statement's line).
 */
export async function readReceiptContext(
  tx: Tx,
  ctx: ServiceContext,
  loanId: number,
  key: string | null,
  opts: { flows?: boolean; bankAccountId?: number; waiverKey?: string } = {},
): Promise<ReceiptContext> {
  const scope = takePendingScope(tx) ? scopeParameter(ctx) : null;
  const flows = opts.flows === true;
  const [row] = await prepared<{ c: ContextJson | null }>(tx, {
    ...CONTEXT,
    values: [
      loanId,
      {
        scope,
        key,
        settingKeys: flows ? [...SETTING_KEYS, ...FLOW_KEYS] : SETTING_KEYS,
        lang: ctx.lang,
        staffId: ctx.auth?.staffId ?? null,
        codeKind: 'repayNo',
        flows,
        bankAccountId: opts.bankAccountId ?? null,
        waiverKey: opts.waiverKey ?? null,
      },
    ],
  });
  const c = found(row?.c ?? undefined);
  const loan = rowFromJson(loans, c.loan);
  if (c.retry || c.waiverRetry) {
    const none = () => {
      throw new Error('a retried receipt reads nothing more');
    };
    return {
      loan,
      retry: c.retry ? rowFromJson(loanRepayments, c.retry) : null,
      waiverRetry: c.waiverRetry ? rowFromJson(loanWaivers, c.waiverRetry) : null,
      today: '', activePeriodDays: 0, state: none, engine: { settings: {}, holidays: [] }, names: { customerName: '', storeName: '', makerName: null }, slot: none, bankLedgerAccount: null, promises: [], promiseReceipts: [], revision: 0, latestReceiptAny: null, namedBankLedgerAccount: null, flows: null };
  }
  const format = c.codeFormat ? rowFromJson(codeFormats, c.codeFormat) : null;
  return {
    loan,
    retry: null,
    waiverRetry: null,
    today: c.today,
    activePeriodDays: settingsOf(c.settings, ['activePeriodDays']).activePeriodDays,
    state: (opts = {}) => repaymentStateOf(loan, c.instalments, c.approval ?? undefined, c.paid, c.totals, c.waived, c.waivedTotals, opts),
    engine: engineOf(c.settings, c.holidays),
    names: c.names,
    slot: (date) => slotOf('repayNo', { storeId: loan.storeId, date }, format, c.storeCode),
    bankLedgerAccount: c.bankLedgerAccount,
    promises: c.promises,
    promiseReceipts: c.promiseReceipts,
    revision: c.revision,
    latestReceiptAny: c.latestReceiptAny,
    namedBankLedgerAccount: c.namedBankLedgerAccount,
    flows: c.history ? flowReads(loan, c, c.history) : null,
  };
}

function flowReads(loan: LoanRow, c: ContextJson, history: HistoryRows): FlowReads {
  const settings = settingsOf(c.settings, FLOW_KEYS);
  return {
    lock: { months: c.approval?.lockMonths ?? 0, fee: c.approval?.lockFee ?? null },
    history: loanHistoryOf(loan, history),
    company: { maxApr: settings.maxApr, maxAprExcessAction: settings.maxAprExcessAction },
    rule: settings.principalRepaymentRule,
  };
}

/** Contexts read by the route's lock, for the retry and the handler of the same transaction. */
const held = new WeakMap<object, ReceiptContext>();

/** The context the route's lock read on `loanId` in this transaction, if any. */
export function heldContext(tx: Tx, loanId: number): ReceiptContext | undefined {
  const c = held.get(tx);
  return c?.loan.id === loanId ? c : undefined;
}

/**
 * The workflow's `lockWith` of a receipt: the loan locked, its context read and kept for the
 * action (a principal receipt's with the loan's flows, for its reschedule).
 */
export async function lockForReceipt(tx: Tx, ctx: ServiceContext, loanId: number, body: { idempotencyKey: string; repayType?: string }): Promise<LoanRow> {
  const c = await readReceiptContext(tx, ctx, loanId, body.idempotencyKey, { flows: body.repayType === 'principal' });
  held.set(tx, c);
  return c.loan;
}

/** The workflow's `lockWith` of a waiver: as a receipt's, its key looked up among the loan's waivers. */
export async function lockForWaiver(tx: Tx, ctx: ServiceContext, loanId: number, body: { idempotencyKey: string }): Promise<LoanRow> {
  const c = await readReceiptContext(tx, ctx, loanId, null, { waiverKey: body.idempotencyKey });
  held.set(tx, c);
  return c.loan;
}

/** The workflow's `lockWith` of an early settlement: as a receipt's, with what the quote reads. */
export async function lockForSettlement(tx: Tx, ctx: ServiceContext, loanId: number, body: { idempotencyKey: string }): Promise<LoanRow> {
  const c = await readReceiptContext(tx, ctx, loanId, body.idempotencyKey, { flows: true });
  held.set(tx, c);
  return c.loan;
}
