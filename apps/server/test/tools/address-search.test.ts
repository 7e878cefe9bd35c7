import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OfficialAddresses, RecordedAddresses } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAlsAnswer } from '../../src/platform/address-lookup.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** An answer in the shape the Address Lookup Service documents (JSON with `Accept: application/json`). */
const ALS_ANSWER = {
  RequestAddress: { AddressLine: ['彌敦道 688'] },
  SuggestedAddress: [
    {
      Address: {
        PremisesAddress: {
          ChiPremisesAddress: {
            BuildingName: '旺角中心',
            ChiStreet: { StreetName: '彌敦道', BuildingNoFrom: '688' },
            ChiDistrict: { DcDistrict: '油尖旺區' },
            Region: '九龍',
          },
          EngPremisesAddress: {
            BuildingName: 'MONGKOK CENTRE',
            EngStreet: { StreetName: 'NATHAN ROAD', BuildingNoFrom: '688', BuildingNoTo: '690' },
            EngDistrict: { DcDistrict: 'YAU TSIM MONG DISTRICT' },
            Region: 'KLN',
          },
          GeoAddress: '3658519520T20050430',
          GeospatialInformation: { Northing: '819660', Easting: '836053', Latitude: '22.3179', Longitude: '114.1694' },
        },
      },
      ValidationInformation: { Score: 71.2 },
    },
    {
      Address: {
        PremisesAddress: {
          ChiPremisesAddress: { ChiVillage: { VillageName: '大網仔村', BuildingNoFrom: '12' }, ChiDistrict: { DcDistrict: '西貢區' }, Region: '新界' },
          EngPremisesAddress: { EngVillage: { VillageName: 'TAI MONG TSAI TSUEN', BuildingNoFrom: '12' }, EngDistrict: { DcDistrict: 'SAI KUNG DISTRICT' }, Region: 'NT' },
        },
      },
      ValidationInformation: { Score: 40 },
    },
  ],
};

let t: TestApp;
let off: TestApp;
let als: Server;
let alsUrl: string;
const asked: { url: string; accept: string | undefined }[] = [];
let manager: string;
let clerk: string;
let accountant: string;

beforeAll(async () => {
  als = createServer((req, res) => {
    asked.push({ url: req.url ?? '', accept: req.headers.accept });
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    if (q === 'broken') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
    } else if (q === 'notjson') {
      res.writeHead(200, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><AddressLookupResult/>');
    } else if (q === 'slow') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ALS_ANSWER)), 1500);
    } else if (q === 'nothing') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ RequestAddress: { AddressLine: [q] } }));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ALS_ANSWER));
    }
  });
  await new Promise<void>((resolve) => als.listen(0, '127.0.0.1', resolve));
  alsUrl = `http://127.0.0.1:${(als.address() as AddressInfo).port}/lookup`;
  t = await createTestApp({ config: { alsUrl, alsTimeoutMs: 300 } });
  off = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  // A Kwun Tong application secured on a property: its address is Kwun Tong's only.
  const { rows: c } = await t.pool.query<{ id: number }>(`select id from customers where name = '劉國強'`);
  const { rows: l } = await t.pool.query<{ id: number }>(
    `insert into loans (store_id, apply_no, customer_id, loan_type, apply_date, loan_date, interest_start_date, loan_amount, flat_rate, interest_method, repay_cycle, total_tenor, instalment_amount, total_interest, mlo_rate, mlo_status, staff_id)
     values (2, 'KT-ADDR-1', $1, 'second_mortgage', '2026-11-02', '2026-11-02', '2026-11-02', 300000, 1, 'amortization', 'monthly', 24, 14000, 36000, 28, 'ok', 1) returning id`,
    [c[0]!.id],
  );
  await t.pool.query(`insert into loan_collaterals (store_id, loan_id, owner_name, address) values (2, $1, '劉國強', '九龍觀塘協和街 101 號 18 樓 F 室')`, [l[0]!.id]);
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  als.closeAllConnections();
  await new Promise((resolve) => als.close(resolve));
});

