/**
 * The settings' maximum APR and its excess action (prompt and block, prompt and confirm, nothing).
 */
import { type DecimalInput, dec, percentToFraction } from './decimal.js';
import { formatPercent } from './rounding.js';
import { type MaxAprExcessAction } from './settings.js';

export interface MaxAprCheck {
  /** may the loan be saved */
  allowed: boolean;
  /** must the user confirm before saving */
  needsConfirmation: boolean;
  /** English warning to show, or null when nothing is shown */
  warning: string | null;
  /** stable code of the warning for translation */
  code: 'MAX_APR_EXCEEDED' | null;
  params: { rate: string; maxApr: string } | null;
}

/**
 * Applies the maximum APR setting to a loan's effective annual rate (`rate` a fraction; `maxApr`
 * percent a year as in the settings). Equal to the maximum is within it.
 */
export function checkMaxApr(
  rate: DecimalInput,
  settings: { maxApr?: string | undefined; maxAprExcessAction: MaxAprExcessAction },
): MaxAprCheck {
  const ok: MaxAprCheck = { allowed: true, needsConfirmation: false, warning: null, code: null, params: null };
  if (settings.maxApr === undefined || settings.maxApr === '') return ok;
  const r = dec(rate);
  if (!r.gt(percentToFraction(settings.maxApr))) return ok;
  const params = { rate: formatPercent(r), maxApr: dec(settings.maxApr).toFixed() };
  const warning = `The effective rate ${params.rate}% exceeds the maximum APR ${params.maxApr}%`;
  switch (settings.maxAprExcessAction) {
    case 'prompt-and-block':
      return { allowed: false, needsConfirmation: false, warning, code: 'MAX_APR_EXCEEDED', params };
    case 'prompt-and-confirm':
      return { allowed: true, needsConfirmation: true, warning, code: 'MAX_APR_EXCEEDED', params };
    case 'nothing':
      return ok;
  }
}
