import type { RevealableBlacklistField } from '@harbour/contracts';
import { request } from '../../api/index.js';

/** The blacklist's own call beyond the generic resource ones: the audited reveal of a whole number. */
export const blacklistApi = {
  reveal: (id: number, field: RevealableBlacklistField) =>
    request<{ field: RevealableBlacklistField; value: string | null }>(`/blacklist/${id}/reveal`, { method: 'POST', body: { field } }),
};
