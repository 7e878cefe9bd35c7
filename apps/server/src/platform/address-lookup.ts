/**
 * The Hong Kong government's Address Lookup Service (ALS, https://www.als.gov.hk/lookup): a free
 * text query (`q`, at most `n` suggestions) answered, with `Accept: application/json`, as
 *
 * ```json
 * { "RequestAddress": { "AddressLine": ["…"] },
 *   "SuggestedAddress": [ { "Address": { "PremisesAddress": {
 *       "ChiPremisesAddress": { "BuildingName": "…", "ChiEstate": { "EstateName": "…" },
 *         "ChiStreet": { "LocationName": "…", "StreetName": "…", "BuildingNoFrom": "8", "BuildingNoTo": "8" },
 *         "ChiDistrict": { "DcDistrict": "…" }, "Region": "九龍" },
 *       "EngPremisesAddress": { "BuildingName": "…", "EngEstate": { "EstateName": "…" },
 *         "EngStreet": { "LocationName": "…", "StreetName": "…", "BuildingNoFrom": "8" },
 *         "EngDistrict": { "DcDistrict": "…" }, "Region": "KLN" },
 *       "GeoAddress": "…", "GeospatialInformation": { … } } },
 *     "ValidationInformation": { "Score": 73.5 } } ] }
 * ```
 *
 * Every part of an address is optional (a village has `ChiVillage`/`EngVillage` instead of a
 * street). The client reads what is there into one line per language; any other answer — an HTTP
 * error, something that is not that JSON, no answer within the timeout — is `AddressLookupFailed`.
 */
import type { OfficialAddress } from '@harbour/contracts';

export class AddressLookupFailed extends Error {
  constructor(readonly reason: 'http' | 'format' | 'timeout' | 'network', detail?: string) {
    super(`Address Lookup Service: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'AddressLookupFailed';
  }
}

type Tree = Record<string, unknown>;
const obj = (v: unknown): Tree | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Tree) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

/** "8" or "8-10" from a street or village part's building numbers. */
function numbers(part: Tree | undefined): string | undefined {
  const from = str(part?.BuildingNoFrom);
  const to = str(part?.BuildingNoTo);
  return from && to && to !== from ? `${from}-${to}` : from;
}

/** One Chinese line, largest part first as Chinese addresses are written: region, district, street and number, estate, building. */
function chineseLine(p: Tree | undefined): { line: string; district: string | null } {
  const street = obj(p?.ChiStreet);
  const village = obj(p?.ChiVillage);
  const district = str(obj(p?.ChiDistrict)?.DcDistrict) ?? null;
  const place = street
    ? [str(street.LocationName), str(street.StreetName), numbers(street) ? `${numbers(street)}號` : undefined]
    : [str(village?.LocationName), str(village?.VillageName), numbers(village) ? `${numbers(village)}號` : undefined];
  const parts = [str(p?.Region), district ?? undefined, ...place, str(obj(p?.ChiEstate)?.EstateName), str(obj(p?.ChiBlock)?.BlockNo), str(p?.BuildingName)];
  return { line: parts.filter(Boolean).join(''), district };
}

/** One English line, smallest part first: building, estate, number and street, district, region. */
function englishLine(p: Tree | undefined): { line: string; district: string | null } {
  const street = obj(p?.EngStreet);
  const village = obj(p?.EngVillage);
  const district = str(obj(p?.EngDistrict)?.DcDistrict) ?? null;
  const place = street
    ? [[numbers(street), str(street.StreetName)].filter(Boolean).join(' '), str(street.LocationName)]
    : [[numbers(village), str(village?.VillageName)].filter(Boolean).join(' '), str(village?.LocationName)];
  const parts = [str(p?.BuildingName), str(obj(p?.EngBlock)?.BlockNo), str(obj(p?.EngEstate)?.EstateName), ...place, district ?? undefined, str(p?.Region)];
  return { line: parts.filter((s) => !!s).join(', '), district };
}

/** The suggestions of an ALS answer (`SuggestedAddress`), as lines; throws `format` when the answer is not that shape. */
export function readAlsAnswer(body: unknown): OfficialAddress[] {
  const root = obj(body);
  const suggested = root?.SuggestedAddress;
  if (!root || (suggested !== undefined && !Array.isArray(suggested))) throw new AddressLookupFailed('format');
  const out: OfficialAddress[] = [];
  for (const s of (suggested ?? []) as unknown[]) {
    const premises = obj(obj(obj(s)?.Address)?.PremisesAddress);
    if (!premises) continue;
    const zh = chineseLine(obj(premises.ChiPremisesAddress));
    const en = englishLine(obj(premises.EngPremisesAddress));
    if (!zh.line && !en.line) continue;
    out.push({ zh: zh.line, en: en.line, districtZh: zh.district, districtEn: en.district, geoAddress: str(premises.GeoAddress) ?? null });
  }
  return out;
}

/** Asks the service at `url` for at most `limit` suggestions for `q`. */
export async function lookupAddresses(url: string, q: string, opts: { limit: number; timeoutMs: number }): Promise<OfficialAddress[]> {
  const target = new URL(url);
  target.searchParams.set('q', q);
  target.searchParams.set('n', String(opts.limit));
  let res: Response;
  try {
    res = await fetch(target, {
      headers: { Accept: 'application/json', 'Accept-Language': 'en,zh-Hant' },
      signal: AbortSignal.timeout(opts.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    throw new AddressLookupFailed(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network', String((err as Error).message ?? err));
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new AddressLookupFailed('http', String(res.status));
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new AddressLookupFailed('timeout');
    throw new AddressLookupFailed('format');
  }
  return readAlsAnswer(body).slice(0, opts.limit);
}
