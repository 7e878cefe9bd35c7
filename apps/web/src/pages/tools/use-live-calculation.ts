import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calculatorApi, type CalculatorBody } from './calculator-api';
import { useDebounced } from '../../components/use-debounced';

/** Wait this long after the last keystroke before asking the server. */
export const CALC_DEBOUNCE_MS = 350;

/**
 * The server's calculation of terms as they are typed (the calculator page, the application
 * form's preview): one request once typing settles, the last answer kept on screen meanwhile.
 * `settledKey` is the body the answer is for ('' while the terms are incomplete).
 */
export function useLiveCalculation(body: CalculatorBody | undefined) {
  const settledKey = useDebounced(body ? JSON.stringify(body) : '', CALC_DEBOUNCE_MS);
  const calc = useQuery({
    queryKey: ['tools', 'calculator', settledKey],
    queryFn: ({ signal }) => calculatorApi.calculate(JSON.parse(settledKey) as CalculatorBody, signal),
    enabled: settledKey !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const waiting = body !== undefined && (JSON.stringify(body) !== settledKey || calc.isFetching);
  return { calc, settledKey, waiting };
}
