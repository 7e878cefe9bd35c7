import { ADDRESS_OFFICIAL_PATH, ADDRESS_SEARCH_PATH, ADDRESS_SEARCH_PERMISSION, addressQuerySchema, officialAddressesSchema, recordedAddressesSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { searchOfficialAddresses, searchRecordedAddresses, type OfficialLookup } from './service.js';

/** Tools → address searching (spec §2, §7 `searchAddress`): recorded addresses, and the government's Address Lookup Service when configured. */
export function addressSearchModule(app: FastifyInstance) {
  const official = (): OfficialLookup => ({ url: app.config.alsUrl, timeoutMs: app.config.alsTimeoutMs });
  route(app, {
    method: 'GET',
    url: ADDRESS_SEARCH_PATH,
    permission: ADDRESS_SEARCH_PERMISSION,
    summary: "Recorded addresses containing the text: customers' (company-wide) and collaterals' (the caller's stores)",
    tags: ['tools'],
    querystring: addressQuerySchema,
    response: recordedAddressesSchema,
    handler: (req) => searchRecordedAddresses(contextOf(req), req.query.q, official()),
  });
  route(app, {
    method: 'GET',
    url: ADDRESS_OFFICIAL_PATH,
    permission: ADDRESS_SEARCH_PERMISSION,
    summary: "The government Address Lookup Service's suggestions (422 when not configured, 502 when it fails or times out)",
    tags: ['tools'],
    querystring: addressQuerySchema,
    response: officialAddressesSchema,
    handler: (req) => searchOfficialAddresses(req.query.q, official()),
  });
}
