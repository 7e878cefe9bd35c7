import { formatRate } from './format.js';

/** A rate given in percent ("1.25" → "1.25%"). */
export function Rate({ value, decimals = 2 }: { value: string | null | undefined; decimals?: number }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatRate(value, decimals)}</span>;
}
