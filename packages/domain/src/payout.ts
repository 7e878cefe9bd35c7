/**
 * What a payout deducts and what the borrower receives (spec §3 Approval, Payout). The approval
 * fixes up-front interest, the handling fee and the late drawdown fee; the late drawdown fee is
 * charged only when the money leaves after the agreed loan date. Amounts are exact decimals with
 * two places; nothing here rounds.
 */
import { type DecimalInput, ZERO, dec } from './decimal.js';
import { DomainError } from './errors.js';

export interface PayoutTerms {
  loanAmount: DecimalInput;
  upfrontInterest?: DecimalInput | null;
  handlingFee?: DecimalInput | null;
  lateDrawdownFee?: DecimalInput | null;
  /** the agreed loan (drawdown) date, YYYY-MM-DD */
  agreedDate: string;
  /** the day the money leaves, YYYY-MM-DD */
  payoutDate: string;
  /** a reloan: what settles the old loan on the payout date, paid out of this loan (spec §3 reloan number) */
  settlesOldLoan?: DecimalInput | null;
}

export interface PayoutFigures {
  loanAmount: string;
  upfrontInterest: string;
  handlingFee: string;
  /** charged: the payout is after the agreed date */
  lateDrawdownFee: string;
  late: boolean;
  /** the fees kept back: handling and (when late) late drawdown */
  feesDeducted: string;
  /** interest and fees kept back */
  totalDeducted: string;
  /** a reloan: the old loan's settlement paid out of this loan (not a deduction: it repays the borrower's debt) */
  oldLoanSettlement: string;
  /** what the borrower receives: the loan amount less the deductions and any old loan's settlement */
  amountReceived: string;
}

const money = (v: DecimalInput | null | undefined) => (v === null || v === undefined || v === '' ? ZERO : dec(v));

export function payoutFigures(t: PayoutTerms): PayoutFigures {
  const late = t.payoutDate > t.agreedDate;
  const loanAmount = dec(t.loanAmount);
  const upfront = money(t.upfrontInterest);
  const handling = money(t.handlingFee);
  const lateFee = late ? money(t.lateDrawdownFee) : ZERO;
  const deducted = upfront.plus(handling).plus(lateFee);
  const settlement = money(t.settlesOldLoan);
  if (!loanAmount.minus(deducted).gt(0)) throw new DomainError('DEDUCTIONS_EXCEED_LOAN', { loanAmount: loanAmount.toFixed(2), deducted: deducted.toFixed(2) });
  const received = loanAmount.minus(deducted).minus(settlement);
  if (!received.gt(0)) {
    throw new DomainError('SETTLEMENT_EXCEEDS_PAYOUT', { settlement: settlement.toFixed(2), payable: loanAmount.minus(deducted).toFixed(2) });
  }
  return {
    loanAmount: loanAmount.toFixed(2),
    upfrontInterest: upfront.toFixed(2),
    handlingFee: handling.toFixed(2),
    lateDrawdownFee: lateFee.toFixed(2),
    late,
    feesDeducted: handling.plus(lateFee).toFixed(2),
    totalDeducted: deducted.toFixed(2),
    oldLoanSettlement: settlement.toFixed(2),
    amountReceived: received.toFixed(2),
  };
}
