/**
 * Personal-data retention (compliance: a retention setting, default 7 years after a loan closes,
 * after which personal fields are anonymised and documents deleted, ledger amounts kept). Run by
 * the daily servicing job after its own work, and by `npm run retention`. Which customers are due
 * is `retention-basis.ts`'s one reading; what is replaced, kept and deleted is listed in
 * docs/operations.md → Retention and anonymisation.
 *
 * Each customer is anonymised in ONE transaction of its own (a failure leaves that customer as it
 * was and the next run tries again): the customer row, their loans' bank details and free text,
 * their loans' collateral owners, the SMS sent to them, the member accounts linked to them, the
 * blacklist rows their black status made (deleted) and the same values inside every audit row
 * (`harbour_redact_audit`, the audit log's one narrow exception, migration 0042). Their loans'
 * document files (`stored_files`) are deleted in that same transaction, the document rows marked
 * removed in it. Amounts, the ledger, loan and receipt numbers and dates stay.
 * Irreversible: only restoring a backup brings the data back.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import { type ServiceContext, systemContext } from '../../platform/context.js';
import { readSettings } from '../../platform/settings.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { loanDocumentStore } from '../loan-core/document-store.js';
import { retentionDue } from './retention-basis.js';

/** What replaces a name and every redacted value: "anonymised" (the lists and papers show it as it is). */
export const ANONYMISED = '已匿名';
/** The English name's replacement. */
export const ANONYMISED_EN = 'Anonymised';
/** The job's name in its audit rows' request id and the log. */
export const RETENTION_JOB = 'retention';
const MODULE = 'customers';

/**
 * Free-text columns of a loan's rows where staff may have written a person's name, number or
 * address: those values are replaced inside them (the rest of the text is kept).
 */
const LOAN_FREE_TEXT: readonly (readonly [table: string, column: string, key: 'id' | 'loan_id'])[] = [
  ['loans', 'remarks', 'id'],
  ['loans', 'blacklist_override_reason', 'id'],
  ['loans', 'cancel_reason', 'id'],
  ['loan_partakers', 'relation', 'loan_id'],
  ['loan_approvals', 'remarks', 'loan_id'],
  ['loan_approvals', 'affordability_reason', 'loan_id'],
  ['loan_payouts', 'remarks', 'loan_id'],
  ['loan_repayments', 'remarks', 'loan_id'],
  ['loan_repayment_corrections', 'reason', 'loan_id'],
  ['loan_oca_assignments', 'remarks', 'loan_id'],
  ['loan_write_offs', 'reason', 'loan_id'],
  ['loan_oca_recoveries', 'remarks', 'loan_id'],
  ['loan_oca_recovery_voids', 'reason', 'loan_id'],
  ['loan_statement_requests', 'remarks', 'loan_id'],
];

export interface DueCustomer {
  customerId: number;
  lastClosedOn: string;
  dueOn: string;
}

/** The customers due on `asOf` (their `due_on` reached), oldest first. */
export async function dueForAnonymisation(tx: Tx, asOf: string, years: number): Promise<DueCustomer[]> {
  const { rows } = await tx.execute<{ customer_id: number; last_closed_on: string; due_on: string }>(sql`
    select b.customer_id, to_char(b.last_closed_on, 'YYYY-MM-DD') as last_closed_on, to_char(b.due_on, 'YYYY-MM-DD') as due_on
      from ${retentionDue(sql`${years}::int`, sql`${asOf}::date`)} b
     order by b.due_on, b.customer_id`);
  return rows.map((r) => ({ customerId: r.customer_id, lastClosedOn: r.last_closed_on, dueOn: r.due_on }));
}

/** What one customer's anonymisation did (its audit row's `after`). */
export interface AnonymisedCustomer {
  customerId: number;
  loans: number;
  documents: number;
  smsMessages: number;
  members: number;
  blacklistRows: number;
  auditRows: number;
}

