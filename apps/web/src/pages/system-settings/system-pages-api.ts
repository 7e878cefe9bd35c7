import {
  ACTIVE_PERIOD_PATH,
  CODE_FORMATS_PATH,
  VISIBLE_TEL_PATH,
  type ActivePeriod,
  type CodeFormatInput,
  type CodeFormatItem,
  type CodeFormatsAnswer,
  type VisibleTel,
} from '@harbour/contracts';
import type { CodeKind } from '@harbour/domain';
import { request } from '../../api/index.js';

/** System → code format, active period and visible tel. no. Saves are silent: field errors show under the inputs. */
export const codeFormatsApi = {
  get: (signal?: AbortSignal) => request<CodeFormatsAnswer>(CODE_FORMATS_PATH, { signal }),
  save: (kind: CodeKind, body: CodeFormatInput) => request<CodeFormatItem>(`${CODE_FORMATS_PATH}/${kind}`, { method: 'PUT', body, silent: true }),
};

export const activePeriodApi = {
  get: (signal?: AbortSignal) => request<ActivePeriod>(ACTIVE_PERIOD_PATH, { signal }),
  save: (body: ActivePeriod) => request<ActivePeriod>(ACTIVE_PERIOD_PATH, { method: 'PUT', body, silent: true }),
};

export const visibleTelApi = {
  get: (signal?: AbortSignal) => request<VisibleTel>(VISIBLE_TEL_PATH, { signal }),
  save: (body: VisibleTel) => request<VisibleTel>(VISIBLE_TEL_PATH, { method: 'PUT', body, silent: true }),
};
