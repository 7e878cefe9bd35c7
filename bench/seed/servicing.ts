/**
 * What servicing writes for the bench book, in SQL over the paid-out bench loans (after
 * `seedLoans` and `seedInstalments`), with the rows the services would have written
 * (docs/repayments.md, modules/repayments, modules/collection, modules/sms, platform/ledger.ts):
 *
 * - approvals (the overdue rate and penalty a receipt charges by) and payouts, each payout with its
 *   `payout` journal entry (loans receivable against cash, or the bank for a cheque);
 * - receipts (`loan_repayments`) with their lines: one receipt a paid instalment, on its due date
 *   or up to 3 days before — 12 % paid 1–20 days late, charged overdue interest at the approval's
 *   rate (simple, by day, on the instalment's principal + interest) and the approval's handling
 *   fee (once an overdue instalment), as the domain's `accrueOverdue` charges them. A `repaying` loan has paid every instalment due before today, except ~8 % that
 *   are 1–6 instalments behind (1–180 days overdue today); 5 % of repaying loans keep a temporary
 *   amount from their last receipt. `complete` loans paid everything; `oca` and `bad` loans
 *   stopped paying at some instalment; a `reloaned` loan paid some instalments and was then
 *   settled early (a `settlement` receipt: the rest of the principal, the scheduled interest not
 *   run waived as its rebate). Each receipt posts its `repayment` / `early_settlement` entry;
 * - OCA: `oca` loans transferred to an agent 60–120 days after their first unpaid instalment fell
 *   due; 40 % with a recovery (a receipt of the oldest unpaid instalment with its overdue interest,
 *   the agent's charge posted as an `oca_charge` entry);
 * - write-offs: `bad` loans written off 90–180 days after their first unpaid instalment fell due
 *   (unpaid principal, `write_off` entry), 25 % with recovery income afterwards
 *   (`write_off_recovery`);
 * - the due summaries the daily job keeps for `repaying` and `oca` loans, computed from the
 *   instalments and the receipt lines as inserted;
 * - SMS reminders: `upcoming` ones for 15 % of instalments due in the last year, `overdue` ones for
 *   the loans overdue today.
 *
 * Rows are inserted set-wise from temporary tables (ids reserved from the tables' sequences, so a
 * receipt's id grows with its date as the app's do) with `session_replication_role = replica`:
 * foreign keys and the ledger's deferred per-row balance triggers are skipped for speed, and
 * `checkServicing` then checks the same things (and more) over the whole book in SQL. CHECK
 * constraints still apply. The figures are the bench's (simple interest by day, whole instalments
 * paid), not the domain's allocation; what matters is that every table agrees with the others and
 * with the ledger as the app's own rows do.
 */
import type pg from 'pg';

const BENCH_LOAN = `l.apply_no ~ '^AP[A-Z]+[0-9]{10}$'`;
/** A Hong Kong business date at a time of day, as timestamptz. */
const at = (day: string, time: string) => `((${day})::date + time '${time}') at time zone 'Asia/Hong_Kong'`;

export interface ServicingCounts {
  receipts: number;
  receiptLines: number;
  journalEntries: number;
  journalLines: number;
  overdueLoans: number;
  ocaTransfers: number;
  writeOffs: number;
  recoveries: number;
  dueSummaries: number;
  sms: number;
}

type Step = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** Reserves `n` ids of a serial column's sequence; answers the first. */
async function reserve(client: pg.Client, table: string, n: number): Promise<number> {
  const { rows } = await client.query<{ base: string }>(`select nextval(pg_get_serial_sequence($1, 'id')) as base`, [table]);
  const base = Number(rows[0]!.base);
  if (n > 1) await client.query(`select setval(pg_get_serial_sequence($1, 'id'), $2::bigint)`, [table, base + n - 1]);
  return base;
}

const count = async (client: pg.Client, sql: string, params: unknown[] = []) => Number((await client.query<{ n: string }>(sql, params)).rows[0]!.n);

/**
 * Journal entries and their lines from a temporary table of postings: `(entry_id, store_id,
 * entry_date, event, loan_id, memo, staff_id)` and lines `(entry_id, store_id, account, debit,
 * credit, staff_id, entry_date)`; zero lines dropped.
 */
async function postEntries(client: pg.Client, entries: string, lines: string): Promise<void> {
  await client.query(`
    insert into journal_entries (id, store_id, entry_date, event, loan_id, memo, created_by, created_at, updated_at)
    select entry_id, store_id, entry_date, event, loan_id, memo, staff_id, ${at('entry_date', '16:00')}, ${at('entry_date', '16:00')}
    from (${entries}) e order by entry_id`);
  await client.query(`
    insert into journal_lines (entry_id, store_id, entry_date, account, debit, credit, created_by, created_at, updated_at)
    select entry_id, store_id, entry_date, account, debit, credit, staff_id, ${at('entry_date', '16:00')}, ${at('entry_date', '16:00')}
    from (${lines}) x where debit > 0 or credit > 0 order by entry_id`);
}

