import { useQuery } from '@tanstack/react-query';
import { dec, isDecimalString } from '@harbour/domain';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';
import { usePermission } from '../../components/Permission.js';

/** The "decimal places" setting (System → default settings) as the calculator reports it; 2 until known or for staff without the calculator. */
export function useDecimalPlaces(): number {
  const allowed = usePermission('tools.calculator');
  const options = useQuery({
    queryKey: ['tools', 'calculator', 'options'],
    queryFn: ({ signal }) => call(endpoints.tools.calculatorOptions, { signal, silent: true }),
    enabled: allowed,
    retry: false,
    staleTime: 60_000,
  });
  return options.data?.decimalPlaces ?? 2;
}

/** A rate shown as it was entered: its own decimals, padded with zeros only up to the setting's ("0.7" → 2 → "0.70"). */
export function rateDecimals(value: string, settingDecimals: number): number {
  const v = value.trim();
  return Math.max(settingDecimals, isDecimalString(v) ? dec(v).decimalPlaces() : 0);
}