const texts = (values: readonly (string | null | undefined)[]) =>
  // longest first, so a name inside an address is replaced with the address, not before it
  [...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim().length >= 2).map((v) => v.trim()))].sort((a, b) => b.length - a.length);

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/**
 * Anonymises one customer in the caller's transaction, if still due on `asOf` (read again under the
 * row's lock, so a loan opened since the list was read keeps them). Answers what it did and the
 * storage keys of the documents to delete after commit, or null when no longer due.
 */
async function anonymiseIn(tx: Tx, customerId: number, asOf: string, years: number): Promise<{ done: AnonymisedCustomer; files: number } | null> {
  const { rows: locked } = await tx.execute<Record<string, string | null>>(sql`select * from customers where id = ${customerId} and anonymised_on is null for update`);
  const c = locked[0];
  if (!c) return null;
  const { rows: still } = await tx.execute(sql`
    select 1 from ${retentionDue(sql`${years}::int`, sql`${asOf}::date`)} b where b.customer_id = ${customerId}`);
  if (still.length === 0) return null;

  const { rows: loanRows } = await tx.execute<{ id: number; borrower: boolean }>(sql`
    select l.id, l.customer_id = ${customerId} as borrower from loans l
     where l.customer_id = ${customerId} or l.id in (select p.loan_id from loan_partakers p where p.customer_id = ${customerId})`);
  const loanIds = loanRows.map((l) => l.id);
  const borrowed = loanRows.filter((l) => l.borrower).map((l) => l.id);
  const ids = (list: number[]) => (list.length ? sql`array[${sql.join(list.map((i) => sql`${i}`), sql`, `)}]::int[]` : sql`'{}'::int[]`);

  // every value to be gone: the register's own, and the copies on their loans, accounts and messages
  const { rows: copies } = await tx.execute<{ v: string | null }>(sql`
    select unnest(array[l.autopay_account_name, l.autopay_account_no, l.autopay_ref_no]) as v from loans l where l.id = any(${ids(borrowed)})
    union all select unnest(array[k.owner_name, k.owner_id_number, k.address]) from loan_collaterals k where k.loan_id = any(${ids(borrowed)})
    union all select unnest(array[m.login_name, m.display_name]) from members m where m.customer_id = ${customerId}
    union all select s.phone from sms_messages s where s.customer_id = ${customerId}
    union all select unnest(array[b.id_number, b.phone, b.name]) from blacklist b where b.customer_id = ${customerId}`);
  const personal = [
    'name', 'english_name', 'id_number', 'mobile1', 'mobile2', 'mobile3', 'home_no', 'email', 'residential_address', 'mailing_address',
    'occupy_with', 'company_name', 'company_address', 'office_no', 'direct_line', 'fax', 'income_proof', 'list_status_reason', 'remarks',
  ].map((k) => c[k]);
  const values = texts([...personal, ...copies.map((r) => r.v)]);
  const vals = values.length ? textArray(values) : sql`'{}'::text[]`;

  await tx.execute(sql`
    update customers set
      name = ${ANONYMISED}, english_name = ${ANONYMISED_EN}, gender = null, date_of_birth = null,
      id_number = ${`ANON-${customerId}`}, mobile1 = '', mobile2 = null, mobile3 = null, home_no = null, email = null,
      marital = null, education = null, residential_type = null, residential_address = null, mailing_address = null,
      living_from = null, occupy_with = null, company_name = null, company_address = null, office_no = null, direct_line = null,
      fax = null, career = null, department = null, position = null, employment_type = null, work_from = null, salary = null,
      income_proof = null, list_status = 'white', list_status_reason = null, remarks = null,
      anonymised_on = ${asOf}::date, updated_at = now(), updated_by = null
     where id = ${customerId}`);
  // their loans as borrower: the bank account autopay drew on, and collateral owners (the borrower or
  // someone they named)
  await tx.execute(sql`
    update loans set autopay_ref_no = null, autopay_bank_name = null, autopay_account_name = null, autopay_bank_code = null,
      autopay_branch_code = null, autopay_account_no = null
     where id = any(${ids(borrowed)})`);
  await tx.execute(sql`
    update loan_collaterals set owner_name = ${ANONYMISED}, owner_id_number = null, address = ${ANONYMISED}
     where loan_id = any(${ids(borrowed)})`);
  await tx.execute(sql`update loan_partakers set relation = null where customer_id = ${customerId}`);
  if (values.length > 0) {
    for (const [table, column, key] of LOAN_FREE_TEXT) {
      const t = sql.identifier(table);
      const col = sql.identifier(column);
      await tx.execute(sql`
        update ${t} set ${col} = harbour_redact_text(${col}, ${vals}, ${ANONYMISED})
         where ${sql.identifier(key)} = any(${ids(loanIds)}) and ${col} is not null and ${col} is distinct from harbour_redact_text(${col}, ${vals}, ${ANONYMISED})`);
    }
  }
  // documents: the files go, the rows stay marked, their names (often a person's) replaced
  const { rows: docs } = await tx.execute<{ storage_key: string }>(sql`
    update loan_documents set file_name = ${ANONYMISED}, removed_at = coalesce(removed_at, now()), updated_at = now()
     where loan_id = any(${ids(borrowed)}) returning storage_key`);
  for (const { storage_key: key } of docs) await loanDocumentStore.remove(tx, key);
  const sms = await tx.execute(sql`update sms_messages set phone = '', text = ${ANONYMISED} where customer_id = ${customerId}`);
  const members = await tx.execute(sql`
    update members set login_name = ${`anonymised-${customerId}-`} || id, display_name = ${ANONYMISED}, status = 'disabled', status_reason = null, updated_at = now()
     where customer_id = ${customerId}`);
  const blacklist = await tx.execute(sql`delete from blacklist where customer_id = ${customerId}`);
  const { rows: redacted } = await tx.execute<{ n: number }>(sql`select harbour_redact_audit(${vals}, ${ANONYMISED}) as n`);

  const done: AnonymisedCustomer = {
    customerId,
    loans: loanIds.length,
    documents: docs.length,
    smsMessages: sms.rowCount ?? 0,
    members: members.rowCount ?? 0,
    blacklistRows: blacklist.rowCount ?? 0,
    auditRows: redacted[0]?.n ?? 0,
  };
  await audit(tx, { action: 'edit', module: MODULE, reference: c['customer_code'], after: { anonymisedOn: asOf, ...done } });
  return { done, files: docs.length };
}

