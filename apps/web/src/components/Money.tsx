import type { CSSProperties } from 'react';
import { formatMoney } from './format.js';

interface MoneyProps {
  /** Decimal string as the API sends it ("1234.50"). */
  value: string | null | undefined;
  decimals?: number;
  style?: CSSProperties;
}

/** An amount, right-aligned with tabular digits so columns of money line up. */
export function Money({ value, decimals = 2, style }: MoneyProps) {
  return (
    <span
      className="harbour-money"
      style={{ display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...style }}
    >
      {formatMoney(value, decimals)}
    </span>
  );
}
