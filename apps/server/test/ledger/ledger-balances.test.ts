import type { LedgerBalanceCheck, TrialBalance } from '@harbour/contracts';
import { postOcaCharge, postPayout, postRepayment, postWriteOff } from '@harbour/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/platform/context.js';
import { postJournal, reverseJournal } from '../../src/platform/ledger.js';
import { withReadTx, withTx } from '../../src/platform/tx.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The kept day balances (`ledger_day_balances`, migration 0049): added to by the journal's insert
 * trigger in the posting transaction, read by the trial balance, checked against the journal.
 * Entries here are dated 2027, after anything the demo data posts.
 */
let t: TestApp;
let mongKok: number;
let kwunTong: number;
let manager: string;
let accountant: string;
const MARCH = { from: '2027-03-01', to: '2027-03-31' };

beforeAll(async () => {
  t = await createTestApp();
  const stores = (await t.pool.query<{ id: number; code: string }>('select id, code from stores')).rows;
  mongKok = stores.find((s) => s.code === 'MK')!.id;
  kwunTong = stores.find((s) => s.code === 'KT')!.id;
  manager = (await loginAs(t.app, 'manager')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  await t.pool.query(
    `insert into loans (id, store_id, apply_no, status, customer_id, loan_type, apply_date, loan_date, interest_start_date, loan_amount, flat_rate,
       interest_method, repay_cycle, total_tenor, instalment_amount, total_interest, mlo_rate, mlo_status, staff_id)
     values (88, $1, 'LEDGER-BAL-88', 'repaying', 1, 'private_loan', '2027-03-01', '2027-03-01', '2027-03-01', 10000, 1,
       'amortization', 'monthly', 12, 933.33, 1200, 21.5, 'ok', 1)`,
    [mongKok],
  );
});
afterAll(() => t.close());

const job = (storeId?: number) => systemContext(t.app.db, 'ledger-balances-test', storeId === undefined ? {} : { storeId });

/** The trial balance's figures summed straight from the journal lines, as the owner sees them. */
async function journalTotals(storeId: number, from: string, to: string) {
  const client = await t.pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('harbour.all_stores', 'on', true)`);
    const { rows } = await client.query<{ account: string; debit: string; credit: string }>(
      `select account, sum(debit)::numeric(20,2)::text as debit, sum(credit)::numeric(20,2)::text as credit
         from journal_lines where store_id = $1 and entry_date between $2 and $3 group by account order by account`,
      [storeId, from, to],
    );
    await client.query('commit');
    return rows;
  } finally {
    client.release();
  }
}

/** Runs statements as the owner across every store (the app role cannot write kept balances). */
async function asOwner(text: string, params: unknown[]) {
  const client = await t.pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('harbour.all_stores', 'on', true)`);
    const res = await client.query(text, params);
    await client.query('commit');
    return res.rowCount;
  } finally {
    client.release();
  }
}

const trialBalanceOf = async (token: string, query: Record<string, string>) => dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token, query }));
const moved = (tb: TrialBalance) =>
  tb.rows.filter((r) => r.debit !== '0.00' || r.credit !== '0.00').map((r) => ({ account: r.key, debit: r.debit, credit: r.credit })).sort((a, b) => a.account.localeCompare(b.account));

