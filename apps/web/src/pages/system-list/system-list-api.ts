import {
  SYSTEM_LIST_PATHS as P,
  type CreateSystemDevelopInput,
  type CreateSystemInput,
  type SettingGroup,
  type SystemDevelop,
  type SystemMonitor,
  type SystemParam,
} from '@harbour/contracts';
import { request } from '../../api/index.js';

/** System list, develop list and monitor (spec §7 getSystem… / createSystem… calls). */
export const systemListApi = {
  groups: (signal?: AbortSignal) => request<{ id: SettingGroup; count: number }[]>(P.groups, { signal }),
  group: (id: SettingGroup, signal?: AbortSignal) => request<SystemParam[]>(P.group.replace(':id', id), { signal }),
  /** Silent: field errors are shown under the input; the success message comes from the server. */
  set: (body: CreateSystemInput) => request<SystemParam>(P.set, { method: 'POST', body, silent: true }),
  developList: (signal?: AbortSignal) => request<SystemDevelop[]>(P.developList, { signal }),
  setDevelop: (body: CreateSystemDevelopInput) => request<SystemDevelop>(P.setDevelop, { method: 'POST', body }),
  monitor: (signal?: AbortSignal) => request<SystemMonitor>(P.monitor, { signal }),
};
