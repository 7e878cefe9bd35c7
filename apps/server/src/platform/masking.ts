import type { PermissionKey } from '@harbour/contracts';
import { maskTail } from '@harbour/domain';
import type { DbOrTx } from '../db/client.js';
import type { AuthContext } from '../http/types.js';
import { readSettings } from './settings.js';

/**
 * How list and get answers show personal numbers (HKID, ID numbers, phones): always masked to the
 * "visible tel. no." digits (architecture: every look at a whole number goes through an audited
 * reveal action), with whether the caller holds the key that opens that reveal.
 */
export interface Masking {
  visibleDigits: number;
  canReveal: boolean;
}

/** The caller may ask for a whole number: holds `revealKey`, or is the super administrator. */
export const mayReveal = (auth: AuthContext | null, revealKey: PermissionKey) => !!auth && (auth.superAdmin || auth.permissions.has(revealKey));

/** The masking of this request: the `visibleTelDigits` setting (read now, never cached) and the caller's reveal key. */
export async function maskingFor(db: DbOrTx, auth: AuthContext | null, revealKey: PermissionKey): Promise<Masking> {
  const { visibleTelDigits } = await readSettings(db, ['visibleTelDigits']);
  return { visibleDigits: visibleTelDigits, canReveal: mayReveal(auth, revealKey) };
}

/** A number as answers show it under `masking` (null stays null). */
export const masked = (value: string | null, masking: Pick<Masking, 'visibleDigits'>) => maskTail(value, masking.visibleDigits);
