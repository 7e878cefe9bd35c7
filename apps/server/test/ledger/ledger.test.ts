import type { JournalEntryItem, LedgerAccount, Page, TrialBalance } from '@harbour/contracts';
import { isDomainError, postOcaCharge, postPayout, postRepayment, type JournalEntry } from '@harbour/domain';
import { API_BASE } from '@harbour/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/platform/context.js';
import { postJournal, reverseJournal, trialBalance } from '../../src/platform/ledger.js';
import { withReadTx, withTx } from '../../src/platform/tx.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';

let t: TestApp;
let mongKok: number;
let kwunTong: number;
let manager: string;
let accountant: string;
let clerk: string;
/**
 * The months this file posts in. The ledger also holds the demo loans' payouts (dated the day the
 * demo data was made), so figures of this file's entries are read for these months only.
 */
const EARLY_2026 = { from: '2026-01-01', to: '2026-02-28' };
/** ids of the entries posted by the first test */
const posted: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const stores = (await t.pool.query<{ id: number; code: string }>('select id, code from stores')).rows;
  mongKok = stores.find((s) => s.code === 'MK')!.id;
  kwunTong = stores.find((s) => s.code === 'KT')!.id;
  manager = (await loginAs(t.app, 'manager')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  // The loan the entries below belong to (journal entries refer to loans by foreign key).
  await t.pool.query(
    `insert into loans (id, store_id, apply_no, status, customer_id, loan_type, apply_date, loan_date, interest_start_date, loan_amount, flat_rate,
       interest_method, repay_cycle, total_tenor, instalment_amount, total_interest, mlo_rate, mlo_status, staff_id)
     values (77, $1, 'LEDGER-TEST-77', 'repaying', 1, 'private_loan', '2026-01-05', '2026-01-05', '2026-01-05', 10000, 1,
       'amortization', 'monthly', 12, 933.33, 1200, 21.5, 'ok', 1)`,
    [mongKok],
  );
});
afterAll(() => t.close());

/** A job's context on the connection the server uses (the app role, row-level security on). */
const job = (storeId?: number) => systemContext(t.app.db, 'ledger-test', storeId === undefined ? {} : { storeId });
const entryCount = async () => Number((await t.pool.query('select count(*) from journal_entries')).rows[0].count);
const lineCount = async () => Number((await t.pool.query('select count(*) from journal_lines')).rows[0].count);

/** The error PostgreSQL or the domain raised, as text. */
async function failure(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (err) {
    if (isDomainError(err)) return err.code;
    const cause = (err as { cause?: unknown }).cause;
    return (cause instanceof Error ? cause : (err as Error)).message;
  }
  return 'none';
}

