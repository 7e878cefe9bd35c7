import { z } from 'zod';

/**
 * Tools → address searching (spec §2, §7 `searchAddress`): the addresses Harbour already holds —
 * customers' residential, mailing and office addresses (company-wide, like the customer register)
 * and the collateral addresses of applications (store-owned: only the caller's stores') — and,
 * when an Address Lookup Service URL is configured (`HARBOUR_ALS_URL`, off by default), the
 * Hong Kong government's Address Lookup Service.
 *
 * `GET /tools/addresses?q=` and `GET /tools/addresses/official?q=` (`tools.addressSearch`).
 */
export const ADDRESS_SEARCH_PATH = '/tools/addresses';
export const ADDRESS_OFFICIAL_PATH = '/tools/addresses/official';
export const ADDRESS_SEARCH_PERMISSION = 'tools.addressSearch' as const;
/** At most this many recorded addresses are answered (the rest: type more). */
export const ADDRESS_SEARCH_LIMIT = 50;
/** At most this many suggestions are asked of the Address Lookup Service. */
export const ADDRESS_OFFICIAL_LIMIT = 20;

export const ADDRESS_SOURCES = ['residential', 'mailing', 'company', 'collateral'] as const;
export type AddressSource = (typeof ADDRESS_SOURCES)[number];

export const addressQuerySchema = z.object({
  q: z
    .string({ message: 'validation.required' })
    .trim()
    .min(2, { message: 'address.tooShort' })
    .max(100, { message: 'validation.tooLong' }),
});

export const recordedAddressSchema = z.object({
  source: z.enum(ADDRESS_SOURCES),
  address: z.string(),
  /** the customer whose address it is (or the borrower of the application holding the collateral) */
  customerId: z.number().int().nullable(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  /** the application of a collateral address */
  loanId: z.number().int().nullable(),
  applyNo: z.string().nullable(),
});
export type RecordedAddress = z.infer<typeof recordedAddressSchema>;

export const recordedAddressesSchema = z.object({
  items: z.array(recordedAddressSchema),
  /** more matched than `ADDRESS_SEARCH_LIMIT` */
  truncated: z.boolean(),
  /** whether `GET /tools/addresses/official` is set up */
  officialEnabled: z.boolean(),
});
export type RecordedAddresses = z.infer<typeof recordedAddressesSchema>;

/** One suggestion of the Address Lookup Service, as one line in Chinese and one in English. */
export const officialAddressSchema = z.object({
  zh: z.string(),
  en: z.string(),
  districtZh: z.string().nullable(),
  districtEn: z.string().nullable(),
  /** the service's geo address reference, when given */
  geoAddress: z.string().nullable(),
});
export type OfficialAddress = z.infer<typeof officialAddressSchema>;

export const officialAddressesSchema = z.object({ items: z.array(officialAddressSchema) });
export type OfficialAddresses = z.infer<typeof officialAddressesSchema>;
