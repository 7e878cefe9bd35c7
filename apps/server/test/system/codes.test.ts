import { AUTHENTICATED, staffResource, type CodeFormatItem, type CodeFormatsAnswer, type Page, type StaffItem, type StoreItem } from '@harbour/contracts';
import { DEFAULT_CODE_FORMATS, isDomainError, nextCode, type CodeKind } from '@harbour/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../../src/db/client.js';
import { route } from '../../src/http/route.js';
import { assertWithinActivePeriod } from '../../src/platform/active-period.js';
import { businessToday } from '../../src/platform/business-date.js';
import { takeCode } from '../../src/platform/codes.js';
import { systemContext } from '../../src/platform/context.js';
import { withReadTx, withTx } from '../../src/platform/tx.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { auditCount, call, dataOf, expectFieldErrors, messageOf, rowCount, storeIds, tokenOf } from '../admin/helpers.js';

/**
 * A route of this file only, standing for the servicing routes (not written yet) that will call
 * `assertWithinActivePeriod` before editing or voiding posted data.
 */
function activePeriodProbe(app: FastifyInstance) {
  route(app, {
    method: 'POST',
    url: '/test/activePeriodProbe',
    permission: AUTHENTICATED,
    summary: 'Test only: refuses a posting date outside the active period',
    audit: false,
    body: z.object({ postedDate: z.iso.date(), today: z.iso.date() }),
    response: z.object({ ok: z.boolean() }),
    handler: async (req) => {
      await withReadTx(req, (tx) => assertWithinActivePeriod(tx, req.body.postedDate, req.body.today));
      return { ok: true };
    },
  });
}

let t: TestApp;
let admin: string;
let stores: Awaited<ReturnType<typeof storeIds>>;
/** The app's own role on connections of its own: the concurrent takers. */
let many: Database;

beforeAll(async () => {
  t = await createTestApp({ modules: [activePeriodProbe] });
  // these tests change rate and period settings directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  admin = await tokenOf(t, 'admin');
  stores = await storeIds(t);
  many = openDatabase(t.appUrl, { max: 50 });
});
afterAll(async () => {
  await many.close();
  await t.close();
});

const take = (kind: CodeKind, storeId: number, date: string) =>
  withTx(systemContext(many.db, 'test', { storeId }), (tx) => takeCode(tx, kind, { storeId, date }));
const seqOf = (code: string, width: number) => Number(code.slice(-width));
const formatsPage = (token = admin, lang = 'en') => call<CodeFormatsAnswer>(t.app, 'GET', '/codeFormats', { token, lang });
const putFormat = (kind: string, body: unknown, token = admin) => call<CodeFormatItem>(t.app, 'PUT', `/codeFormats/${kind}`, { token, body, lang: 'en' });
const formatAudits = async () =>
  (await t.pool.query<{ action: string; reference: string; before: unknown; after: unknown; staff_id: number }>(
    `select action, reference, before, after, staff_id from audit_log where module = 'codeFormats' order by id`,
  )).rows;