describe('posting', () => {
  it('writes an entry and its lines in the caller’s transaction, with the job’s request id', async () => {
    const ctx = job();
    const payout = postPayout({ principal: '10000', deductedFees: '300', paidFrom: 'cash', memo: { loanNo: 'L-T1' } });
    const repayment = postRepayment({ overdueInterest: '0', handlingFee: '0', interest: '100', principal: '833.33', tempAmount: '0', receivedInto: 'bank' });
    await withTx(ctx, async (tx) => {
      posted.payout = (await postJournal(tx, ctx, payout, { storeId: mongKok, date: '2026-01-05', loanId: 77 }))!;
      posted.repayment = (await postJournal(tx, ctx, repayment, { storeId: mongKok, date: '2026-02-05', loanId: 77 }))!;
      posted.oca = (await postJournal(tx, ctx, postOcaCharge({ amount: '240.50' }), { storeId: kwunTong, date: '2026-01-10' }))!;
    });
    // this unit of work's entries (the demo loans' payouts are in the ledger too)
    const { rows } = await t.pool.query(
      `select id::int, store_id, entry_date::text, event, loan_id, memo, reverses_entry_id, created_by, request_id from journal_entries where request_id = $1 order by id`,
      [ctx.requestId],
    );
    expect(rows).toEqual([
      { id: posted.payout, store_id: mongKok, entry_date: '2026-01-05', event: 'payout', loan_id: 77, memo: { loanNo: 'L-T1' }, reverses_entry_id: null, created_by: null, request_id: ctx.requestId },
      { id: posted.repayment, store_id: mongKok, entry_date: '2026-02-05', event: 'repayment', loan_id: 77, memo: {}, reverses_entry_id: null, created_by: null, request_id: ctx.requestId },
      { id: posted.oca, store_id: kwunTong, entry_date: '2026-01-10', event: 'oca_charge', loan_id: null, memo: {}, reverses_entry_id: null, created_by: null, request_id: ctx.requestId },
    ]);
    const lines = await t.pool.query(`select store_id, account, debit, credit from journal_lines where entry_id = $1 order by id`, [posted.payout]);
    expect(lines.rows).toEqual([
      { store_id: mongKok, account: 'loansReceivable', debit: '10000.00', credit: '0.00' },
      { store_id: mongKok, account: 'cash', debit: '0.00', credit: '9700.00' },
      { store_id: mongKok, account: 'feeIncome', debit: '0.00', credit: '300.00' },
    ]);
    expect(ctx.requestId).toMatch(/^ledger-test:/);
    await expectLedgerBalanced(t.db);
  });

  it('writes nothing for an entry of nothing, and refuses a store the caller does not reach', async () => {
    const before = await entryCount();
    const empty: JournalEntry = { event: 'oca_charge', memo: {}, lines: [] };
    const ctx = job(mongKok);
    await withTx(ctx, async (tx) => expect(await postJournal(tx, ctx, empty, { storeId: mongKok, date: '2026-01-05' })).toBeNull());
    expect(await entryCount()).toBe(before);
    // a signed-in clerk's context reaches its current store only
    const clerkCtx = { ...job(), system: undefined, auth: { staffId: 3, storeId: mongKok, allStores: false } as never };
    expect(await failure(() => withTx(clerkCtx, (tx) => postJournal(tx, clerkCtx, postOcaCharge({ amount: '1' }), { storeId: kwunTong, date: '2026-01-05' })))).toMatch(
      /forbidden/i,
    );
    expect(await entryCount()).toBe(before);
  });

  it('leaves no entry when the caller’s transaction rolls back', async () => {
    const before = [await entryCount(), await lineCount()];
    const ctx = job();
    const outcome = await failure(() =>
      withTx(ctx, async (tx) => {
        await postJournal(tx, ctx, postOcaCharge({ amount: '99.99' }), { storeId: mongKok, date: '2026-01-06' });
        throw new Error('the money event failed after posting');
      }),
    );
    expect(outcome).toBe('the money event failed after posting');
    expect([await entryCount(), await lineCount()]).toEqual(before);
  });
});