export async function seedServicing(client: pg.Client, today: string, step: Step): Promise<ServicingCounts> {
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query('select setseed(0.2468)');
    const counts = await run(client, today, step);
    await step('consistency checks', () => checkServicing(client, today));
    await client.query('commit');
    return counts;
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

async function run(client: pg.Client, today: string, step: Step): Promise<ServicingCounts> {
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);

  await step('approvals', () =>
    q(`
    insert into loan_approvals (store_id, loan_id, decision, decided_on, staff_id, overdue_rate, overdue_penalty, place_of_negotiation, created_by, created_at, updated_at)
    select l.store_id, l.id, case when l.status = 'reject' then 'reject' else 'approve' end,
      l.apply_date + (l.loan_date - l.apply_date) / 2, l.staff_id,
      case when l.status <> 'reject' then (array[24, 30, 36])[1 + l.id % 3] end,
      case when l.status <> 'reject' then 100.00 end,
      s.name_zh, l.staff_id, ${at('l.apply_date', '17:00')}, ${at('l.apply_date', '17:00')}
    from loans l join stores s on s.id = l.store_id
    where ${BENCH_LOAN} and l.submitted_at is not null and l.status in ('approved', 'repaying', 'complete', 'reloaned', 'oca', 'bad', 'reject')`),
  );

  await step('payouts and their journal entries', async () => {
    await q(`
      create temp table bench_payouts on commit drop as
      select l.id as loan_id, l.store_id, l.payout_date, l.loan_no, l.loan_amount, l.staff_id,
        case when l.loan_amount >= 100000 then 'cheque' else 'cash' end as method, row_number() over (order by l.payout_date, l.id) as k
      from loans l where ${BENCH_LOAN} and l.payout_date is not null`);
    const n = await count(client, 'select count(*) as n from bench_payouts');
    const base = await reserve(client, 'journal_entries', n);
    await q(`alter table bench_payouts add column entry_id bigint`);
    await q(`update bench_payouts set entry_id = $1::bigint + k - 1`, [base]);
    await postEntries(
      client,
      `select entry_id, store_id, payout_date as entry_date, 'payout' as event, loan_id, jsonb_build_object('loanNo', loan_no) as memo, staff_id from bench_payouts`,
      `select p.entry_id, p.store_id, v.account, v.debit, v.credit, p.staff_id, p.payout_date as entry_date from bench_payouts p
       cross join lateral (values ('loansReceivable', p.loan_amount, 0::numeric), (case when p.method = 'cash' then 'cash' else 'bank' end, 0::numeric, p.loan_amount)) v(account, debit, credit)`,
    );
    await q(`
      insert into loan_payouts (store_id, loan_id, payout_date, method, cheque_no, upfront_deducted, late_drawdown_fee, amount_received, journal_entry_id, created_by, created_at, updated_at)
      select store_id, loan_id, payout_date, method, case when method = 'cheque' then 'CQ' || lpad(loan_id::text, 7, '0') end, 0, 0, loan_amount, entry_id, staff_id,
        ${at('payout_date', '15:00')}, ${at('payout_date', '15:00')}
      from bench_payouts`);
  });

  await step('repayment plan of each loan', async () => {
    await q(
      `
      create temp table bench_loans0 on commit drop as
      select l.id as loan_id, l.store_id, s.code as store_code, l.status, l.loan_no, l.total_tenor, l.payout_date, l.loan_amount, l.staff_id, l.customer_id,
        a.overdue_rate, a.overdue_penalty, coalesce(c.past, 0) as past,
        random() as r1, random() as r2, random() as r3, random() as r4, random() as r5
      from loans l
      join stores s on s.id = l.store_id
      join loan_approvals a on a.loan_id = l.id and a.decision = 'approve'
      left join (select loan_id, count(*) filter (where due_date < $1::date)::int as past from loan_instalments where revision = 0 group by loan_id) c on c.loan_id = l.id
      where ${BENCH_LOAN} and l.payout_date is not null`,
      [today],
    );
    // first_unpaid: the first instalment not paid by an ordinary receipt (a reloaned loan's
    // settlement pays from it on); event_date: the OCA transfer, the write-off, the settlement.
    await q(
      `
      create temp table bench_loans on commit drop as
      with f as (
        select b.*, case
          when b.status = 'complete' then b.total_tenor + 1
          when b.status = 'repaying' and b.past >= 1 and b.r1 < 0.09 then b.past - floor(b.r2 * least(b.past, 6))::int
          when b.status = 'repaying' then b.past + 1
          when b.status in ('oca', 'bad') then 1 + floor(b.r2 * greatest(b.past - 2, 0))::int
          else 1 + floor(b.r2 * b.past)::int
        end as first_unpaid
        from bench_loans0 b
      )
      select f.*, d.due_date as first_unpaid_due,
        case f.status
          when 'oca' then greatest(f.payout_date + 1, least($1::date - 1, d.due_date + 60 + floor(f.r3 * 60)::int))
          when 'bad' then greatest(f.payout_date + 1, least($1::date - 1, d.due_date + 90 + floor(f.r3 * 90)::int))
          when 'reloaned' then greatest(f.payout_date + 7, least($1::date - 1, coalesce(pd.due_date + 21, f.payout_date + 7)))
        end as event_date
      from f
      left join loan_instalments d on d.loan_id = f.loan_id and d.revision = 0 and d.tenor = f.first_unpaid
      left join loan_instalments pd on pd.loan_id = f.loan_id and pd.revision = 0 and pd.tenor = f.first_unpaid - 1`,
      [today],
    );
    await q('create index on bench_loans (loan_id)');
    await q('analyze bench_loans');
  });

  const ocaTransfers = await step('OCA transfers', async () => {
    const res = await q(`
      insert into loan_oca_assignments (store_id, loan_id, kind, agent_id, on_date, charge_percent, remarks, created_by, created_at, updated_at)
      select b.store_id, b.loan_id, 'transfer', ag.id, b.event_date, ag.charge_percent, null, b.staff_id, ${at('b.event_date', '12:00')}, ${at('b.event_date', '12:00')}
      from bench_loans b
      cross join lateral (select a.id, a.charge_percent from oca_agents a order by a.id offset (b.loan_id % greatest((select count(*) from oca_agents), 1)) limit 1) ag
      where b.status = 'oca'`);
    return res.rowCount ?? 0;
  });

  const receipts = await step('receipts plan', async () => {
    // ordinary receipts: one a paid instalment
    await q(
      `
      create temp table bench_receipts0 on commit drop as
      with paid as (
        select b.loan_id, b.store_id, b.store_code, b.loan_no, b.staff_id, b.status, b.overdue_rate, b.overdue_penalty, b.first_unpaid, b.r4,
          i.tenor, i.due_date, i.principal, i.interest,
          case when random() < 0.12 then 1 + floor(random() * 20)::int else 0 end as late,
          floor(random() * 4)::int as early, random() as rm
        from bench_loans b join loan_instalments i on i.loan_id = b.loan_id and i.revision = 0
        where i.tenor < b.first_unpaid
      ), dated as (
        select p.*, case when p.late > 0 and p.due_date + p.late < $1::date then p.late else 0 end as days_late from paid p
      )
      select 'instalment'::text as kind, d.loan_id, d.store_id, d.store_code, d.loan_no, d.staff_id, d.tenor,
        case when d.days_late > 0 then d.due_date + d.days_late else d.due_date - d.early end as repay_date,
        d.days_late, d.principal, d.interest,
        round((d.principal + d.interest) * d.overdue_rate / 100 * d.days_late / 365, 2) as overdue_interest,
        case when d.days_late > 0 then coalesce(d.overdue_penalty, 0) else 0 end as handling_fee,
        case when d.status = 'repaying' and d.r4 < 0.05 and d.tenor = d.first_unpaid - 1 then 100.00 * (1 + d.loan_id % 5) else 0 end as temp_in,
        0::numeric as rebate,
        case when d.rm < 0.65 then 'cash' when d.rm < 0.85 then 'bank-transfer' else 'autopay' end as method,
        null::int as agent_id, 0::numeric as charge_percent
      from dated d`,
      [today],
    );
    // money an OCA agent recovered: the oldest unpaid instalment with its overdue interest
    await q(
      `
      insert into bench_receipts0
      select 'recovery', r.loan_id, r.store_id, r.store_code, r.loan_no, r.staff_id, r.tenor, r.repay_date, r.days_late, r.principal, r.interest,
        round((r.principal + r.interest) * r.overdue_rate / 100 * r.days_late / 365, 2),
        case when r.days_late > 0 then coalesce(r.overdue_penalty, 0) else 0 end, 0, 0, 'cash', r.agent_id, r.charge_percent
      from (
        select b.*, i.tenor, i.principal, i.interest, t.agent_id, t.charge_percent, x.repay_date, greatest(x.repay_date - i.due_date, 0) as days_late
        from bench_loans b
        join loan_instalments i on i.loan_id = b.loan_id and i.revision = 0 and i.tenor = b.first_unpaid
        join loan_oca_assignments t on t.loan_id = b.loan_id and t.kind = 'transfer'
        cross join lateral (select b.event_date + 1 + floor(b.r5 * ($1::date - b.event_date - 2))::int as repay_date) x
        where b.status = 'oca' and b.event_date < $1::date - 10 and b.r4 < 0.4
      ) r`,
      [today],
    );
    // a reloaned loan's early settlement: the principal left, the interest not yet run waived
    await q(`
      insert into bench_receipts0
      select 'settlement', b.loan_id, b.store_id, b.store_code, b.loan_no, b.staff_id, null, b.event_date, 0, s.principal, 0, 0, 0, 0, s.interest, 'cash', null, 0
      from bench_loans b
      join lateral (select sum(i.principal) as principal, sum(i.interest) as interest from loan_instalments i where i.loan_id = b.loan_id and i.revision = 0 and i.tenor >= b.first_unpaid) s on true
      where b.status = 'reloaned' and s.principal > 0`);
    await q(`
      create temp table bench_receipts on commit drop as
      select r.*, row_number() over (order by r.repay_date, r.loan_id, r.tenor) as k,
        r.principal + r.interest + r.overdue_interest + r.handling_fee + r.temp_in as received,
        case when r.kind = 'recovery' then round((r.principal + r.interest + r.overdue_interest + r.handling_fee) * r.charge_percent / 100, 2) else 0 end as oca_charge
      from bench_receipts0 r`);
    const n = await count(client, 'select count(*) as n from bench_receipts');
    const id = await reserve(client, 'loan_repayments', n);
    const entry = await reserve(client, 'journal_entries', n);
    await q(`alter table bench_receipts add column id int, add column entry_id bigint, add column repay_no text, add column charge_entry_id bigint`);
    // numbered past the highest receipt number Harbour has taken (an import's on the same database)
    await q(
      `update bench_receipts r set id = $1::int + r.k - 1, entry_id = $2::bigint + r.k - 1,
         repay_no = 'RP' || r.store_code || to_char(r.repay_date, 'YYYYMMDD') || x.seq::text
       from (select k, 5000 + (select coalesce(max(c.value), 0) from code_counters c where c.kind = 'repayNo') + row_number() over (partition by store_id, repay_date order by k) as seq from bench_receipts) x where x.k = r.k`,
      [id, entry],
    );
    const charges = await count(client, 'select count(*) as n from bench_receipts where oca_charge > 0');
    if (charges > 0) {
      const chargeBase = await reserve(client, 'journal_entries', charges);
      await q(
        `update bench_receipts r set charge_entry_id = $1::bigint + x.j - 1
         from (select k, row_number() over (order by k) as j from bench_receipts where oca_charge > 0) x where x.k = r.k`,
        [chargeBase],
      );
    }
    return n;
  });

  await step(`${receipts.toLocaleString('en-US')} receipts, their lines and journal entries`, async () => {
    const money = `case when r.method = 'cash' then 'cash' else 'bank' end`;
    await postEntries(
      client,
      `select entry_id, store_id, repay_date as entry_date, case when kind = 'settlement' then 'early_settlement' else 'repayment' end as event, loan_id,
         jsonb_build_object('loanNo', loan_no, 'repayNo', repay_no) as memo, staff_id from bench_receipts
       union all
       select charge_entry_id, store_id, repay_date, 'oca_charge', loan_id, jsonb_build_object('loanNo', loan_no), staff_id from bench_receipts where charge_entry_id is not null`,
      `select r.entry_id, r.store_id, v.account, v.debit, v.credit, r.staff_id, r.repay_date as entry_date from bench_receipts r
       cross join lateral (values
         (${money}, r.received, 0::numeric),
         ('settlementRebate', r.rebate, 0::numeric),
         ('overdueInterestIncome', 0::numeric, r.overdue_interest),
         ('feeIncome', 0::numeric, r.handling_fee),
         ('interestIncome', 0::numeric, r.interest + r.rebate),
         ('loansReceivable', 0::numeric, r.principal),
         ('customerDeposits', 0::numeric, r.temp_in)) v(account, debit, credit)
       union all
       select r.charge_entry_id, r.store_id, v.account, v.debit, v.credit, r.staff_id, r.repay_date from bench_receipts r
       cross join lateral (values ('ocaCharges', r.oca_charge, 0::numeric), ('ocaPayable', 0::numeric, r.oca_charge)) v(account, debit, credit)
       where r.charge_entry_id is not null`,
    );
    await q(`
      insert into loan_repayments (id, store_id, loan_id, repay_no, repay_date, repay_type, tenor, received, overdue_interest, handling_fee, interest, principal,
        lock_period_fee, rebate, temp_in, temp_out, paid_out, method, idempotency_key, journal_entry_id, created_by, created_at, updated_at)
      select r.id, r.store_id, r.loan_id, r.repay_no, r.repay_date, case when r.kind = 'settlement' then 'settlement' else 'auto' end, r.tenor,
        r.received, r.overdue_interest, r.handling_fee, r.interest, r.principal, 0, r.rebate, r.temp_in, 0, 0, r.method,
        'bench-' || r.id, r.entry_id, r.staff_id, ${at('r.repay_date', '11:00')}, ${at('r.repay_date', '11:00')}
      from bench_receipts r order by r.id`);
    await q(`
      insert into loan_repayment_lines (store_id, repayment_id, loan_id, tenor, overdue_interest_charged, fee_charged, accrued_to, overdue_interest, handling_fee,
        interest, principal, interest_waived, created_by, created_at, updated_at)
      select r.store_id, r.id, r.loan_id, r.tenor, r.overdue_interest, r.handling_fee, case when r.days_late > 0 then r.repay_date end, r.overdue_interest, r.handling_fee,
        r.interest, r.principal, 0, r.staff_id, ${at('r.repay_date', '11:00')}, ${at('r.repay_date', '11:00')}
      from bench_receipts r where r.kind <> 'settlement'
      union all
      select r.store_id, r.id, r.loan_id, i.tenor, 0, 0, null, 0, 0, 0, i.principal, i.interest, r.staff_id, ${at('r.repay_date', '11:00')}, ${at('r.repay_date', '11:00')}
      from bench_receipts r join bench_loans b on b.loan_id = r.loan_id
      join loan_instalments i on i.loan_id = r.loan_id and i.revision = 0 and i.tenor >= b.first_unpaid
      where r.kind = 'settlement'`);
    await q(`
      insert into loan_oca_recoveries (store_id, loan_id, kind, recovered_on, amount, method, agent_id, oca_charge, repayment_id, journal_entry_id, idempotency_key, created_by, created_at, updated_at)
      select r.store_id, r.loan_id, 'receipt', r.repay_date, r.received, r.method, r.agent_id, r.oca_charge, r.id, r.charge_entry_id, 'bench-recovery-' || r.id, r.staff_id,
        ${at('r.repay_date', '11:00')}, ${at('r.repay_date', '11:00')}
      from bench_receipts r where r.kind = 'recovery'`);
  });

  const writeOffs = await step('write-offs and recovery income', async () => {
    await q(`
      create temp table bench_write_offs on commit drop as
      select b.loan_id, b.store_id, b.loan_no, b.staff_id, b.event_date, b.r4, b.r5, s.principal, row_number() over (order by b.event_date, b.loan_id) as k
      from bench_loans b
      join lateral (select sum(i.principal) as principal from loan_instalments i where i.loan_id = b.loan_id and i.revision = 0 and i.tenor >= b.first_unpaid) s on true
      where b.status = 'bad' and s.principal > 0`);
    await q(
      `create temp table bench_write_off_income on commit drop as
       select w.*, w.event_date + 1 + floor(w.r5 * ($1::date - w.event_date - 2))::int as recovered_on,
         greatest(round(w.principal * (0.05 + w.r5 * 0.25)::numeric, 2), 0.01) as amount, row_number() over (order by w.k) as j
       from bench_write_offs w where w.r4 < 0.25 and w.event_date < $1::date - 5`,
      [today],
    );
    const n = await count(client, 'select count(*) as n from bench_write_offs');
    const m = await count(client, 'select count(*) as n from bench_write_off_income');
    const base = await reserve(client, 'journal_entries', n + m);
    await postEntries(
      client,
      `select $B + k - 1 as entry_id, store_id, event_date as entry_date, 'write_off' as event, loan_id, jsonb_build_object('loanNo', loan_no) as memo, staff_id from bench_write_offs
       union all
       select $B + ${n} + j - 1, store_id, recovered_on, 'write_off_recovery', loan_id, jsonb_build_object('loanNo', loan_no), staff_id from bench_write_off_income`.replaceAll('$B', String(base)),
      `select ${base} + w.k - 1 as entry_id, w.store_id, v.account, v.debit, v.credit, w.staff_id, w.event_date as entry_date from bench_write_offs w
       cross join lateral (values ('badDebtExpense', w.principal, 0::numeric), ('loansReceivable', 0::numeric, w.principal)) v(account, debit, credit)
       union all
       select ${base + n} + w.j - 1, w.store_id, v.account, v.debit, v.credit, w.staff_id, w.recovered_on from bench_write_off_income w
       cross join lateral (values ('cash', w.amount, 0::numeric), ('badDebtRecovered', 0::numeric, w.amount)) v(account, debit, credit)`,
    );
    await q(`
      insert into loan_write_offs (store_id, loan_id, kind, on_date, principal, interest, reason, journal_entry_id, created_by, created_at, updated_at)
      select store_id, loan_id, 'write_off', event_date, principal, 0, '無法聯絡借款人，欠款逾期超過九十日', ${base} + k - 1, staff_id, ${at('event_date', '12:00')}, ${at('event_date', '12:00')}
      from bench_write_offs order by k`);
    await q(`
      insert into loan_oca_recoveries (store_id, loan_id, kind, recovered_on, amount, method, agent_id, oca_charge, repayment_id, journal_entry_id, idempotency_key, created_by, created_at, updated_at)
      select store_id, loan_id, 'income', recovered_on, amount, 'cash', null, 0, null, ${base + n} + j - 1, 'bench-income-' || loan_id, staff_id,
        ${at('recovered_on', '12:00')}, ${at('recovered_on', '12:00')}
      from bench_write_off_income order by j`);
    return { writeOffs: n, income: m };
  });

  const dueSummaries = await step('due summaries of repaying and OCA loans', async () => {
    const res = await q(
      `
      with live as (select * from bench_loans where status in ('repaying', 'oca')),
      paid as (
        select x.loan_id, x.tenor, sum(x.principal) as principal, sum(x.interest + x.interest_waived) as interest
        from loan_repayment_lines x join live on live.loan_id = x.loan_id group by x.loan_id, x.tenor
      ),
      unpaid as (
        select i.loan_id, i.tenor, i.due_date, i.principal - coalesce(p.principal, 0) as principal, i.interest - coalesce(p.interest, 0) as interest
        from loan_instalments i join live on live.loan_id = i.loan_id
        left join paid p on p.loan_id = i.loan_id and p.tenor = i.tenor
        where i.revision = 0 and i.principal + i.interest > coalesce(p.principal, 0) + coalesce(p.interest, 0)
      ),
      per_loan as (
        select u.loan_id,
          min(u.tenor) as next_tenor,
          (array_agg(u.due_date order by u.tenor))[1] as next_due_date,
          (array_agg(u.principal + u.interest order by u.tenor))[1] as next_amount,
          count(*) as remaining,
          count(*) filter (where u.due_date < $1::date) as overdue_tenors,
          coalesce(sum(u.principal + u.interest) filter (where u.due_date < $1::date), 0) as overdue_amount,
          coalesce(sum(round((u.principal + u.interest) * l.overdue_rate / 100 * ($1::date - u.due_date) / 365, 2)) filter (where u.due_date < $1::date), 0) as overdue_interest,
          min(u.due_date) filter (where u.due_date < $1::date) as oldest,
          coalesce(min(l.overdue_penalty), 0) * count(*) filter (where u.due_date < $1::date) as handling_fee,
          sum(u.principal) as unpaid_principal
        from unpaid u join live l on l.loan_id = u.loan_id group by u.loan_id
      ),
      temp as (
        select r.loan_id, sum(r.temp_in - r.temp_out) as held from loan_repayments r join live on live.loan_id = r.loan_id group by r.loan_id
      )
      insert into loan_due_summaries (loan_id, store_id, loan_status, as_of, next_tenor, next_due_date, next_amount, remaining_tenors, overdue_tenors, overdue_amount,
        overdue_interest, handling_fee, days_overdue, oldest_overdue_date, unpaid_principal, temp_amount, refreshed_at)
      select l.loan_id, l.store_id, l.status, $1::date, p.next_tenor, p.next_due_date, coalesce(p.next_amount, 0), coalesce(p.remaining, 0), coalesce(p.overdue_tenors, 0),
        coalesce(p.overdue_amount, 0), coalesce(p.overdue_interest, 0), coalesce(p.handling_fee, 0), coalesce($1::date - p.oldest, 0), p.oldest, coalesce(p.unpaid_principal, 0),
        coalesce(t.held, 0), now()
      from live l left join per_loan p on p.loan_id = l.loan_id left join temp t on t.loan_id = l.loan_id`,
      [today],
    );
    return res.rowCount ?? 0;
  });

  // The triggers that keep what each instalment was paid (migration 0030) are skipped in this
  // mode: the same function computes the bench loans' figures from their lines in one statement.
  await step('what each instalment was paid (loan_instalment_paid)', () => q(`select harbour_keep_instalment_paid(array(select loan_id from bench_loans))`));
  // … and the loans' kept totals (migration 0032), the same way.
  await step('each loan\'s kept totals (loan_totals)', () => q(`select harbour_keep_loan_totals(array(select loan_id from bench_loans))`));
  // … and the ledger's kept day balances (migration 0049): its insert trigger is skipped too, so the
  // balances are summed again from the whole journal (the demo entries' rows with the bench's).
  await step('the ledger\'s kept day balances and entry counts (ledger_day_balances, ledger_day_entries)', async () => {
    await q(`delete from ledger_day_balances`);
    await q(`insert into ledger_day_balances (store_id, entry_date, account, debit, credit)
             select store_id, entry_date, account, sum(debit), sum(credit) from journal_lines group by store_id, entry_date, account`);
    // … and the entry counts kept beside them (migration 0054), counted the same way
    await q(`delete from ledger_day_entries`);
    await q(`insert into ledger_day_entries (store_id, entry_date, entries)
             select store_id, entry_date, count(*) from journal_entries group by store_id, entry_date`);
  });

  const sms = await step('SMS reminders', async () => {
    const upcoming = await q(
      `
      insert into sms_messages (store_id, loan_id, customer_id, kind, due_date, language, phone, text, segments, status, attempts, next_attempt_at, sent_at, created_at, updated_at)
      select b.store_id, b.loan_id, b.customer_id, 'upcoming', i.due_date, 'zh-TW', c.mobile1,
        format('%s 第 %s 期供款 HK$%s 將於 %s 到期，請準時還款。', b.loan_no, i.tenor, to_char(i.instalment, 'FM999,999,990.00'), to_char(i.due_date, 'YYYY-MM-DD')), 1,
        case when i.due_date - 3 < $1::date then 'sent' else 'queued' end, case when i.due_date - 3 < $1::date then 1 else 0 end,
        ${at('i.due_date - 3', '09:00')}, case when i.due_date - 3 < $1::date then ${at('i.due_date - 3', '09:00')} end,
        least(now(), ${at('i.due_date - 3', '09:00')}), least(now(), ${at('i.due_date - 3', '09:00')})
      from bench_loans b
      join loan_instalments i on i.loan_id = b.loan_id and i.revision = 0
      join customers c on c.id = b.customer_id
      where b.status in ('repaying', 'complete', 'oca') and i.due_date between $1::date - 365 and $1::date + 3 and c.mobile1 is not null and random() < 0.15`,
      [today],
    );
    const overdue = await q(
      `
      insert into sms_messages (store_id, loan_id, customer_id, kind, due_date, language, phone, text, segments, status, attempts, next_attempt_at, sent_at, created_at, updated_at)
      select b.store_id, b.loan_id, b.customer_id, 'overdue', d.oldest_overdue_date, 'zh-TW', c.mobile1,
        format('%s 供款已逾期 %s 日，逾期金額 HK$%s，請盡快還款。', b.loan_no, least(d.days_overdue, 3), to_char(d.overdue_amount, 'FM999,999,990.00')), 1,
        'sent', 1, x.sent, x.sent, x.sent, x.sent
      from bench_loans b
      join loan_due_summaries d on d.loan_id = b.loan_id
      join customers c on c.id = b.customer_id
      cross join lateral (select least(now(), ${at('d.oldest_overdue_date + 3', '09:00')}) as sent) x
      where b.status = 'repaying' and d.days_overdue > 0 and c.mobile1 is not null`,
    );
    return (upcoming.rowCount ?? 0) + (overdue.rowCount ?? 0);
  });

  const totals = (await q(`
    select (select count(*) from loan_repayment_lines x join bench_loans b using (loan_id)) as lines,
      (select count(*) from journal_entries e join bench_loans b using (loan_id)) as entries,
      (select count(*) from journal_lines jl join journal_entries e on e.id = jl.entry_id join bench_loans b using (loan_id)) as jlines,
      (select count(*) from loan_due_summaries d join bench_loans b using (loan_id) where d.loan_status = 'repaying' and d.days_overdue > 0) as overdue,
      (select count(*) from loan_oca_recoveries x join bench_loans b using (loan_id)) as recoveries`)).rows[0] as Record<string, string>;
  return {
    receipts,
    receiptLines: Number(totals.lines),
    journalEntries: Number(totals.entries),
    journalLines: Number(totals.jlines),
    overdueLoans: Number(totals.overdue),
    ocaTransfers,
    writeOffs: writeOffs.writeOffs,
    recoveries: Number(totals.recoveries),
    dueSummaries,
    sms,
  };
}

