import type { PowerKeyChoices, PowerStaffItem } from '@harbour/contracts';
import { request } from '../../api/index.js';

/** Power → staff list: the key filter's choices and one member's keys. */
export const powerApi = {
  keys: (signal?: AbortSignal) => request<PowerKeyChoices>('/powerStaff/keys', { signal }),
  staff: (id: number, signal?: AbortSignal) => request<PowerStaffItem>(`/powerStaff/${id}`, { signal }),
};
