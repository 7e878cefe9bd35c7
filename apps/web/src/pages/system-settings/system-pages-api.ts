import type { ActivePeriod, CodeFormatInput, VisibleTel } from '@harbour/contracts';
import type { CodeKind } from '@harbour/domain';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.system;

/** System → code format, active period and visible tel. no. Saves are silent: field errors show under the inputs. */
export const codeFormatsApi = {
  get: (signal?: AbortSignal) => call(api.codeFormats, { signal }),
  save: (kind: CodeKind, body: CodeFormatInput) => call(api.saveCodeFormat, { params: { kind }, body, silent: true }),
};

export const activePeriodApi = {
  get: (signal?: AbortSignal) => call(api.activePeriod, { signal }),
  save: (body: ActivePeriod & { reason?: string }) => call(api.saveActivePeriod, { body, silent: true }),
};

export const visibleTelApi = {
  get: (signal?: AbortSignal) => call(api.visibleTel, { signal }),
  save: (body: VisibleTel) => call(api.saveVisibleTel, { body, silent: true }),
};