describe('kept day balances', () => {
  it('give the trial balance the journal’s own figures after a payout, a receipt, its void and a write-off', async () => {
    const ctx = job();
    await withTx(ctx, async (tx) => {
      await postJournal(tx, ctx, postPayout({ principal: '10000', deductedFees: '300', paidFrom: 'cash' }), { storeId: mongKok, date: '2027-03-01', loanId: 88 });
      const receipt = (await postJournal(tx, ctx, postRepayment({ overdueInterest: '0', handlingFee: '0', interest: '100', principal: '833.33', tempAmount: '0', receivedInto: 'bank' }), {
        storeId: mongKok,
        date: '2027-03-05',
        loanId: 88,
      }))!;
      await reverseJournal(tx, ctx, receipt, { date: '2027-03-06', reason: 'cheque returned' });
      await postJournal(tx, ctx, postWriteOff({ principalOutstanding: '9166.67' }), { storeId: mongKok, date: '2027-03-20', loanId: 88 });
      await postJournal(tx, ctx, postOcaCharge({ amount: '240.50' }), { storeId: kwunTong, date: '2027-03-10' });
    });
    const march = await trialBalanceOf(manager, { storeId: String(mongKok), ...MARCH });
    expect(march).toMatchObject({ totals: { debit: '21033.33', credit: '21033.33' }, balanced: true, entryCount: 4 });
    expect(march.rows.find((r) => r.key === 'loansReceivable')!.balance).toBe('833.33');
    expect(moved(march)).toEqual(await journalTotals(mongKok, MARCH.from, MARCH.to));
    // a period that starts after the payout and the receipt: the void and the write-off only
    const late = await trialBalanceOf(manager, { storeId: String(mongKok), from: '2027-03-06', to: '2027-03-31' });
    expect(late).toMatchObject({ totals: { debit: '10100.00', credit: '10100.00' }, entryCount: 2 });
    expect(moved(late)).toEqual(await journalTotals(mongKok, '2027-03-06', '2027-03-31'));
    // another store's period
    const kt = await trialBalanceOf(manager, { storeId: String(kwunTong), ...MARCH });
    expect(kt).toMatchObject({ totals: { debit: '240.50', credit: '240.50' }, entryCount: 1 });
    expect(moved(kt)).toEqual(await journalTotals(kwunTong, MARCH.from, MARCH.to));
    expect(dataOf(await call<LedgerBalanceCheck>(t.app, 'GET', '/ledger/balanceCheck', { token: manager }))).toEqual({ consistent: true, differences: [], entryCountDifferences: [] });
  });

  it('keep every increment of receipts posted side by side on the same store and day', async () => {
    const posts = Array.from({ length: 12 }, (_, i) => {
      const ctx = job();
      return withTx(ctx, (tx) => postJournal(tx, ctx, postOcaCharge({ amount: i % 2 ? '10.01' : '0.99' }), { storeId: kwunTong, date: '2027-04-01' }));
    });
    await Promise.all(posts);
    const april = await trialBalanceOf(manager, { storeId: String(kwunTong), from: '2027-04-01', to: '2027-04-01' });
    expect(april).toMatchObject({ totals: { debit: '66.00', credit: '66.00' }, entryCount: 12 });
    expect(moved(april)).toEqual(await journalTotals(kwunTong, '2027-04-01', '2027-04-01'));
  });

  it('are checked against the journal: a broken row is found to the cent', async () => {
    expect(await asOwner(`update ledger_day_balances set debit = debit + 0.01 where store_id = $1 and entry_date = '2027-04-01' and account = 'ocaCharges'`, [kwunTong])).toBe(1);
    try {
      const check = dataOf(await call<LedgerBalanceCheck>(t.app, 'GET', '/ledger/balanceCheck', { token: manager }));
      expect(check).toEqual({
        consistent: false,
        differences: [{ storeId: kwunTong, entryDate: '2027-04-01', account: 'ocaCharges', kept: { debit: '66.01', credit: '0.00' }, journal: { debit: '66.00', credit: '0.00' } }],
        entryCountDifferences: [],
      });
      // a one-store caller checks its own store only
      expect(dataOf(await call<LedgerBalanceCheck>(t.app, 'GET', '/ledger/balanceCheck', { token: accountant }))).toEqual({ consistent: true, differences: [], entryCountDifferences: [] });
    } finally {
      await asOwner(`update ledger_day_balances set debit = debit - 0.01 where store_id = $1 and entry_date = '2027-04-01' and account = 'ocaCharges'`, [kwunTong]);
    }
    expect(dataOf(await call<LedgerBalanceCheck>(t.app, 'GET', '/ledger/balanceCheck', { token: manager })).consistent).toBe(true);
  });
  it('keep entry counts checked against the journal: a count off by one is found', async () => {
    expect(await asOwner(`update ledger_day_entries set entries = entries + 1 where store_id = $1 and entry_date = '2027-04-01'`, [kwunTong])).toBe(1);
    try {
      const april = await trialBalanceOf(manager, { storeId: String(kwunTong), from: '2027-04-01', to: '2027-04-01' });
      expect(april.entryCount).toBe(13);
      const check = dataOf(await call<LedgerBalanceCheck>(t.app, 'GET', '/ledger/balanceCheck', { token: manager }));
      expect(check).toEqual({ consistent: false, differences: [], entryCountDifferences: [{ storeId: kwunTong, entryDate: '2027-04-01', kept: 13, journal: 12 }] });
    } finally {
      await asOwner(`update ledger_day_entries set entries = entries - 1 where store_id = $1 and entry_date = '2027-04-01'`, [kwunTong]);
    }
    expect(dataOf(await call<LedgerBalanceCheck>(t.app, 'GET', '/ledger/balanceCheck', { token: manager })).consistent).toBe(true);
  });
});

