/**
 * Masking of personal numbers for staff without `staff.reveal` (spec §6 "visible tel. no."):
 * everything but the last `visible` characters becomes `*`, so a list still tells numbers apart
 * without exposing them. Separators are dropped first so the mask does not leak the format.
 */
export function maskTail(value: string | null, visible: number): string | null {
  if (value === null) return null;
  const plain = value.replace(/[\s()-]/g, '');
  const keep = Math.max(0, Math.min(visible, plain.length));
  return '*'.repeat(plain.length - keep) + plain.slice(plain.length - keep);
}
