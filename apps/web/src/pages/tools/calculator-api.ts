import {
  CALCULATOR_EXPORT_PATH,
  CALCULATOR_OPTIONS_PATH,
  CALCULATOR_PATH,
  type CalculatorOptions,
  type CalculatorResult,
  type ErrorEnvelope,
} from '@harbour/contracts';
import { ApiError, buildUrl, readToken, refreshDue, refreshTokens, request } from '../../api/index.js';
import { currentLanguage } from '../../i18n/index.js';

/** The request body as the form builds it (decimal strings, dates YYYY-MM-DD). */
export type CalculatorBody = Record<string, string | number | boolean>;

export const calculatorApi = {
  options: (signal?: AbortSignal) => request<CalculatorOptions>(CALCULATOR_OPTIONS_PATH, { signal }),
  /** Silent: the page shows field errors under the inputs while the user is still typing. */
  calculate: (body: CalculatorBody, signal?: AbortSignal) =>
    request<CalculatorResult>(CALCULATOR_PATH, { method: 'POST', body, signal, silent: true }),
  /**
   * The xlsx of the same calculation. The shared client reads JSON envelopes only, so this call
   * uses its URL and token helpers and reads the body as a file; an error still arrives as the
   * error envelope and is thrown as the client's ApiError.
   */
  exportXlsx: async (body: CalculatorBody): Promise<Blob> => {
    if (refreshDue()) await refreshTokens();
    const token = readToken();
    const res = await fetch(buildUrl(CALCULATOR_EXPORT_PATH), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `${token.tokenType} ${token.accessToken}` } : {}),
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    if (res.ok) return res.blob();
    const envelope = (await res.json().catch(() => undefined)) as ErrorEnvelope | undefined;
    throw new ApiError(envelope?.message ?? String(res.status), envelope?.status ?? res.status, res.status, envelope?.errors);
  },
};

/** Hands a file to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
