import type { CreateSystemDevelopInput, CreateSystemInput, SettingGroup } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.system;

/** System list, develop list and monitor (spec §7 getSystem… / createSystem… calls). */
export const systemListApi = {
  groups: (signal?: AbortSignal) => call(api.groups, { signal }),
  group: (id: SettingGroup, signal?: AbortSignal) => call(api.group, { params: { id }, signal }),
  /** Silent: field errors are shown under the input; the success message comes from the server. */
  set: (body: CreateSystemInput) => call(api.set, { body, silent: true }),
  developList: (signal?: AbortSignal) => call(api.developList, { signal }),
  setDevelop: (body: CreateSystemDevelopInput) => call(api.setDevelop, { body }),
  monitor: (signal?: AbortSignal) => call(api.monitor, { signal }),
};
