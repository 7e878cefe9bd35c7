/**
 * A loan's receipts brought in from a lender's previous system (docs/import.md), posted again in
 * date order by Harbour's own allocation — overdue interest and fees accrued to each receipt's
 * date, then the counter's waterfall — so an imported loan's state at the cut-over date is the one
 * Harbour would hold had every receipt been taken at its counter, and the next receipt allocates
 * as on a native loan.
 */
import { type Allocation, allocateReceipt } from './allocation.js';
import { type DecimalInput, dec, sum } from './decimal.js';
import { DomainError, isDomainError } from './errors.js';
import { type RepaymentState } from './repayment-state.js';
import { type SettingsInput } from './settings.js';

export interface HistoricalReceipt {
  date: string;
  amount: DecimalInput;
}

export interface ReceiptHistory {
  /** each receipt's allocation, in the order posted (date, then the order given) */
  allocations: Allocation[];
  /** the state after the last receipt posted */
  state: RepaymentState;
  /** the first receipt the rules refuse, by its index in `receipts`; the ones after it are not posted */
  refused: { index: number; error: DomainError } | null;
}

/**
 * Posts `receipts` on `state` in date order (a stable sort: receipts of one day keep the order
 * given). Stops at the first refusal: every later receipt would meet a state the old system never had.
 */
export function replayReceipts(state: RepaymentState, receipts: readonly HistoricalReceipt[], settings: SettingsInput = {}, holidays: Iterable<string> = []): ReceiptHistory & { order: number[] } {
  const order = receipts.map((_, n) => n).sort((a, b) => (receipts[a]!.date < receipts[b]!.date ? -1 : receipts[a]!.date > receipts[b]!.date ? 1 : a - b));
  // one set of holidays for every receipt (makeCalendar takes a Set as it is)
  const days = holidays instanceof Set ? holidays : new Set(holidays);
  const allocations: Allocation[] = [];
  let current = state;
  for (const index of order) {
    const r = receipts[index]!;
    try {
      const a = allocateReceipt(current, { date: r.date, received: r.amount, mode: 'auto' }, settings, days);
      allocations.push(a);
      current = a.state;
    } catch (e) {
      if (!isDomainError(e)) throw e;
      return { allocations, state: current, refused: { index, error: e }, order };
    }
  }
  return { allocations, state: current, refused: null, order };
}

/**
 * Temporary amounts the previous system held for the loan (money received, nothing applied): added
 * to the state's temporary amount; the last of their dates is the last repayment date if later.
 */
export function holdTemporaryAmounts(state: RepaymentState, held: readonly { date: string; amount: DecimalInput }[]): RepaymentState {
  if (held.length === 0) return state;
  const dates = [state.lastRepaymentDate, ...held.map((h) => h.date)].filter((d): d is string => d !== null).sort();
  return { ...state, tempAmount: state.tempAmount.plus(sum(held.map((h) => dec(h.amount)))), lastRepaymentDate: dates.at(-1)! };
}
