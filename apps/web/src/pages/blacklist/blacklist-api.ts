import type { RevealableBlacklistField } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

/** The blacklist's own call beyond the generic resource ones: the audited reveal of a whole number. */
export const blacklistApi = {
  reveal: (id: number, field: RevealableBlacklistField) =>
    call(endpoints.blacklist.reveal, { params: { id }, body: { field } }),
};