describe('code format', () => {
  it('answers the four formats (defaults), the current store, today and no counters yet', async () => {
    const page = dataOf(await formatsPage());
    expect(page.items.map((i) => i.kind)).toEqual(['applyNo', 'loanNo', 'repayNo', 'customerCode']);
    for (const item of page.items) {
      expect(item.format).toEqual(DEFAULT_CODE_FORMATS[item.kind]);
      expect(item.updatedAt).toBeNull();
    }
    expect(page).toMatchObject({ storeCode: 'MK', storeName: 'Mong Kok' });
    // Only the demo data has taken numbers yet: the twelve customers' codes (shared by all stores),
    // the loan number of Mong Kok's demo loan paid out on the template's day, and the demo
    // applications' numbers when they are dated this month.
    const kinds = page.counters.map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(['customerCode', 'loanNo']));
    expect(kinds.every((k) => ['customerCode', 'applyNo', 'loanNo'].includes(k))).toBe(true);
    expect(page.today).toBe(await businessToday(t.db));
  });

  it('saves a format (prefix in capitals) with one audit row, and takeCode then numbers in it', async () => {
    const before = await auditCount(t);
    const saved = await putFormat('applyNo', { prefix: 'app', includeStoreCode: true, datePart: 'YYYYMMDD', seqWidth: 5, reset: 'daily' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Saved' });
    expect(dataOf(saved).format).toEqual({ prefix: 'APP', includeStoreCode: true, datePart: 'YYYYMMDD', seqWidth: 5, reset: 'daily' });
    expect(await auditCount(t)).toBe(before + 1);
    expect(await formatAudits()).toEqual([
      {
        action: 'edit',
        reference: 'applyNo',
        staff_id: 1,
        before: DEFAULT_CODE_FORMATS.applyNo,
        after: { prefix: 'APP', includeStoreCode: true, datePart: 'YYYYMMDD', seqWidth: 5, reset: 'daily' },
      },
    ]);

    expect(await take('applyNo', stores.mongKok, '2026-11-23')).toBe('APPMK2026112300001');
    expect(await take('applyNo', stores.mongKok, '2026-11-23')).toBe('APPMK2026112300002');

    // The page's example is the number takeCode gives next.
    const today = await businessToday(t.db);
    const page = dataOf(await formatsPage());
    const format = page.items.find((i) => i.kind === 'applyNo')!.format;
    const predicted = nextCode('applyNo', format, page.counters, { storeCode: page.storeCode, date: page.today });
    expect(await take('applyNo', stores.mongKok, today)).toBe(predicted);
  });

  it('refuses bad formats (400, translated) and changes nothing', async () => {
    const before = await auditCount(t);
    const rows = await t.pool.query('select * from code_formats order by kind');
    const res = await putFormat('loanNo', { prefix: 'LN', includeStoreCode: true, datePart: 'YYYY', seqWidth: 4, reset: 'monthly' });
    expectFieldErrors(res, ['reset']);
    expect(messageOf(res, 'reset')).toMatch(/only restart at a period the date part shows/);
    expectFieldErrors(await putFormat('loanNo', { prefix: 'L-N', includeStoreCode: true, datePart: 'none', seqWidth: 4, reset: 'never' }), ['prefix']);
    expectFieldErrors(await putFormat('loanNo', { prefix: 'ABCDEFG', includeStoreCode: true, datePart: 'none', seqWidth: 4, reset: 'never' }), ['prefix']);
    expectFieldErrors(await putFormat('loanNo', { prefix: 'LN', includeStoreCode: true, datePart: 'none', seqWidth: 2, reset: 'never' }), ['seqWidth']);
    expectFieldErrors(await putFormat('loanNo', { prefix: 'LN', includeStoreCode: true, datePart: 'none', seqWidth: 11, reset: 'never' }), ['seqWidth']);
    expectFieldErrors(await putFormat('loanNo', { prefix: 'LN', includeStoreCode: 'yes', datePart: 'YYDD', seqWidth: 4, reset: 'never' }), ['includeStoreCode', 'datePart']);
    expect((await putFormat('loanNo', { prefix: 'LN', includeStoreCode: true, datePart: 'none', seqWidth: 4, reset: 'never', extra: 1 })).statusCode).toBe(400);
    expect((await putFormat('invoiceNo', DEFAULT_CODE_FORMATS.loanNo)).statusCode).toBe(400);
    expect((await putFormat('__proto__', DEFAULT_CODE_FORMATS.loanNo)).statusCode).toBe(400);
    expect(await auditCount(t)).toBe(before);
    expect((await t.pool.query('select * from code_formats order by kind')).rows).toEqual(rows.rows);
  });

  it('is refused (403) without the keys; the page key alone reads but does not save', async () => {
    const clerk = await tokenOf(t, 'clerk');
    expect((await formatsPage(clerk)).statusCode).toBe(403);
    expect((await putFormat('loanNo', DEFAULT_CODE_FORMATS.loanNo, clerk)).statusCode).toBe(403);
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'system.codeFormat' from roles where name = 'accountant'`);
    const accountant = await tokenOf(t, 'accountant');
    expect((await formatsPage(accountant)).statusCode).toBe(200);
    const before = await auditCount(t);
    expect((await putFormat('loanNo', { ...DEFAULT_CODE_FORMATS.loanNo, prefix: 'X' }, accountant)).statusCode).toBe(403);
    expect(await auditCount(t)).toBe(before);
    expect((await t.pool.query(`select count(*)::int as n from code_formats where kind = 'loanNo'`)).rows[0].n).toBe(0);
  });
});

describe('takeCode', () => {
  // Loan numbers are taken in a past month: the demo loans paid out on the template's day took
  // this month's first numbers of their stores.
  it('gives 50 concurrent transactions exactly the numbers 1..50', async () => {
    const codes = await Promise.all(Array.from({ length: 50 }, () => take('loanNo', stores.mongKok, '2025-06-16')));
    expect(new Set(codes).size).toBe(50);
    expect(codes.every((c) => c.startsWith('LNMK2506'))).toBe(true);
    expect(codes.map((c) => seqOf(c, 4)).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('gives back the numbers of transactions that roll back: the committed ones stay gapless', async () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const attempts = Array.from({ length: 30 }, (_, i) =>
      withTx(systemContext(many.db, 'test', { storeId: stores.kwunTong }), async (tx) => {
        const code = await takeCode(tx, 'loanNo', { storeId: stores.kwunTong, date: '2025-06-16' });
        await sleep(i % 4);
        if (i % 3 === 0) throw new Error('rolled back');
        return code;
      }).then(
        (code) => ({ code }),
        () => ({ code: null }),
      ),
    );
    const committed = (await Promise.all(attempts)).map((a) => a.code).filter((c): c is string => c !== null);
    expect(committed).toHaveLength(20);
    expect(committed.map((c) => seqOf(c, 4)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const { rows } = await t.pool.query(`select value from code_counters where kind = 'loanNo' and store_key = $1 and period = '202506'`, [stores.kwunTong]);
    expect(rows).toEqual([{ value: 20 }]);
  });

  it('counts each store apart when the number shows the store code, and shares one count when not', async () => {
    expect(await take('repayNo', stores.tsuenWan, '2026-11-23')).toBe('RPTW202611230001');
    expect(await take('repayNo', stores.kwunTong, '2026-11-23')).toBe('RPKT202611230001');
    expect(await take('repayNo', stores.tsuenWan, '2026-11-23')).toBe('RPTW202611230002');
    // Customer codes show no store: all stores take from one sequence, so codes never repeat
    // (the twelve demo customers took C000001 to C000012).
    expect(await take('customerCode', stores.tsuenWan, '2026-11-23')).toBe('C000013');
    expect(await take('customerCode', stores.kwunTong, '2026-11-23')).toBe('C000014');
  });

  it('starts again at 1 in a new period', async () => {
    expect(await take('repayNo', stores.tsuenWan, '2026-11-24')).toBe('RPTW202611240001');
    expect(await take('loanNo', stores.mongKok, '2025-07-01')).toBe('LNMK25070001');
    expect(await take('loanNo', stores.mongKok, '2026-01-01')).toBe('LNMK26010001');
    dataOf(await putFormat('customerCode', { prefix: 'CU', includeStoreCode: false, datePart: 'YYYY', seqWidth: 5, reset: 'yearly' }));
    expect(await take('customerCode', stores.mongKok, '2026-11-23')).toBe('CU202600001');
    expect(await take('customerCode', stores.mongKok, '2027-01-02')).toBe('CU202700001');
  });
});

describe('active period', () => {
  const get = (token = admin) => call<{ activePeriodDays: number }>(t.app, 'GET', '/activePeriod', { token });
  const put = (body: unknown, token = admin) => call<{ activePeriodDays: number }>(t.app, 'PUT', '/activePeriod', { token, body, lang: 'en' });

  it('reads and saves the setting through the settings service, with one audit row', async () => {
    expect(dataOf(await get())).toEqual({ activePeriodDays: 7 });
    const before = await auditCount(t);
    expect(dataOf(await put({ activePeriodDays: 3 }))).toEqual({ activePeriodDays: 3 });
    expect(await auditCount(t)).toBe(before + 1);
    const { rows } = await t.pool.query(`select reference, before, after from audit_log where module = 'settings' order by id desc limit 1`);
    expect(rows[0]).toEqual({ reference: 'activePeriodDays', before: { activePeriodDays: 7 }, after: { activePeriodDays: 3 } });
    expect(dataOf(await call<{ activePeriodDays: number }>(t.app, 'GET', '/getSystemPresets', { token: admin })).activePeriodDays).toBe(3);
  });

  it('refuses bad input (400) and callers without the page key (403), changing nothing', async () => {
    const clerk = await tokenOf(t, 'clerk');
    const before = await auditCount(t);
    expectFieldErrors(await put({ activePeriodDays: -1 }), ['activePeriodDays']);
    expectFieldErrors(await put({ activePeriodDays: 'x' }), ['activePeriodDays']);
    expect((await put({ activePeriodDays: 3, visibleTelDigits: 8 })).statusCode).toBe(400);
    expect((await get(clerk)).statusCode).toBe(403);
    expect((await put({ activePeriodDays: 30 }, clerk)).statusCode).toBe(403);
    expect(await auditCount(t)).toBe(before);
    expect(dataOf(await get()).activePeriodDays).toBe(3);
  });

  it('assertWithinActivePeriod passes within the period and answers 422 with the domain message after it', async () => {
    const ctx = systemContext(t.db, 'test');
    await withReadTx(ctx, (tx) => assertWithinActivePeriod(tx, '2026-11-20', '2026-11-23'));
    const err = await withReadTx(ctx, (tx) => assertWithinActivePeriod(tx, '2026-11-20', '2026-11-24')).catch((e: unknown) => e);
    expect(isDomainError(err, 'OUTSIDE_ACTIVE_PERIOD')).toBe(true);
    expect(err).toMatchObject({ params: { postedDate: '2026-11-20', days: 3, lastDate: '2026-11-23' } });
    // Today by default: something posted today is always within.
    await withReadTx(ctx, async (tx) => assertWithinActivePeriod(tx, await businessToday(tx)));

    const clerk = await tokenOf(t, 'clerk');
    const ok = await call(t.app, 'POST', '/test/activePeriodProbe', { token: clerk, body: { postedDate: '2026-11-20', today: '2026-11-23' } });
    expect(ok.statusCode).toBe(200);
    const en = await call(t.app, 'POST', '/test/activePeriodProbe', { token: clerk, body: { postedDate: '2026-11-20', today: '2026-11-24' }, lang: 'en' });
    expect(en.statusCode).toBe(422);
    expect(en.body).toMatchObject({
      result: 'error',
      message: 'Posted on 2026-11-20: the active period of 3 days ended on 2026-11-23, so it can no longer be edited or voided.',
    });
    const zh = await call(t.app, 'POST', '/test/activePeriodProbe', { token: clerk, body: { postedDate: '2026-11-20', today: '2026-11-24' } });
    expect(zh.body).toMatchObject({ message: '此記錄於 2026-11-20 過數，3 天的有效期已於 2026-11-23 結束，不能再修改或作廢。' });
  });
});

describe('visible tel. no.', () => {
  const put = (body: unknown, token = admin) => call<{ visibleTelDigits: number }>(t.app, 'PUT', '/visibleTel', { token, body, lang: 'en' });

  it('saves the digits with one audit row, and staff without reveal see that many', async () => {
    expect(dataOf(await call(t.app, 'GET', '/visibleTel', { token: admin }))).toEqual({ visibleTelDigits: 4 });
    const before = await auditCount(t);
    expect(dataOf(await put({ visibleTelDigits: 2 }))).toEqual({ visibleTelDigits: 2 });
    expect(await auditCount(t)).toBe(before + 1);
    // The clerk may list staff but not reveal their numbers.
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, $1 from roles where name = 'clerk'`, [staffResource.permissions.list]);
    await t.pool.query(`update staff set mobile = '91234567' where username = 'clerk'`);
    const clerk = await tokenOf(t, 'clerk');
    const list = dataOf(await call<Page<StaffItem>>(t.app, 'GET', '/staff', { token: clerk, query: { username: 'clerk' } }));
    const clerkRow = list.items.find((s) => s.username === 'clerk')!;
    expect(clerkRow.mobile).toBe('******67');
  });

  it('refuses bad input (400) and callers without the page key (403)', async () => {
    const clerk = await tokenOf(t, 'clerk');
    const before = await auditCount(t);
    expectFieldErrors(await put({ visibleTelDigits: 9 }), ['visibleTelDigits']);
    expectFieldErrors(await put({}), ['visibleTelDigits']);
    expect((await call(t.app, 'GET', '/visibleTel', { token: clerk })).statusCode).toBe(403);
    expect((await put({ visibleTelDigits: 8 }, clerk)).statusCode).toBe(403);
    expect(await auditCount(t)).toBe(before);
  });
});

