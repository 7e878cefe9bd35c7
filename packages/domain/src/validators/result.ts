/** The result of a validator: the normalised value, or a stable error code (never an exception). */
export type ValidationResult<Code extends string> = { ok: true; value: string } | { ok: false; code: Code };

export const valid = (value: string): { ok: true; value: string } => ({ ok: true, value });
export const invalid = <Code extends string>(code: Code): { ok: false; code: Code } => ({ ok: false, code });
