/**
 * How an early settlement (MLO s.21) clears each instalment. The quote says what is paid in all;
 * the lines say what of it each instalment takes, so that the loan is fully repaid afterwards:
 *
 * - every instalment's unpaid principal, overdue interest and handling fee (accrued to the date) is paid;
 * - the quote's interest is paid earliest instalment first, up to each one's unpaid interest;
 * - the scheduled interest left unpaid is waived (the rebate, or interest for periods not yet run).
 *
 * So for each instalment paid + waived interest = its scheduled interest, and the lines add up to
 * the quote's principal, interest, overdue interest and fees exactly.
 */
import { Decimal, ZERO, minDec, sum } from './decimal.js';
import { DomainError } from './errors.js';
import { accrueOverdue } from './overdue.js';
import { type RepaymentState, unpaidFee, unpaidInterest, unpaidOverdueInterest, unpaidPrincipal } from './repayment-state.js';
import type { SettlementQuote } from './settlement.js';
import type { SettingsInput } from './settings.js';

export interface SettlementLine {
  tenor: number;
  /** overdue interest charged by this settlement (accrued from the last accrual to the date) */
  overdueInterestCharged: Decimal;
  /** handling fee charged by this settlement */
  feeCharged: Decimal;
  /** the date overdue interest is accrued to afterwards (null: never accrued) */
  accruedTo: string | null;
  overdueInterest: Decimal;
  handlingFee: Decimal;
  interest: Decimal;
  principal: Decimal;
  /** scheduled interest not charged */
  interestWaived: Decimal;
}

export interface SettlementAllocation {
  lines: SettlementLine[];
  /** the state afterwards: nothing left to pay (waived interest counts as settled) */
  state: RepaymentState;
}

/**
 * Splits `quote` (from `settlementQuote(state, quote.date, …)` with the same settings and holidays)
 * over the instalments. Lines only for instalments the settlement changes.
 */
export function settlementAllocation(
  state: RepaymentState,
  quote: SettlementQuote,
  settingsInput: SettingsInput = {},
  holidays: Iterable<string> = [],
): SettlementAllocation {
  const accrued = accrueOverdue(state, quote.date, settingsInput, holidays).state;
  let interestLeft = quote.interest;
  const lines: SettlementLine[] = [];
  const instalments = accrued.instalments.map((inst, k) => {
    const before = state.instalments[k]!;
    const owed = unpaidInterest(inst);
    const interest = minDec(interestLeft, owed);
    interestLeft = interestLeft.minus(interest);
    const line: SettlementLine = {
      tenor: inst.tenor,
      overdueInterestCharged: inst.overdueInterestCharged.minus(before.overdueInterestCharged),
      feeCharged: inst.feeCharged.minus(before.feeCharged),
      accruedTo: inst.overdueAccruedTo,
      overdueInterest: unpaidOverdueInterest(inst),
      handlingFee: unpaidFee(inst),
      interest,
      principal: unpaidPrincipal(inst),
      interestWaived: owed.minus(interest),
    };
    const changed =
      inst.overdueAccruedTo !== before.overdueAccruedTo ||
      [line.overdueInterestCharged, line.feeCharged, line.overdueInterest, line.handlingFee, line.interest, line.principal, line.interestWaived].some((v) => !v.isZero());
    if (changed) lines.push(line);
    return {
      ...inst,
      paidPrincipal: inst.principal,
      paidInterest: inst.interest,
      // what a waiver gave up stays waived; the settlement pays the rest
      overdueInterestPaid: inst.overdueInterestCharged.minus(inst.overdueInterestWaived),
      feePaid: inst.feeCharged.minus(inst.feeWaived),
    };
  });
  const totals = {
    principal: sum(lines.map((l) => l.principal)),
    interest: sum(lines.map((l) => l.interest)),
    overdueInterest: sum(lines.map((l) => l.overdueInterest)),
    handlingFee: sum(lines.map((l) => l.handlingFee)),
  };
  if (
    interestLeft.gt(ZERO) ||
    !totals.principal.eq(quote.principal) ||
    !totals.interest.eq(quote.interest) ||
    !totals.overdueInterest.eq(quote.overdueInterest) ||
    !totals.handlingFee.eq(quote.handlingFee)
  ) {
    throw new DomainError('INVALID_TERMS', { reason: 'the quote does not match the repayment state on its date' });
  }
  return { lines, state: { ...accrued, instalments, lastRepaymentDate: quote.date } };
}
