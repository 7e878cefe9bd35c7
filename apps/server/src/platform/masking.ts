import type { PermissionKey } from '@harbour/contracts';
import { maskTail } from '@harbour/domain';
import type { DbOrTx } from '../db/client.js';
import type { AuthContext } from './auth-context.js';
import { may } from './context.js';
import { readSettings } from './settings.js';

/**
 * The one policy for personal numbers (HKID / ID numbers, phones) in answers (PCPD Code of
 * Practice on the ID Card Number, spec §6 "visible tel. no."): list, get and export answers always
 * show them masked to the `visibleTelDigits` setting; a staff member holding the area's reveal key
 * (`staff.reveal`, `persona.reveal`) sees a whole one only through the area's audited
 * `POST …/{id}/reveal`. Audit before/after copies keep them masked too, so the log (readable with
 * the log permission) does not become a way around the reveal key.
 */
export interface Masking {
  visibleDigits: number;
  /** The caller may ask for the audited reveal. */
  canReveal: boolean;
  /** The value as answers show it. */
  show: (value: string | null) => string | null;
}

/** Masking for the caller under the current "visible tel. no." setting (read per request). */
export async function maskingFor(db: DbOrTx, auth: AuthContext | null, revealKey: PermissionKey): Promise<Masking> {
  const { visibleDigits } = await answerMasking(db);
  return { visibleDigits, canReveal: may({ auth }, revealKey), show: (v) => masked(v, { visibleDigits }) };
}

/**
 * Masking of an answer that has no reveal of its own — a report's `masked` columns (on screen and
 * in its file), a loan's customer and collateral owners, the application form's blacklist warning:
 * the "visible tel. no." digits for everyone, whatever keys the caller holds (the whole number is
 * seen only through the area's own audited reveal).
 */
export async function answerMasking(db: DbOrTx): Promise<Pick<Masking, 'visibleDigits'>> {
  const { visibleTelDigits } = await readSettings(db, ['visibleTelDigits']);
  return { visibleDigits: visibleTelDigits };
}

/** Digits an audit copy keeps visible (fixed: a log row must not change with the setting). */
export const AUDIT_VISIBLE_DIGITS = 4;

/** A number as an audit row keeps it: its last AUDIT_VISIBLE_DIGITS only. */
export const maskedAuditValue = (value: string | null) => maskTail(value, AUDIT_VISIBLE_DIGITS);

/** An audit copy of `row` with the named personal numbers masked. */
export function maskedForAudit<T extends Record<string, unknown>>(row: T, fields: readonly (keyof T)[]): T {
  const copy = { ...row };
  for (const f of fields) {
    const v = copy[f];
    if (typeof v === 'string') copy[f] = maskTail(v, AUDIT_VISIBLE_DIGITS) as T[keyof T];
  }
  return copy;
}

/** A number as answers show it under `masking`'s digits (null stays null): for callers with only the digits (a blacklist hit). */
export const masked = (value: string | null, masking: Pick<Masking, 'visibleDigits'>) => maskTail(value, masking.visibleDigits);

/**
 * A phone of someone the lender may contact only once they consented (a referee: licensing
 * condition 2021, "a referee's written consent is obtained before the lender contacts them"):
 * withheld whole — every digit masked, whatever the "visible tel. no." digits — until the consent
 * is recorded, then shown as any phone is (`visibleDigits`).
 */
export const contactPhone = (value: string | null, visibleDigits: number, consented: boolean) => maskTail(value, consented ? visibleDigits : 0);
