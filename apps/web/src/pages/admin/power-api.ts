import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

/** Power → staff list: the key filter's choices and one member's keys. */
export const powerApi = {
  keys: (signal?: AbortSignal) => call(endpoints.staff.powerKeys, { signal }),
  staff: (id: number, signal?: AbortSignal) => call(endpoints.staff.power, { params: { id }, signal }),
};
