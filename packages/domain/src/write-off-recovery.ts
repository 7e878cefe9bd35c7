/**
 * Recovery of a written-off loan (spec §2 OCA write-off): what is still left to recover on the
 * write-off (its principal and interest less the recoveries standing), and what one more recovery
 * does — refused above what is left, the loan recovered in full when it takes what is left.
 */
import { type Decimal, type DecimalInput, ZERO, dec, sum } from './decimal.js';

export interface WriteOffRecovery {
  /** what the recoveries total once this one is counted */
  recovered: Decimal;
  /** what was left to recover before it */
  left: Decimal;
  /** more than is left: refused */
  above: boolean;
  /** takes what is left: the loan is recovered in full */
  full: boolean;
}

export function writeOffRecovery(writeOff: { principal: DecimalInput; interest: DecimalInput }, standing: readonly DecimalInput[], amount: DecimalInput): WriteOffRecovery {
  const before = sum(standing.map((a) => dec(a)));
  const left = dec(writeOff.principal).plus(dec(writeOff.interest)).minus(before);
  const take = dec(amount);
  return { recovered: before.plus(take), left: left.lt(ZERO) ? ZERO : left, above: take.gt(left), full: take.gte(left) };
}
