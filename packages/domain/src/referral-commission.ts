/**
 * The commission the lender owes a referral agent (intermediary) for a loan it introduced: a
 * percentage of the loan amount, or a fixed HKD sum per loan, as the agent's terms say
 * (`referral_agents.commission_kind`, `commission`). Worked out once, when the money is lent, and
 * kept with the payout (`loan_payouts.referral_commission`), so the referral agent sales report
 * adds up kept figures and a later change of the agent's terms does not rewrite what was earned.
 */
import { type DecimalInput, dec } from './decimal.js';
import { roundMoney } from './rounding.js';

export interface CommissionTerms {
  kind: 'percent' | 'fixed';
  /** percent of the loan amount ("1.50" = 1.5 %), or the HKD sum per loan */
  commission: DecimalInput;
}

/**
 * The commission on a loan of `loanAmount`, two places: a percentage is rounded half-up to the
 * cent for each loan (`roundMoney`), never on a sum of loans; a fixed sum is the sum.
 */
export function referralCommission(loanAmount: DecimalInput, terms: CommissionTerms): string {
  const amount = terms.kind === 'percent' ? dec(loanAmount).times(dec(terms.commission)).div(100) : dec(terms.commission);
  return roundMoney(amount).toFixed(2);
}