describe('balance, enforced twice', () => {
  it('the domain refuses an unbalanced entry before anything is written', async () => {
    const before = await entryCount();
    const ctx = job();
    const lopsided: JournalEntry = { event: 'payout', memo: {}, lines: [{ account: 'loansReceivable', debit: '100.00', credit: '0.00' }, { account: 'cash', debit: '0.00', credit: '99.99' }] };
    expect(await failure(() => withTx(ctx, (tx) => postJournal(tx, ctx, lopsided, { storeId: mongKok, date: '2026-01-05' })))).toBe('UNBALANCED_JOURNAL_ENTRY');
    expect(await entryCount()).toBe(before);
  });

  /** Inserts an entry and the given lines straight into the tables, in one transaction. */
  const insertRaw = (lines: [string, string, string][], storeOfLines?: number) =>
    withTx(job(), async (tx) => {
      const { rows } = await tx.execute<{ id: string }>(
        sql`insert into journal_entries (store_id, entry_date, event) values (${mongKok}, '2026-01-07', 'payout') returning id`,
      );
      const id = rows[0]!.id;
      for (const [account, debit, credit] of lines) {
        await tx.execute(sql`insert into journal_lines (entry_id, store_id, entry_date, account, debit, credit) values (${id}, ${storeOfLines ?? mongKok}, '2026-01-07', ${account}, ${debit}, ${credit})`);
      }
    });

  it('the database refuses at commit, for the app role, an entry that does not balance or has fewer than two lines', async () => {
    const before = [await entryCount(), await lineCount()];
    expect(await failure(() => insertRaw([['loansReceivable', '100', '0'], ['cash', '0', '99.99']]))).toMatch(/does not balance: 2 line\(s\), debits 100\.00, credits 99\.99/);
    expect(await failure(() => insertRaw([['cash', '0', '0.01']]))).toMatch(/does not balance: 1 line/);
    expect(await failure(() => insertRaw([]))).toMatch(/does not balance: 0 line/);
    // a line on both sides, a negative line, an unknown account, a line of another store than its entry
    expect(await failure(() => insertRaw([['cash', '5', '5'], ['bank', '0', '0']]))).toMatch(/journal_lines_one_side_check/);
    expect(await failure(() => insertRaw([['cash', '-5', '0'], ['bank', '0', '-5']]))).toMatch(/journal_lines_one_side_check/);
    expect(await failure(() => insertRaw([['pettyCash', '5', '0'], ['bank', '0', '5']]))).toMatch(/journal_lines_account_check/);
    expect(await failure(() => insertRaw([['cash', '5', '0'], ['bank', '0', '5']], kwunTong))).toMatch(/journal_lines_entry_fk/);
    expect([await entryCount(), await lineCount()]).toEqual(before);
    // balanced lines inserted one by one pass: the check waits for the commit
    await insertRaw([['cash', '5', '0'], ['bank', '0', '2.50'], ['bank', '0', '2.50']]);
    expect(await entryCount()).toBe(before[0]! + 1);
  });

  it('the database refuses it for the owner too', async () => {
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string }>(`insert into journal_entries (store_id, entry_date, event) values ($1, '2026-01-07', 'payout') returning id`, [mongKok]);
      await client.query(`insert into journal_lines (entry_id, store_id, entry_date, account, debit, credit) values ($1, $2, '2026-01-07', 'cash', 10, 0), ($1, $2, '2026-01-07', 'bank', 0, 9)`, [rows[0]!.id, mongKok]);
      expect(await failure(() => client.query('commit'))).toMatch(/does not balance/);
    } finally {
      client.release();
    }
    await expectLedgerBalanced(t.db);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE to the app role (no grant) and to the owner (trigger)', async () => {
    const before = [await entryCount(), await lineCount()];
    for (const table of ['journal_entries', 'journal_lines']) {
      for (const statement of [`update ${table} set created_by = 1`, `delete from ${table}`, `truncate ${table} cascade`]) {
        expect(await failure(() => t.app.db.execute(sql.raw(statement))), `app: ${statement}`).toMatch(/permission denied/);
        expect(await failure(() => t.pool.query(statement)), `owner: ${statement}`).toMatch(/append-only/);
      }
      const rights = await t.pool.query<Record<string, boolean>>(
        `select ${['select', 'insert', 'update', 'delete', 'truncate'].map((p) => `has_table_privilege($1, $2, '${p}') as "${p}"`).join(', ')}`,
        [decodeURIComponent(new URL(t.appUrl).username), table],
      );
      expect(rights.rows[0], table).toEqual({ select: true, insert: true, update: false, delete: false, truncate: false });
    }
    expect([await entryCount(), await lineCount()]).toEqual(before);
  });
});

describe('reversal', () => {
  it('reverses an entry once, in its store and loan, and never a reversal', async () => {
    const ctx = job();
    const id = await withTx(ctx, (tx) => reverseJournal(tx, ctx, posted.repayment!, { date: '2026-02-06', reason: 'entered twice' }));
    const { rows } = await t.pool.query(`select store_id, entry_date::text, event, loan_id, memo, reverses_entry_id::int from journal_entries where id = $1`, [id]);
    expect(rows[0]).toEqual({ store_id: mongKok, entry_date: '2026-02-06', event: 'reversal', loan_id: 77, memo: { reason: 'entered twice' }, reverses_entry_id: posted.repayment });
    const lines = await t.pool.query(`select account, debit, credit from journal_lines where entry_id = $1 order by id`, [id]);
    expect(lines.rows).toEqual([
      { account: 'bank', debit: '0.00', credit: '933.33' },
      { account: 'interestIncome', debit: '100.00', credit: '0.00' },
      { account: 'loansReceivable', debit: '833.33', credit: '0.00' },
    ]);
    const before = await entryCount();
    expect(await failure(() => withTx(ctx, (tx) => reverseJournal(tx, ctx, posted.repayment!, { date: '2026-02-07', reason: 'again' })))).toBe('JOURNAL_ENTRY_ALREADY_REVERSED');
    expect(await failure(() => withTx(ctx, (tx) => reverseJournal(tx, ctx, id, { date: '2026-02-07', reason: 'undo the undo' })))).toBe('JOURNAL_REVERSAL_NOT_REVERSIBLE');
    // the unique key refuses a second reversal even past the check
    expect(
      await failure(() =>
        withTx(ctx, async (tx) => {
          const { rows: r } = await tx.execute<{ id: string }>(
            sql`insert into journal_entries (store_id, entry_date, event, reverses_entry_id) values (${mongKok}, '2026-02-07', 'reversal', ${posted.repayment}) returning id`,
          );
          await tx.execute(sql`insert into journal_lines (entry_id, store_id, entry_date, account, debit, credit) values (${r[0]!.id}, ${mongKok}, '2026-02-07', 'cash', 1, 0), (${r[0]!.id}, ${mongKok}, '2026-02-07', 'bank', 0, 1)`);
        }),
      ),
    ).toMatch(/journal_entries_reverses_unique/);
    // another store's scope does not see the entry: 404
    const kt = { ...job(kwunTong), system: undefined, auth: { staffId: 5, storeId: kwunTong, allStores: false } as never };
    expect(await failure(() => withTx(kt, (tx) => reverseJournal(tx, kt, posted.payout!, { date: '2026-02-07', reason: 'x' })))).toMatch(/notFound/);
    expect(await entryCount()).toBe(before);
    await expectLedgerBalanced(t.db);
  });
});

