/**
 * Tools → address searching: the addresses Harbour holds (customers' residential, mailing and
 * office addresses — the register is company-wide — and the collateral addresses of applications,
 * which row-level security limits to the caller's stores), and the government's Address Lookup
 * Service when it is configured.
 */
import { ADDRESS_OFFICIAL_LIMIT, ADDRESS_SEARCH_LIMIT, type OfficialAddresses, type RecordedAddress, type RecordedAddresses } from '@harbour/contracts';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { customers, loanCollaterals, loans } from '../../db/schema/index.js';
import { AppError, businessRule } from '../../platform/errors.js';
import { likePattern } from '../../platform/list.js';
import { AddressLookupFailed, lookupAddresses } from '../../platform/address-lookup.js';
import type { ServiceContext } from '../../platform/context.js';
import { storeScope } from '../../platform/store-scope.js';
import { withReadTx } from '../../platform/tx.js';

/** The Address Lookup Service, as the configuration sets it up (off without a URL). */
export interface OfficialLookup {
  url: string | undefined;
  timeoutMs: number;
}

/** `GET /tools/addresses`: recorded addresses containing `q` (case-insensitive), customers' first, at most `ADDRESS_SEARCH_LIMIT`. */
export const searchRecordedAddresses = (ctx: ServiceContext, q: string, official: OfficialLookup): Promise<RecordedAddresses> =>
  withReadTx(ctx, async (tx) => {
    const pattern = likePattern(q);
    const people = await tx
      .select({
        id: customers.id,
        code: customers.customerCode,
        name: customers.name,
        residential: customers.residentialAddress,
        mailing: customers.mailingAddress,
        company: customers.companyAddress,
      })
      .from(customers)
      .where(or(ilike(customers.residentialAddress, pattern), ilike(customers.mailingAddress, pattern), ilike(customers.companyAddress, pattern)))
      .orderBy(asc(customers.name), asc(customers.id))
      .limit(ADDRESS_SEARCH_LIMIT + 1);
    const needle = q.toLocaleLowerCase();
    const items: RecordedAddress[] = [];
    for (const p of people) {
      for (const source of ['residential', 'mailing', 'company'] as const) {
        const address = p[source];
        if (address && address.toLocaleLowerCase().includes(needle)) {
          items.push({ source, address, customerId: p.id, customerCode: p.code, customerName: p.name, loanId: null, applyNo: null });
        }
      }
    }
    const collaterals = await tx
      .select({ address: loanCollaterals.address, loanId: loans.id, applyNo: loans.applyNo, customerId: customers.id, code: customers.customerCode, name: customers.name })
      .from(loanCollaterals)
      .innerJoin(loans, eq(loans.id, loanCollaterals.loanId))
      .innerJoin(customers, eq(customers.id, loans.customerId))
      .where(and(ilike(loanCollaterals.address, pattern), storeScope(ctx, loanCollaterals.storeId)))
      .orderBy(asc(loanCollaterals.address), asc(loanCollaterals.id))
      .limit(ADDRESS_SEARCH_LIMIT + 1);
    for (const c of collaterals) {
      items.push({ source: 'collateral', address: c.address, customerId: c.customerId, customerCode: c.code, customerName: c.name, loanId: c.loanId, applyNo: c.applyNo });
    }
    return { items: items.slice(0, ADDRESS_SEARCH_LIMIT), truncated: items.length > ADDRESS_SEARCH_LIMIT, officialEnabled: !!official.url };
  });

/**
 * `GET /tools/addresses/official`: the Address Lookup Service's suggestions for `q`. Off (no URL
 * configured) answers 422; a service that fails or does not answer in time answers 502, both with
 * a message the screen shows as it is.
 */
export async function searchOfficialAddresses(q: string, official: OfficialLookup): Promise<OfficialAddresses> {
  if (!official.url) throw businessRule('address.officialOff');
  try {
    return { items: await lookupAddresses(official.url, q, { limit: ADDRESS_OFFICIAL_LIMIT, timeoutMs: official.timeoutMs }) };
  } catch (err) {
    if (err instanceof AddressLookupFailed) throw new AppError(502, 502, 'address.officialFailed');
    throw err;
  }
}
