/**
 * The OCA process list (spec §2): every collection step — transfers and recalls, recoveries and
 * their voids, write-offs and their cancellations, payments to agents and their voids — as one
 * SQL over the collection tables (each row written once), in the caller's stores.
 */
import type { CollectionStep, CollectionStepKind, Page, collectionStepsQuerySchema } from '@harbour/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { likePattern, offsetOf, pageOfRows } from '../../platform/list.js';
import type { ServiceContext } from '../../platform/context.js';
import { currentStore, reachesAllStores } from '../../platform/store-scope.js';

type StepsQuery = z.output<typeof collectionStepsQuerySchema>;

/** Rows an export holds at most. */
export const STEPS_EXPORT_MAX = 10_000;

const hkDate = (column: string) => sql.raw(`(${column} at time zone 'Asia/Hong_Kong')::date`);

/**
 * Every step as (kind, id, date, store, loan, agent, amount, author, remarks, created, undoable:
 * a write-off recovery or an agent payment not yet voided).
 */
const STEPS = sql`
  select case a.kind when 'transfer' then 'transfer' else 'recall' end as kind, a.id, a.on_date as date, a.store_id, a.loan_id,
         a.agent_id, null::numeric as amount, a.created_by, a.remarks, a.created_at, false as undoable
    from loan_oca_assignments a
  union all
  select 'recovery', r.id, r.recovered_on, r.store_id, r.loan_id, r.agent_id, r.amount, r.created_by, r.remarks, r.created_at,
         r.kind = 'income' and not exists (select 1 from loan_oca_recovery_voids x where x.recovery_id = r.id)
    from loan_oca_recoveries r
  union all
  select 'recoveryVoid', v.id, ${hkDate('v.created_at')}, v.store_id, v.loan_id, r.agent_id, r.amount, v.created_by, v.reason, v.created_at, false
    from loan_oca_recovery_voids v join loan_oca_recoveries r on r.id = v.recovery_id
  union all
  select case w.kind when 'write_off' then 'writeOff' else 'writeOffCancel' end, w.id, w.on_date, w.store_id, w.loan_id, null,
         case w.kind when 'write_off' then w.principal + w.interest else (select o.principal + o.interest from loan_write_offs o where o.id = w.cancels_id) end,
         w.created_by, w.reason, w.created_at, false
    from loan_write_offs w
  union all
  select case p.kind when 'payment' then 'agentPayment' else 'agentPaymentVoid' end, p.id, p.paid_on, p.store_id, null, p.agent_id, p.amount, p.created_by, p.remarks, p.created_at,
         p.kind = 'payment' and not exists (select 1 from oca_agent_payments x where x.voids_id = p.id)
    from oca_agent_payments p`;

function whereOf(ctx: ServiceContext, q: StepsQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (!reachesAllStores(ctx)) parts.push(sql`s.store_id = ${currentStore(ctx)}`);
  if (q.kind) parts.push(sql`s.kind = ${q.kind}`);
  if (q.agentId) parts.push(sql`s.agent_id = ${q.agentId}`);
  if (q.loanNo) parts.push(sql`l.loan_no ilike ${likePattern(q.loanNo)}`);
  if (q.dateFrom) parts.push(sql`s.date >= ${q.dateFrom}::date`);
  if (q.dateTo) parts.push(sql`s.date <= ${q.dateTo}::date`);
  return sql.join(parts, sql` and `);
}

const ORDER = { date: sql`s.date`, createdAt: sql`s.created_at` } as const;

function orderOf(sort: string | undefined): SQL {
  const [field, dir] = (sort ?? 'date:desc').split(':') as [string, string];
  // own keys only: `__proto__` and friends are unknown fields, not columns
  const column = Object.hasOwn(ORDER, field) ? ORDER[field as keyof typeof ORDER] : ORDER.date;
  return sql`${column} ${sql.raw(dir === 'asc' ? 'asc' : 'desc')}, s.created_at ${sql.raw(dir === 'asc' ? 'asc' : 'desc')}, s.kind, s.id`;
}

interface StepRow extends Record<string, unknown> {
  kind: CollectionStepKind;
  id: number;
  date: string;
  loan_id: number | null;
  loan_no: string | null;
  customer_name: string | null;
  agent_id: number | null;
  agent_name: string | null;
  amount: string | null;
  staff_name: string | null;
  remarks: string | null;
  created_at: string;
  undoable: boolean;
  total: number;
}

async function selectSteps(tx: DbOrTx, ctx: ServiceContext, q: StepsQuery, limit: number, offset: number): Promise<{ items: CollectionStep[]; total: number }> {
  const agentName = ctx.lang === 'en' ? sql.raw('g.name_en') : sql.raw('g.name_zh');
  const result = await tx.execute<StepRow>(sql`
    select s.kind, s.id, to_char(s.date, 'YYYY-MM-DD') as date, s.loan_id, l.loan_no, c.name as customer_name, s.agent_id,
           ${agentName} as agent_name, s.amount::numeric(16,2)::text as amount, st.name as staff_name, s.remarks, s.undoable,
           to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
           cast(count(*) over () as integer) as total
      from (${STEPS}) s
      left join loans l on l.id = s.loan_id
      left join customers c on c.id = l.customer_id
      left join oca_agents g on g.id = s.agent_id
      left join staff st on st.id = s.created_by
     where ${whereOf(ctx, q)}
     order by ${orderOf(q.sort)}
     limit ${limit} offset ${offset}`);
  const rows = result.rows;
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      key: `${r.kind}:${r.id}`,
      kind: r.kind,
      id: Number(r.id),
      date: r.date,
      loanId: r.loan_id === null ? null : Number(r.loan_id),
      loanNo: r.loan_no,
      customerName: r.customer_name,
      agentId: r.agent_id === null ? null : Number(r.agent_id),
      agentName: r.agent_name,
      amount: r.amount,
      staffName: r.staff_name,
      remarks: r.remarks,
      createdAt: r.created_at,
      undoable: r.undoable,
    })),
  };
}

/** A page of the process list. */
export async function listCollectionSteps(tx: DbOrTx, ctx: ServiceContext, q: StepsQuery): Promise<Page<CollectionStep>> {
  const { items, total } = await selectSteps(tx, ctx, q, q.pageSize, offsetOf(q.page, q.pageSize));
  return pageOfRows(items, total, q.page, q.pageSize);
}

/** Every step of the same filters and sort (at most `STEPS_EXPORT_MAX`), for the xlsx export. */
export async function exportCollectionSteps(tx: DbOrTx, ctx: ServiceContext, q: StepsQuery): Promise<CollectionStep[]> {
  return (await selectSteps(tx, ctx, q, STEPS_EXPORT_MAX, 0)).items;
}
