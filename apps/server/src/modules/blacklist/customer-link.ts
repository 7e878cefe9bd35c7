import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { blacklist, type customers } from '../../db/schema/index.js';

type CustomerRow = typeof customers.$inferSelect;

/**
 * A customer marked black puts their ID number and first mobile on the blacklist (one row, linked
 * by `customer_id`), so every later application that names those numbers — whoever it is for — is
 * caught by `blacklistHits`. A number already listed is not listed twice. Written inside the
 * customer's status change (its one audit row names the entry). Answers the new row's id, or null
 * when both numbers were listed already.
 */
export async function listCustomerNumbers(tx: Tx, customer: CustomerRow, reason: string, by: number | null): Promise<number | null> {
  const taken = await tx
    .select({ idNumber: blacklist.idNumber, phone: blacklist.phone })
    .from(blacklist)
    .where(or(eq(blacklist.idNumber, customer.idNumber), eq(blacklist.phone, customer.mobile1)));
  const idNumber = taken.some((r) => r.idNumber === customer.idNumber) ? null : customer.idNumber;
  const phone = taken.some((r) => r.phone === customer.mobile1) ? null : customer.mobile1;
  if (idNumber === null && phone === null) return null;
  const [row] = await tx
    .insert(blacklist)
    .values({ idNumber, phone, name: customer.name, remarks: reason, customerId: customer.id, createdBy: by })
    .returning({ id: blacklist.id });
  return row!.id;
}

/** A customer marked white again: the entries their black status made are removed (others stay). Answers their ids. */
export async function unlistCustomerNumbers(tx: Tx, customerId: number): Promise<number[]> {
  const rows = await tx.delete(blacklist).where(and(eq(blacklist.customerId, customerId), isNotNull(blacklist.customerId))).returning({ id: blacklist.id });
  return rows.map((r) => r.id);
}