/**
 * The checks the skipped triggers and keys would have made, and the bench's own, over the whole
 * book (demo rows too): throws naming the first that fails.
 */
/** A tenor's lines summed over the receipts not corrected (`c` null): what `loan_instalment_paid` keeps. */
const STANDING_SUMS = ['principal', 'interest', 'interest_waived', 'overdue_interest', 'handling_fee']
  .map((col, k) => `coalesce(sum(ln.${col}) filter (where c.id is null), 0) as ${['p', 'i', 'w', 'oi', 'fee'][k]}`)
  .join(', ');

export async function checkServicing(client: pg.Client, today: string): Promise<void> {
  const checks: [string, string, unknown[]][] = [
    [
      'every journal entry balances with at least two lines',
      `select count(*) as n from (select e.id from journal_entries e left join journal_lines l on l.entry_id = e.id and l.store_id = e.store_id
         group by e.id having count(l.id) < 2 or sum(l.debit) <> sum(l.credit)) x`,
      [],
    ],
    ['the kept day balances equal the journal', `select count(*) as n from harbour_ledger_balance_differences()`, []],
    ['every journal line belongs to an entry of its store', `select count(*) as n from journal_lines l where not exists (select 1 from journal_entries e where e.id = l.entry_id and e.store_id = l.store_id)`, []],
    [
      "every receipt's lines sum to its amounts",
      `select count(*) as n from loan_repayments r join loans l on l.id = r.loan_id left join (
         select repayment_id, sum(overdue_interest) as oi, sum(handling_fee) as fee, sum(interest) as interest, sum(principal) as principal, sum(interest_waived) as waived
         from loan_repayment_lines group by repayment_id) x on x.repayment_id = r.id
       where ${BENCH_LOAN} and (coalesce(x.oi, 0) <> r.overdue_interest or coalesce(x.fee, 0) <> r.handling_fee
         or coalesce(x.interest, 0) <> r.interest or coalesce(x.principal, 0) <> r.principal or coalesce(x.waived, 0) <> r.rebate)`,
      [],
    ],
    [
      "every receipt's journal entry takes in what it received",
      `select count(*) as n from loan_repayments r join loans l on l.id = r.loan_id
       left join (select jl.entry_id, sum(jl.debit) as money from journal_lines jl where jl.account in ('cash', 'bank') group by jl.entry_id) m on m.entry_id = r.journal_entry_id
       where ${BENCH_LOAN} and r.received <> coalesce(m.money, 0)`,
      [],
    ],
    [
      'no instalment is paid more than it is (receipt lines against the instalments)',
      `select count(*) as n from (select x.loan_id, x.tenor, sum(x.principal) as p, sum(x.interest + x.interest_waived) as i
         from loan_repayment_lines x group by x.loan_id, x.tenor) s
       join loans l on l.id = s.loan_id
       left join loan_instalments i on i.loan_id = s.loan_id and i.tenor = s.tenor and i.revision = 0
       where ${BENCH_LOAN} and (i.principal is null or s.p > i.principal or s.i > i.interest)`,
      [],
    ],
    [
      'a complete bench loan has every instalment paid by its receipt lines',
      `select count(*) as n from loans l join loan_instalments i on i.loan_id = l.id and i.revision = 0
       left join (select loan_id, tenor, sum(principal) as p, sum(interest + interest_waived) as i from loan_repayment_lines group by loan_id, tenor) s
         on s.loan_id = i.loan_id and s.tenor = i.tenor
       where ${BENCH_LOAN} and l.status in ('complete', 'reloaned') and (coalesce(s.p, 0) <> i.principal or coalesce(s.i, 0) <> i.interest)`,
      [],
    ],
    [
      "a due summary's unpaid principal is the loan amount less the principal its receipts paid",
      `select count(*) as n from loan_due_summaries d join loans l on l.id = d.loan_id
       left join (select loan_id, sum(principal) as p from loan_repayment_lines group by loan_id) x on x.loan_id = l.id
       where ${BENCH_LOAN} and d.unpaid_principal <> l.loan_amount - coalesce(x.p, 0)`,
      [],
    ],
    [
      "each instalment's kept paid figures are its standing receipt lines' sums",
      `select count(*) as n from (select ln.loan_id, ln.tenor, ${STANDING_SUMS}
         from loan_repayment_lines ln left join loan_repayment_corrections c on c.repayment_id = ln.repayment_id
         group by ln.loan_id, ln.tenor) s
       full join loan_instalment_paid k on k.loan_id = s.loan_id and k.tenor = s.tenor
       where s.loan_id is null or k.loan_id is null or (k.principal, k.interest, k.interest_waived, k.overdue_interest, k.handling_fee) <> (s.p, s.i, s.w, s.oi, s.fee)`,
      [],
    ],
    [
      "each paid-out loan's kept totals are its schedule's and its standing receipts' sums",
      `select count(*) as n from loans l
       left join loan_totals k on k.loan_id = l.id
       left join (select i.loan_id, sum(i.interest) as interest from loan_instalments i
                   where i.revision = (select max(v.revision) from loan_instalments v where v.loan_id = i.loan_id) group by i.loan_id) s on s.loan_id = l.id
       left join (select r.loan_id, sum(r.principal) as p, sum(r.interest) as i, sum(r.overdue_interest + r.handling_fee + r.lock_period_fee) as ch,
                         sum(r.rebate) as rb, max(r.id) as last_id, max(r.repay_date) filter (where r.received > 0) as received_on
                    from loan_repayments r left join loan_repayment_corrections c on c.repayment_id = r.id where c.id is null group by r.loan_id) x on x.loan_id = l.id
       left join loan_repayments f on f.id = x.last_id
       where l.payout_date is not null
         and (k.loan_id is null
              or (k.scheduled_interest, k.paid_principal, k.paid_interest, k.paid_charges, k.rebate)
                 <> (coalesce(s.interest, 0), coalesce(x.p, 0), coalesce(x.i, 0), coalesce(x.ch, 0), coalesce(x.rb, 0))
              or k.last_receipt_on is distinct from f.repay_date or k.last_receipt_type is distinct from f.repay_type
              or k.last_receipt_method is distinct from f.method or k.last_received_on is distinct from x.received_on)`,
      [],
    ],
    [
      'loans receivable in the ledger is what was paid out less principal repaid and written off (bench loans)',
      `select count(*) as n from loans l
       left join (select loan_id, sum(principal) as p from loan_repayment_lines group by loan_id) x on x.loan_id = l.id
       left join (select loan_id, sum(principal) as p from loan_write_offs where kind = 'write_off' group by loan_id) w on w.loan_id = l.id
       left join (select e.loan_id, sum(jl.debit - jl.credit) as balance from journal_entries e join journal_lines jl on jl.entry_id = e.id
         where jl.account = 'loansReceivable' group by e.loan_id) g on g.loan_id = l.id
       where ${BENCH_LOAN} and l.payout_date is not null and l.loan_amount - coalesce(x.p, 0) - coalesce(w.p, 0) <> coalesce(g.balance, 0)`,
      [],
    ],
    [
      'receipts of a loan are dated in the order of their ids, within its life',
      `select count(*) as n from (select r.repay_date, lag(r.repay_date) over (partition by r.loan_id order by r.id) as before, l.payout_date
         from loan_repayments r join loans l on l.id = r.loan_id where ${BENCH_LOAN}) x
       where x.repay_date < x.before or x.repay_date < x.payout_date or x.repay_date >= $1::date`,
      [today],
    ],
  ];
  await client.query(
    'analyze loan_approvals, loan_payouts, loan_repayments, loan_repayment_lines, journal_entries, journal_lines, loan_oca_assignments, loan_oca_recoveries, loan_write_offs, loan_due_summaries, loan_instalment_paid, loan_totals',
  );
  for (const [name, sql, params] of checks) {
    const t0 = performance.now();
    const n = await count(client, sql, params);
    if (process.env.HARBOUR_BENCH_SEED_TIMES) console.log(`  check ${name}: ${n} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (n !== 0) throw new Error(`bench seed check failed: ${name} (${n} rows)`);
  }
}
