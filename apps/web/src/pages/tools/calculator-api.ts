import { call, callDownload } from '../../api/index.js';
import { endpoints, type CalculatorBody } from '../../api/endpoints.js';

export type { CalculatorBody };

const api = endpoints.tools;

export const calculatorApi = {
  options: (signal?: AbortSignal) => call(api.calculatorOptions, { signal }),
  /** Silent: the page shows field errors under the inputs while the user is still typing. */
  calculate: (body: CalculatorBody, signal?: AbortSignal) =>
    call(api.calculate, { body, signal, silent: true }),
  /** Saves the xlsx of the same calculation under the server's file name. */
  exportXlsx: (body: CalculatorBody) =>
    callDownload(api.exportCalculation, { body, filename: `repayment-schedule-${String(body.loanDate ?? '')}.xlsx` }),
};