describe('row-level security on the kept balances', () => {
  it('shows a one-store session its own store’s rows only, and nothing when the scope is unset', async () => {
    const oneStore = { ...job(mongKok), system: undefined, auth: { staffId: 5, storeId: mongKok, allStores: false } as never };
    const stores = await withReadTx(oneStore, async (tx) => (await tx.execute<{ store_id: number }>(sql`select distinct store_id from ledger_day_balances`)).rows);
    expect(stores).toEqual([{ store_id: mongKok }]);
    const unset = await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_day_balances`);
    expect(unset.rows).toEqual([{ n: 0 }]);
    const all = await withReadTx(job(), async (tx) => (await tx.execute<{ n: number }>(sql`select count(distinct store_id)::int as n from ledger_day_balances where entry_date >= '2027-03-01'`)).rows);
    expect(all).toEqual([{ n: 2 }]);
  });

  it('reads the scope from the transaction’s visible-stores setting, through a function PostgreSQL can inline', async () => {
    const oneStore = { ...job(mongKok), system: undefined, auth: { staffId: 5, storeId: mongKok, allStores: false } as never };
    const read = (ctx: ReturnType<typeof job>) =>
      withReadTx(ctx, async (tx) => (await tx.execute<{ v: string; f: number[] }>(sql`select current_setting('harbour.visible_stores') as v, harbour_visible_stores() as f`)).rows[0]);
    expect(await read(oneStore)).toEqual({ v: `{${mongKok}}`, f: [mongKok] });
    const storeIds = (await t.pool.query<{ id: number }>('select id from stores order by id')).rows.map((r) => r.id);
    expect(await read(job())).toEqual({ v: `{${storeIds.join(',')}}`, f: storeIds });
    const { rows } = await t.pool.query(`select prosecdef, provolatile, proconfig from pg_proc where proname = 'harbour_visible_stores'`);
    expect(rows).toEqual([{ prosecdef: false, provolatile: 's', proconfig: null }]);
  });

  it('refuses the app role any write of its own: only the journal’s trigger adds to the balances', async () => {
    const ctx = job(mongKok);
    await expect(
      withTx(ctx, (tx) => tx.execute(sql`update ledger_day_balances set debit = debit + 1 where store_id = ${mongKok}`)),
    ).rejects.toThrow();
    await expect(
      withTx(ctx, (tx) => tx.execute(sql`insert into ledger_day_balances (store_id, entry_date, account, debit, credit) values (${mongKok}, '2027-05-01', 'cash', 1, 0)`)),
    ).rejects.toThrow();
  });
});
