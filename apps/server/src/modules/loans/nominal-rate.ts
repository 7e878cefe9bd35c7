/**
 * A loan's nominal annual rate: the contract's, before anything kept back (the glossary's term) —
 * the application form's figure for these terms, which the papers print beside the Ordinance's
 * effective annual rate (that one has the up-front interest and fees in it).
 */
import type { DbOrTx } from '../../db/client.js';
import type { LoanRow } from '../loan-core/row.js';
import { termsOf } from '../loan-core/terms.js';
import { runCalculator } from '../tools/calculator-service.js';

export async function nominalRateOf(tx: DbOrTx, loan: LoanRow): Promise<string> {
  return (await runCalculator(tx, termsOf(loan, '0'))).nominalRate;
}