/** One run's outcome: the job's report and its audit row. */
export interface RetentionRun {
  asOf: string;
  years: number;
  /** the customers anonymised now, by id */
  anonymised: number[];
  /** customers that were due but failed (left as they were; tried again next run) */
  failed: number[];
  /** the anonymised customers' document files deleted (with their customer's transaction) */
  filesDeleted: number;
}

/**
 * Anonymises every customer due on the business date (`ctx.businessDate`, or today in Hong Kong),
 * each in a transaction of its own, then writes one audit row for the run with the ids (none when
 * nobody was due). A second run the same day finds nobody (anonymised customers are never due again).
 */
export async function runRetention(db: Db, opts: { ctx?: ServiceContext } = {}): Promise<RetentionRun> {
  const ctx = opts.ctx ?? systemContext(db, RETENTION_JOB);
  const { asOf, years, due } = await withReadTx(ctx, async (tx) => {
    const today = await businessToday(tx);
    const { retentionYears } = await readSettings(tx, ['retentionYears']);
    return { asOf: today, years: retentionYears, due: await dueForAnonymisation(tx, today, retentionYears) };
  });
  const anonymised: number[] = [];
  const failed: number[] = [];
  let filesDeleted = 0;
  for (const { customerId } of due) {
    let result: Awaited<ReturnType<typeof anonymiseIn>>;
    try {
      result = await withTx(ctx, (tx) => anonymiseIn(tx, customerId, asOf, years));
    } catch {
      failed.push(customerId);
      continue;
    }
    if (!result) continue;
    anonymised.push(customerId);
    filesDeleted += result.files;
  }
  const run: RetentionRun = { asOf, years, anonymised, failed, filesDeleted };
  // the run's own row (beside each customer's) when it did or tried anything
  if (due.length > 0) await withTx(ctx, (tx) => audit(tx, { action: 'edit', module: MODULE, reference: `retention:${asOf}`, after: run }));
  return run;
}
