/** The SQL of the retention report (declaration in packages/contracts/src/reports/retention.ts). */
import { DEFAULT_SYSTEM_SETTINGS, type ReportName } from '@harbour/contracts';
import { sql } from 'drizzle-orm';
import type { ReportQuery } from '../query.js';
import { retentionDue } from '../../customers/retention-basis.js';

/** The `retentionYears` setting as saved, or its default. */
const retentionYears = sql`coalesce((select (s.value #>> '{}')::int from settings s where s.key = 'retentionYears'), ${DEFAULT_SYSTEM_SETTINGS.retentionYears}::int)`;

export const retentionQueries: Partial<Record<ReportName, ReportQuery>> = {
  // the job's own reading of who is due (retention-basis.ts), up to the report's date; the loans the
  // caller's stores show (all-stores staff see the job's whole list)
  retentionDue: ({ params: p }) => sql`
    select b.due_on as "dueOn", c.customer_code as "customerCode", c.name as "customerName", c.id_number as "idNumber",
           b.last_closed_on as "lastClosedOn",
           (select count(*)::int from loans l where l.customer_id = c.id or l.id in (select x.loan_id from loan_partakers x where x.customer_id = c.id)) as "loans"
      from ${retentionDue(retentionYears, sql`${p.dateTo ?? null}::date`)} b
      join customers c on c.id = b.customer_id`,
};
