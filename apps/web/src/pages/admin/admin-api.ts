import type { AccessIpSetting, PermissionTree, RevealableStaffField, StaffState } from '@harbour/contracts';
import { request } from '../../api/index.js';

/**
 * The administration calls that are not plain resource CRUD: staff state and unlock, the audited
 * reveal of a masked number, force logout, the permission tree and refresh, the access IP switch.
 */
export const adminApi = {
  setStaffState: (id: number, state: StaffState) => request<unknown>(`/staff/${id}/state`, { method: 'POST', body: { state } }),
  unlockStaff: (id: number) => request<unknown>(`/staff/${id}/unlock`, { method: 'POST', body: {} }),
  reveal: (id: number, field: RevealableStaffField) =>
    request<{ field: RevealableStaffField; value: string | null }>(`/staff/${id}/reveal`, { method: 'POST', body: { field } }),
  revokeSession: (sessionId: number) => request<unknown>('/revokeToken', { method: 'POST', body: { sessionId } }),
  permissionTree: (signal?: AbortSignal) => request<PermissionTree>('/permissions/tree', { signal }),
  refreshPermissions: () =>
    request<{ added: number; updated: number; total: number }>('/permissions/refresh', { method: 'POST', body: {} }),
  accessIpSetting: (signal?: AbortSignal) => request<AccessIpSetting>('/accessIps/setting', { signal }),
  setAccessIpSetting: (enabled: boolean) => request<AccessIpSetting>('/accessIps/setting', { method: 'POST', body: { enabled } }),
};
