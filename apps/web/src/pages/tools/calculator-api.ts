import {
  CALCULATOR_EXPORT_PATH,
  CALCULATOR_OPTIONS_PATH,
  CALCULATOR_PATH,
  type CalculatorOptions,
  type CalculatorResult,
} from '@harbour/contracts';
import { download, request } from '../../api/index.js';

/** The request body as the form builds it (decimal strings, dates YYYY-MM-DD). */
export type CalculatorBody = Record<string, string | number | boolean>;

export const calculatorApi = {
  options: (signal?: AbortSignal) => request<CalculatorOptions>(CALCULATOR_OPTIONS_PATH, { signal }),
  /** Silent: the page shows field errors under the inputs while the user is still typing. */
  calculate: (body: CalculatorBody, signal?: AbortSignal) =>
    request<CalculatorResult>(CALCULATOR_PATH, { method: 'POST', body, signal, silent: true }),
  /** Saves the xlsx of the same calculation under the server's file name. */
  exportXlsx: (body: CalculatorBody) =>
    download(CALCULATOR_EXPORT_PATH, { method: 'POST', body, filename: `repayment-schedule-${String(body.loanDate ?? '')}.xlsx` }),
};
