import type { RevealableStaffField, StaffState } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.staff;

/**
 * The administration calls that are not plain resource CRUD: staff state and unlock, the audited
 * reveal of a masked number, force logout, the permission tree and refresh, the access IP switch.
 */
export const adminApi = {
  setStaffState: (id: number, state: StaffState) => call(api.setState, { params: { id }, body: { state } }),
  unlockStaff: (id: number) => call(api.unlock, { params: { id }, body: {} }),
  reveal: (id: number, field: RevealableStaffField) => call(api.reveal, { params: { id }, body: { field } }),
  revokeSession: (sessionId: number) => call(api.revokeSession, { body: { sessionId } }),
  permissionTree: (signal?: AbortSignal) => call(api.permissionTree, { signal }),
  refreshPermissions: () => call(api.refreshPermissions, { body: {} }),
  accessIpSetting: (signal?: AbortSignal) => call(api.accessIpSetting, { signal }),
  setAccessIpSetting: (enabled: boolean) => call(api.setAccessIpSetting, { body: { enabled } }),
};
