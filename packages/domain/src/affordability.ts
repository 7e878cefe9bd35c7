/**
 * The figures of the affordability declaration (licensing condition 2021, compliance.md): the
 * borrower's monthly income, the instalments of existing debts, this loan's instalment, their
 * total and its share of the income. Amounts exact to the cent; the share in percent, two places
 * (as printed), or null without an income. Sums of cent amounts are exact; only the share rounds.
 */
import { dec } from './decimal.js';

export interface AffordabilityFigures {
  income: string | null;
  existing: string;
  newInstalment: string;
  total: string;
  ratio: string | null;
}

/** The exact sum of decimal amounts, to the cent (an empty list sums to 0.00). */
export const sumMoney = (amounts: readonly string[]): string => amounts.reduce((s, a) => s.plus(dec(a)), dec('0')).toFixed(2);

export function affordability(input: { income: string | null; existingInstalments: readonly (string | null)[]; newInstalment: string }): AffordabilityFigures {
  const existing = dec(sumMoney(input.existingInstalments.filter((a): a is string => !!a)));
  const total = existing.plus(dec(input.newInstalment));
  const ratio = input.income && dec(input.income).gt(0) ? total.div(dec(input.income)).times(100).toFixed(2) : null;
  return { income: input.income, existing: existing.toFixed(2), newInstalment: dec(input.newInstalment).toFixed(2), total: total.toFixed(2), ratio };
}
