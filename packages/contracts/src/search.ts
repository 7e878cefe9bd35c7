import { z } from 'zod';
import { loanCustomerSchema, loanListItemSchema } from './loans.js';

/**
 * The navbar's global search (issue 12 item 5): `GET /search?q=` finds loans and customers by a
 * loan or application number, a name, or a WHOLE ID number or phone — the loan list's and the
 * Persona list's own search (`classifySearch` of `@harbour/domain`: a personal number is matched
 * whole on its normal form, never by a part, so a partial number finds only names and document
 * numbers and the box cannot be used to spell a number out).
 *
 * Opened by either list key; each part is answered only to its key's holders: loans with
 * `loan.list` (the caller's store scope: another store's loan is not found, even by its exact
 * number), customers with `persona.list` (company-wide, like the register). ID numbers and
 * phones are masked like every answer (`platform/masking.ts`); nothing is revealed, so a search
 * writes no audit row (a reveal stays the customer's audited `POST /customers/{id}/reveal`).
 */
export const SEARCH_PATH = '/search';
export const SEARCH_PERMISSIONS = ['loan.list', 'persona.list'] as const;
/** At most this many loans and this many customers are answered (`more` says there were others). */
export const SEARCH_LIMIT = 8;
/** Shorter text is refused (400): it would match half the book. */
export const SEARCH_MIN_LENGTH = 2;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(SEARCH_MIN_LENGTH).max(64),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const loanHitSchema = loanListItemSchema.pick({ id: true, applyNo: true, loanNo: true, status: true, storeId: true, storeName: true, customer: true }).extend({
  /** the web page that opens the loan; null when the caller may not open it */
  path: z.string().nullable(),
  /** the repayment counter of a repaying loan, for a caller who may post receipts; null otherwise */
  counterPath: z.string().nullable(),
});
export type LoanHit = z.infer<typeof loanHitSchema>;

export const customerHitSchema = loanCustomerSchema.extend({
  registeredStoreName: z.string().nullable(),
  /** the web page that opens the customer; null when the caller may not open it */
  path: z.string().nullable(),
});
export type CustomerHit = z.infer<typeof customerHitSchema>;

export const searchResultSchema = z.object({
  /** empty when the caller lacks `loan.list` */
  loans: z.array(loanHitSchema),
  moreLoans: z.boolean(),
  /** empty when the caller lacks `persona.list` */
  customers: z.array(customerHitSchema),
  moreCustomers: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