describe('recorded addresses', () => {
  it('finds customers’ addresses company-wide, with who they belong to', async () => {
    const res = dataOf(await call<RecordedAddresses>(t.app, 'GET', '/tools/addresses', { token: clerk, query: { q: '彌敦道' } }));
    expect(res.officialEnabled).toBe(true);
    expect(res.truncated).toBe(false);
    expect(res.items).toEqual([
      { source: 'residential', address: '九龍旺角彌敦道 688 號 12 樓 B 室', customerId: expect.any(Number), customerCode: expect.any(String), customerName: '陳志明', loanId: null, applyNo: null },
    ]);
  });

  it('finds a collateral address only for staff reaching its store', async () => {
    const kt = dataOf(await call<RecordedAddresses>(t.app, 'GET', '/tools/addresses', { token: manager, query: { q: '協和街' } }));
    expect(kt.items).toEqual([expect.objectContaining({ source: 'collateral', applyNo: 'KT-ADDR-1', customerName: '劉國強', address: '九龍觀塘協和街 101 號 18 樓 F 室' })]);
    // The Mong Kok clerk does not see it, nor learn that it exists.
    const mk = dataOf(await call<RecordedAddresses>(t.app, 'GET', '/tools/addresses', { token: clerk, query: { q: '協和街' } }));
    expect(mk).toEqual({ items: [], truncated: false, officialEnabled: true });
  });

  it('treats LIKE wildcards as text', async () => {
    const res = dataOf(await call<RecordedAddresses>(t.app, 'GET', '/tools/addresses', { token: manager, query: { q: '%%' } }));
    expect(res.items).toEqual([]);
  });

  it('refuses staff without the page (403) and bad input (400, translated)', async () => {
    expect((await call(t.app, 'GET', '/tools/addresses', { token: accountant, query: { q: '彌敦道' } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/tools/addresses/official', { token: accountant, query: { q: '彌敦道' } })).statusCode).toBe(403);
    const short = await call(t.app, 'GET', '/tools/addresses', { token: clerk, query: { q: 'a' }, lang: 'en' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toMatchObject({ errors: [{ field: 'q', message: 'Type at least 2 characters' }] });
    expect((await call(t.app, 'GET', '/tools/addresses', { token: clerk })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/tools/addresses', { token: clerk, query: { q: 'x'.repeat(101) } })).statusCode).toBe(400);
  });
});

describe('the Address Lookup Service', () => {
  it('asks the configured service for JSON and answers its suggestions as lines', async () => {
    asked.length = 0;
    const res = dataOf(await call<OfficialAddresses>(t.app, 'GET', '/tools/addresses/official', { token: clerk, query: { q: '彌敦道 688' } }));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.accept).toBe('application/json');
    const url = new URL(asked[0]!.url, 'http://x');
    expect(url.pathname).toBe('/lookup');
    expect(url.searchParams.get('q')).toBe('彌敦道 688');
    expect(url.searchParams.get('n')).toBe('20');
    expect(res.items).toEqual([
      {
        zh: '九龍油尖旺區彌敦道688號旺角中心',
        en: 'MONGKOK CENTRE, 688-690 NATHAN ROAD, YAU TSIM MONG DISTRICT, KLN',
        districtZh: '油尖旺區',
        districtEn: 'YAU TSIM MONG DISTRICT',
        geoAddress: '3658519520T20050430',
      },
      { zh: '新界西貢區大網仔村12號', en: '12 TAI MONG TSAI TSUEN, SAI KUNG DISTRICT, NT', districtZh: '西貢區', districtEn: 'SAI KUNG DISTRICT', geoAddress: null },
    ]);
  });

  it('answers an empty list when the service suggests nothing', async () => {
    expect(dataOf(await call<OfficialAddresses>(t.app, 'GET', '/tools/addresses/official', { token: clerk, query: { q: 'nothing' } }))).toEqual({ items: [] });
  });

  it('answers 502 with a message when the service fails, answers something else, or is too slow', async () => {
    for (const q of ['broken', 'notjson', 'slow']) {
      const res = await call(t.app, 'GET', '/tools/addresses/official', { token: clerk, query: { q }, lang: 'en' });
      expect(res.statusCode, q).toBe(502);
      expect(res.body, q).toMatchObject({ result: 'error', message: 'The Address Lookup Service did not answer; try again later' });
    }
  });

  it('is off by default: 422, and the recorded search says so', async () => {
    const token = (await loginAs(off.app, 'clerk')).access_token;
    const res = await call(off.app, 'GET', '/tools/addresses/official', { token, query: { q: '彌敦道' }, lang: 'zh-TW' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toMatchObject({ message: '未設定政府地址查詢服務' });
    expect(dataOf(await call<RecordedAddresses>(off.app, 'GET', '/tools/addresses', { token, query: { q: '彌敦道' } })).officialEnabled).toBe(false);
  });

  it('reads only the documented shape and refuses anything else', () => {
    expect(readAlsAnswer({ SuggestedAddress: [] })).toEqual([]);
    expect(readAlsAnswer({ SuggestedAddress: [{ Address: {} }, { nothing: true }] })).toEqual([]);
    expect(() => readAlsAnswer([1, 2])).toThrow(/format/);
    expect(() => readAlsAnswer({ SuggestedAddress: 'x' })).toThrow(/format/);
  });
});