describe('trial balance', () => {
  it('sums by store and period in SQL, every account in chart order, balances on their normal side', async () => {
    const tb = await withReadTx(job(), (tx) => trialBalance(tx, { storeId: mongKok, from: '2026-01-01', to: '2026-01-31' }));
    const moved = Object.fromEntries(tb.rows.filter((r) => r.debit !== '0.00' || r.credit !== '0.00').map((r) => [r.key, [r.debit, r.credit, r.balance]]));
    // January in Mong Kok: the payout and the balanced raw entry of 2026-01-07
    expect(moved).toEqual({
      cash: ['5.00', '9700.00', '-9695.00'],
      bank: ['0.00', '5.00', '-5.00'],
      loansReceivable: ['10000.00', '0.00', '10000.00'],
      feeIncome: ['0.00', '300.00', '300.00'],
    });
    expect(tb.rows.map((r) => r.code)).toEqual([...tb.rows.map((r) => r.code)].sort());
    expect(tb.rows).toHaveLength(17);
    expect(tb).toMatchObject({ totals: { debit: '10005.00', credit: '10005.00' }, balanced: true, entryCount: 2 });
    // Periods are bounded: the demo loans' payouts are in the ledger too, dated the day the demo data was made.
    const feb = await withReadTx(job(), (tx) => trialBalance(tx, { storeId: mongKok, from: '2026-02-01', to: '2026-02-28' }));
    // the repayment and its reversal net to nothing
    expect(feb.rows.every((r) => r.balance === '0.00')).toBe(true);
    expect(feb).toMatchObject({ totals: { debit: '1866.66', credit: '1866.66' }, entryCount: 2 });
    const kt = await withReadTx(job(), (tx) => trialBalance(tx, { storeId: kwunTong, ...EARLY_2026 }));
    expect(kt).toMatchObject({ totals: { debit: '240.50', credit: '240.50' }, entryCount: 1 });
    expect(kt.rows.find((r) => r.key === 'ocaPayable')!.balance).toBe('240.50');
  });
});

