import type { CSSProperties } from 'react';
import type { DecimalPlaces } from '@harbour/domain';
import { moneyDisplay } from './format.js';

interface MoneyProps {
  /** Decimal string as the API sends it ("1234.50"). */
  value: string | null | undefined;
  /** The company's decimal places setting (0–2); 2 when left out. */
  decimals?: DecimalPlaces;
  style?: CSSProperties;
}

/**
 * An amount, right-aligned with tabular digits so columns of money line up, formatted by the
 * one display formatter (`moneyDisplay`: "1,234,567.50"). No value shows nothing; text that is not a
 * decimal is shown as it came rather than hidden.
 */
export function Money({ value, decimals = 2, style }: MoneyProps) {
  return (
    <span
      className="harbour-money"
      style={{ display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...style }}
    >
      {moneyDisplay(value, decimals)}
    </span>
  );
}
