import { CUSTOMER_PERMISSIONS, PERMISSION_CATALOGUE, SEARCH_LIMIT, type CustomerHit, type LoanHit, type PermissionKey, type SearchResult } from '@harbour/contracts';
import type { LoanStatus } from '@harbour/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, loans, stores } from '../../db/schema/index.js';
import { may, type ServiceContext } from '../../platform/context.js';
import { maskingFor } from '../../platform/masking.js';
import { storeScope } from '../../platform/store-scope.js';
import { withReadTx } from '../../platform/tx.js';
import { LOOKUP_AREAS, guardNumberLookup, numberInText } from '../../platform/number-lookup.js';
import { customerSearchWhere } from '../customers/service.js';
import { loanCustomerOf, searchCondition } from '../loan-core/read.js';

/** The web page of a catalogue key (its menu path), for a caller who may open it; null otherwise. */
function pageOf(ctx: ServiceContext, key: PermissionKey, id: number): string | null {
  const path = PERMISSION_CATALOGUE.find((p) => p.key === key)?.menu?.path;
  return path && may(ctx, key) ? `${path}?id=${id}` : null;
}

/**
 * The repayment counter of a loan that takes receipts (repaying), for a caller who may post them:
 * the search's shortcut from a borrower's phone to taking their money (the counter itself still
 * refuses a loan whose status does not take receipts).
 */
function counterOf(ctx: ServiceContext, id: number, status: string): string | null {
  const path = PERMISSION_CATALOGUE.find((p) => p.key === 'repayment.process')?.menu?.path;
  return path && status === 'repaying' && may(ctx, 'repayment.process') ? `${path}?loanId=${id}` : null;
}

const storeNameOf = (ctx: ServiceContext) => (ctx.lang === 'en' ? stores.nameEn : stores.nameZh);

/**
 * Loans matching the loan list's own search (`searchCondition`), newest first, in the caller's
 * store scope: row-level security of the read transaction and `storeScope` (for the index), so a
 * loan of a store the caller does not reach is never found — its answer is the one of no loan.
 */
async function findLoans(tx: Tx, ctx: ServiceContext, q: string, digits: number): Promise<LoanHit[]> {
  const rows = await tx
    .select({ id: loans.id, applyNo: loans.applyNo, loanNo: loans.loanNo, status: loans.status, storeId: loans.storeId, storeName: storeNameOf(ctx), customer: customers })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(stores, eq(stores.id, loans.storeId))
    .where(and(storeScope(ctx, loans.storeId), searchCondition(tx, q)))
    .orderBy(desc(loans.id))
    .limit(SEARCH_LIMIT + 1);
  return rows.map((r) => ({
    id: r.id,
    applyNo: r.applyNo,
    loanNo: r.loanNo,
    status: r.status as LoanStatus,
    storeId: r.storeId,
    storeName: r.storeName,
    customer: loanCustomerOf(r.customer, digits),
    path: pageOf(ctx, 'loan.operation', r.id),
    counterPath: counterOf(ctx, r.id, r.status),
  }));
}

/** Customers matching the Persona list's own search (`customerSearchWhere`: by name company-wide, by number only the caller's store's), newest first. */
async function findCustomers(tx: Tx, ctx: ServiceContext, q: string, digits: number): Promise<CustomerHit[]> {
  const rows = await tx
    .select({ customer: customers, storeName: storeNameOf(ctx) })
    .from(customers)
    .leftJoin(stores, eq(stores.id, customers.registeredStoreId))
    .where(customerSearchWhere(ctx, q))
    .orderBy(desc(customers.id))
    .limit(SEARCH_LIMIT + 1);
  return rows.map((r) => ({ ...loanCustomerOf(r.customer, digits), registeredStoreName: r.storeName, path: pageOf(ctx, 'persona.detail', r.customer.id) }));
}

/**
 * The navbar's global search (`GET /search`, contracts `search.ts`): loans for holders of
 * `loan.list`, customers for holders of `persona.list`, at most `SEARCH_LIMIT` of each. A read:
 * numbers leave masked (`platform/masking.ts`'s digits); a search by a whole ID number or phone is a
 * number lookup (`platform/number-lookup.ts`: audited, limited per hour without `persona.reveal`).
 */
export async function globalSearch(ctx: ServiceContext, q: string): Promise<SearchResult> {
  await guardNumberLookup(ctx, LOOKUP_AREAS.customers, 'GET /search', [numberInText('q', q)]);
  return withReadTx(ctx, async (tx) => {
    const { visibleDigits } = await maskingFor(tx, ctx.auth, CUSTOMER_PERMISSIONS.reveal);
    const foundLoans = may(ctx, 'loan.list') ? await findLoans(tx, ctx, q, visibleDigits) : [];
    const foundCustomers = may(ctx, 'persona.list') ? await findCustomers(tx, ctx, q, visibleDigits) : [];
    return {
      loans: foundLoans.slice(0, SEARCH_LIMIT),
      moreLoans: foundLoans.length > SEARCH_LIMIT,
      customers: foundCustomers.slice(0, SEARCH_LIMIT),
      moreCustomers: foundCustomers.length > SEARCH_LIMIT,
    };
  });
}