describe('routes', () => {
  it('answers the chart with names in the caller’s language', async () => {
    const en = dataOf(await call<LedgerAccount[]>(t.app, 'GET', '/ledger/accounts', { token: accountant, lang: 'en' }));
    expect(en[0]).toEqual({ key: 'cash', code: '1010', kind: 'asset', normalSide: 'debit', name: 'Cash at stores' });
    expect(en).toHaveLength(17);
    const zh = dataOf(await call<LedgerAccount[]>(t.app, 'GET', '/ledger/accounts', { token: accountant }));
    expect(zh.find((a) => a.key === 'interestIncome')!.name).toBe('利息收入');
  });

  it('gives a caller without all-stores reach its current store only; another store answers 404', async () => {
    const mine = dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: accountant, query: EARLY_2026 }));
    expect(mine).toMatchObject({ storeId: mongKok, entryCount: 4, balanced: true, stores: [{ id: mongKok, name: '旺角店' }] });
    expect(mine.rows.find((r) => r.key === 'ocaPayable')!.credit).toBe('0.00');
    const other = await call(t.app, 'GET', '/ledger/trialBalance', { token: accountant, query: { storeId: kwunTong }, lang: 'en' });
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('240.50');
    expect((await call(t.app, 'GET', '/ledger/entries', { token: accountant, query: { storeId: kwunTong } })).statusCode).toBe(404);
    const entries = dataOf(await call<Page<JournalEntryItem>>(t.app, 'GET', '/ledger/entries', { token: accountant, query: { event: 'oca_charge' } }));
    expect(entries).toMatchObject({ total: 0, items: [] });
  });

  it('lets an all-stores caller read one store or all, by period', async () => {
    const kt = dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: manager, query: { storeId: kwunTong, ...EARLY_2026 } }));
    expect(kt).toMatchObject({ storeId: kwunTong, totals: { debit: '240.50', credit: '240.50' }, entryCount: 1 });
    const all = dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: manager, query: { from: '2026-01-01', to: '2026-01-31' } }));
    expect(all).toMatchObject({ storeId: null, from: '2026-01-01', to: '2026-01-31', totals: { debit: '10245.50', credit: '10245.50' }, entryCount: 3 });
    expect(kt.stores.map((s) => s.id)).toEqual(expect.arrayContaining([mongKok, kwunTong]));
    expect((await call(t.app, 'GET', '/ledger/trialBalance', { token: manager, query: { storeId: 999 } })).statusCode).toBe(404);
  });

  it('exports the trial balance as xlsx in the caller’s language, with the same store scope', async () => {
    const get = (token: string, query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `${API_BASE}/ledger/trialBalance/export`, query, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    const res = await get(manager, { storeId: String(kwunTong), from: '2026-01-01', to: '2026-01-31' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="trial-balance-2026-01-01-2026-01-31.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const cells = ws.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(cells[0]).toEqual(['Trial balance']);
    expect(cells[1]).toEqual(['Store', 'Kwun Tong']);
    expect(cells).toContainEqual(['2020', 'Payable to collection agents', 'Liability', 0, 240.5, 240.5]);
    expect(cells.at(-1)).toEqual(['Total', undefined, undefined, 240.5, 240.5]);
    expect((await get(accountant, { storeId: String(kwunTong) })).statusCode).toBe(404);
    expect((await get(clerk, {})).statusCode).toBe(403);
    expect((await get(manager, { from: 'soon' })).statusCode).toBe(400);
  });

  it('lists entries with their lines, filtered by event, loan and date', async () => {
    const page = dataOf(await call<Page<JournalEntryItem>>(t.app, 'GET', '/ledger/entries', { token: manager, query: { loanId: 77 } }));
    expect(page.items.map((e) => e.event)).toEqual(['reversal', 'repayment', 'payout']);
    const [reversal, repayment] = page.items;
    expect(reversal).toMatchObject({ reversesEntryId: posted.repayment, reversedByEntryId: null, memo: { reason: 'entered twice' } });
    expect(repayment).toMatchObject({ id: posted.repayment, reversedByEntryId: reversal!.id, entryDate: '2026-02-05', storeId: mongKok });
    expect(repayment!.lines[0]).toEqual({ account: 'bank', code: '1020', debit: '933.33', credit: '0.00' });
    const oca = dataOf(await call<Page<JournalEntryItem>>(t.app, 'GET', '/ledger/entries', { token: manager, query: { event: 'oca_charge', from: '2026-01-10', to: '2026-01-10' } }));
    expect(oca.items.map((e) => e.id)).toEqual([posted.oca]);
    const paged = dataOf(await call<Page<JournalEntryItem>>(t.app, 'GET', '/ledger/entries', { token: manager, query: { pageSize: 2, sort: 'entryDate:asc', ...EARLY_2026 } }));
    expect(paged.items.map((e) => e.entryDate)).toEqual(['2026-01-05', '2026-01-07']);
    expect(paged.total).toBe(5);
  });

  it('refuses a caller without the key (403) and bad input (400, translated)', async () => {
    expect((await call(t.app, 'GET', '/ledger/trialBalance', { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/ledger/accounts', { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/ledger/entries', { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/ledger/trialBalance')).statusCode).toBe(401);
    const backwards = await call(t.app, 'GET', '/ledger/trialBalance', { token: manager, query: { from: '2026-02-01', to: '2026-01-01' }, lang: 'en' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toMatchObject({ errors: [{ field: 'to', message: 'The end date cannot be earlier than the start date.' }] });
    for (const query of [{ from: '2026-13-01' }, { storeId: 'x' }, { storeId: -1 }] as Record<string, string | number>[]) {
      expect((await call(t.app, 'GET', '/ledger/trialBalance', { token: manager, query })).statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await call(t.app, 'GET', '/ledger/entries', { token: manager, query: { event: 'gift' } })).statusCode).toBe(400);
  });
});
