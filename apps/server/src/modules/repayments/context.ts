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
import { codeFormats, loanRepayments, loans } from '../../db/schema/index.js';
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
/** what an early settlement reads besides: the company's maximum APR and its excess action */
const SETTLEMENT_KEYS = ['maxApr', 'maxAprExcessAction'] as const;

const CONTEXT = { name: 'harbour-receipt-context', text: 'select harbour_receipt_context($1::integer, $2::jsonb) as c' };

interface ContextJson {
  loan: Record<string, unknown>;
  retry?: Record<string, unknown>;
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
  /** only when asked for a settlement */
  history: HistoryRows | null;
}

/** What an early settlement reads besides a receipt's context (`quoteFrom` in ./settlement.ts). */
export interface SettlementReads {
  /** the current approval's early-settle lock period (months from the loan date) and its fee */
  lock: { months: number; fee: string | null };
  /** the loan's real cash flows so far (s.21's bound) */
  history: LoanCashFlows;
  company: Pick<SystemSettings, (typeof SETTLEMENT_KEYS)[number]>;
}

export interface ReceiptContext {
  loan: LoanRow;
  /** the row the idempotency key already posted on the loan (nothing else was read then) */
  retry: typeof loanRepayments.$inferSelect | null;
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
  /** what an early settlement reads besides (null unless asked for: `{ settlement: true }`) */
  settlement: SettlementReads | null;
}

/**
 * Reads the context of a receipt on loan `loanId` (404 when the caller's store scope does not
 * show it); `settlement`: also what an early settlement's quote reads (`SettlementReads`).
 */
export async function readReceiptContext(tx: Tx, ctx: ServiceContext, loanId: number, key: string | null, opts: { settlement?: boolean } = {}): Promise<ReceiptContext> {
  const scope = takePendingScope(tx) ? scopeParameter(ctx) : null;
  const settlement = opts.settlement === true;
  const [row] = await prepared<{ c: ContextJson | null }>(tx, {
    ...CONTEXT,
    values: [
      loanId,
      {
        scope,
        key,
        settingKeys: settlement ? [...SETTING_KEYS, ...SETTLEMENT_KEYS] : SETTING_KEYS,
        lang: ctx.lang,
        staffId: ctx.auth?.staffId ?? null,
        codeKind: 'repayNo',
        settlement,
      },
    ],
  });
  const c = found(row?.c ?? undefined);
  const loan = rowFromJson(loans, c.loan);
  if (c.retry) {
    const none = () => {
      throw new Error('a retried receipt reads nothing more');
    };
    return { loan, retry: rowFromJson(loanRepayments, c.retry), today: '', activePeriodDays: 0, state: none, engine: { settings: {}, holidays: [] }, names: { customerName: '', storeName: '', makerName: null }, slot: none, bankLedgerAccount: null, promises: [], promiseReceipts: [], settlement: null };
  }
  const format = c.codeFormat ? rowFromJson(codeFormats, c.codeFormat) : null;
  return {
    loan,
    retry: null,
    today: c.today,
    activePeriodDays: settingsOf(c.settings, ['activePeriodDays']).activePeriodDays,
    state: (opts = {}) => repaymentStateOf(loan, c.instalments, c.approval ?? undefined, c.paid, c.totals, c.waived, c.waivedTotals, opts),
    engine: engineOf(c.settings, c.holidays),
    names: c.names,
    slot: (date) => slotOf('repayNo', { storeId: loan.storeId, date }, format, c.storeCode),
    bankLedgerAccount: c.bankLedgerAccount,
    promises: c.promises,
    promiseReceipts: c.promiseReceipts,
    settlement: c.history
      ? {
          lock: { months: c.approval?.lockMonths ?? 0, fee: c.approval?.lockFee ?? null },
          history: loanHistoryOf(loan, c.history),
          company: settingsOf(c.settings, SETTLEMENT_KEYS),
        }
      : null,
  };
}

/** Contexts read by the route's lock, for the retry and the handler of the same transaction. */
const held = new WeakMap<object, ReceiptContext>();

/** The context the route's lock read on `loanId` in this transaction, if any. */
export function heldContext(tx: Tx, loanId: number): ReceiptContext | undefined {
  const c = held.get(tx);
  return c?.loan.id === loanId ? c : undefined;
}

/** The workflow's `lockWith` of a receipt: the loan locked, its context read and kept for the action. */
export async function lockForReceipt(tx: Tx, ctx: ServiceContext, loanId: number, body: { idempotencyKey: string }): Promise<LoanRow> {
  const c = await readReceiptContext(tx, ctx, loanId, body.idempotencyKey);
  held.set(tx, c);
  return c.loan;
}

/** The workflow's `lockWith` of an early settlement: as a receipt's, with what the quote reads. */
export async function lockForSettlement(tx: Tx, ctx: ServiceContext, loanId: number, body: { idempotencyKey: string }): Promise<LoanRow> {
  const c = await readReceiptContext(tx, ctx, loanId, body.idempotencyKey, { settlement: true });
  held.set(tx, c);
  return c.loan;
}