describe('store codes', () => {
  const store = (code: unknown) => ({ storeName: '沙田店', englishName: 'Sha Tin', code });

  it('are required, 1 to 6 capital letters or digits (lower case raised), and unique', async () => {
    const created = dataOf(await call<StoreItem>(t.app, 'POST', '/stores', { token: admin, body: store('st1') }));
    expect(created.code).toBe('ST1');
    expect(await take('repayNo', created.id, '2026-11-23')).toBe('RPST1202611230001');
    const count = await rowCount(t, 'stores');
    for (const bad of ['', 'A-1', 'ABCDEFG', null]) expectFieldErrors(await call(t.app, 'POST', '/stores', { token: admin, body: store(bad), lang: 'en' }), ['code']);
    expectFieldErrors(await call(t.app, 'POST', '/stores', { token: admin, body: { storeName: 'x', englishName: 'x' }, lang: 'en' }), ['code']);
    const dup = await call(t.app, 'PUT', `/stores/${created.id}`, { token: admin, body: store('mk'), lang: 'en' });
    expect(dup.statusCode).toBe(409);
    expect(await rowCount(t, 'stores')).toBe(count);
    expect(dataOf(await call<StoreItem>(t.app, 'GET', `/stores/${created.id}`, { token: admin })).code).toBe('ST1');
  });
});
