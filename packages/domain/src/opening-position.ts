/**
 * The opening position of a loan brought in from a lender's previous system (docs/import.md):
 * what the previous system says was paid up to the cut-over date, spread over the loan's schedule
 * as a receipt would have paid it — each instalment's interest and principal in due order — so
 * that the loan's due state in Harbour on the cut-over date is the one the file implies.
 */
import { Decimal, type DecimalInput, ZERO, dec, sum } from './decimal.js';
import { DomainError } from './errors.js';

export interface OpeningInstalment {
  tenor: number;
  principal: DecimalInput;
  interest: DecimalInput;
}

export interface OpeningLine {
  tenor: number;
  principal: string;
  interest: string;
}

/** Takes up to each part's amount from `left`, in order; answers what each part took. */
function fill(parts: readonly Decimal[], left: Decimal): Decimal[] {
  return parts.map((part) => {
    const take = Decimal.min(part, left);
    left = left.minus(take);
    return take;
  });
}

/**
 * The paid principal and interest spread over the instalments in tenor order (the instalments a
 * line touches only). Throws `OPENING_EXCEEDS_SCHEDULE` when the file says more was paid of a part
 * than the schedule ever asks.
 */
export function openingLines(schedule: readonly OpeningInstalment[], paid: { principalPaid: DecimalInput; interestPaid: DecimalInput }): OpeningLine[] {
  const ordered = [...schedule].sort((a, b) => a.tenor - b.tenor);
  const principal = ordered.map((i) => dec(i.principal));
  const interest = ordered.map((i) => dec(i.interest));
  for (const [part, parts, value] of [['principal', principal, paid.principalPaid], ['interest', interest, paid.interestPaid]] as const) {
    if (dec(value).gt(sum(parts))) throw new DomainError('OPENING_EXCEEDS_SCHEDULE', { part, paid: dec(value).toFixed(2), scheduled: sum(parts).toFixed(2) });
  }
  const p = fill(principal, dec(paid.principalPaid));
  const i = fill(interest, dec(paid.interestPaid));
  return ordered
    .map((inst, n) => ({ tenor: inst.tenor, principal: p[n]!.toFixed(2), interest: i[n]!.toFixed(2) }))
    .filter((l) => !dec(l.principal).eq(ZERO) || !dec(l.interest).eq(ZERO));
}
