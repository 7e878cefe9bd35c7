import { type CollectionListItem, type Page, defineLoanAction } from '@harbour/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Tx } from '../../src/db/client.js';
import { audit } from '../../src/platform/audit.js';
import { registerLoanAction } from '../../src/modules/loan-core/workflow.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan as repayingLoanOf, repaymentStaff } from '../helpers/repaying.js';

/**
 * The generic registration of workflow actions (`registerLoanAction` over `http/workflow.ts`) on
 * probe actions of its own: the declared key (403), the loan in the caller's store scope (404 with
 * the message of a missing loan), the status table (422), the request's one audit row (the
 * handler's, or else the declared one; two roll back), and idempotency (a retry answers the first
 * answer and changes nothing). Then the OCA list's `nextActions` from the same declarations.
 */
const answer = z.object({ loanId: z.number().int(), status: z.string(), key: z.string() });
const body = z.object({ loanId: z.coerce.number().int().positive(), idempotencyKey: z.string().min(8) });

/** Allowed where the table allows a recall (an OCA loan); idempotent; writes its own audit row naming the key. */
const noteAction = defineLoanAction({
  name: 'probeNote',
  method: 'POST',
  path: '/probe/workflow/note',
  permission: 'oca.transfer',
  summary: 'probe',
  body,
  answer,
  statusAction: 'recall_from_oca',
  audit: 'edit',
  idempotent: true,
  message: 'collection.success.recalled',
});
/** No status rule, writes no audit row: the registration writes the declared one. */
const silentAction = defineLoanAction({ ...noteAction, name: 'probeSilent', path: '/probe/workflow/silent', statusAction: undefined, idempotent: false });
/** Writes two audit rows: refused, nothing kept. */
const twiceAction = defineLoanAction({ ...silentAction, name: 'probeTwice', path: '/probe/workflow/twice' });

const probeNoteRow = (tx: Tx, loanId: number, key: string) =>
  tx.execute<{ id: number }>(sql`select id from audit_log where module = 'probe' and reference = ${String(loanId)} and after->>'key' = ${key}`);

function probeModule(app: FastifyInstance) {
  registerLoanAction(app, noteAction, {
    retry: async (tx, _ctx, loan, b) => {
      const { rows } = await probeNoteRow(tx, loan.id, b.idempotencyKey);
      if (rows.length === 0) return null;
      await audit(tx, { action: 'view', module: 'probe', reference: loan.id, after: { retryOf: b.idempotencyKey }, recordStores: [loan.storeId] });
      return { loanId: loan.id, status: loan.status, key: b.idempotencyKey };
    },
    handler: async (tx, _ctx, loan, b) => {
      await audit(tx, { action: 'edit', module: 'probe', reference: loan.id, after: { key: b.idempotencyKey }, recordStores: [loan.storeId] });
      return { loanId: loan.id, status: loan.status, key: b.idempotencyKey };
    },
  });
  registerLoanAction(app, silentAction, { handler: async (_tx, _ctx, loan, b) => ({ loanId: loan.id, status: loan.status, key: b.idempotencyKey }) });
  registerLoanAction(app, twiceAction, {
    handler: async (tx, _ctx, loan, b) => {
      for (const n of [1, 2]) await audit(tx, { action: 'edit', module: 'probe', reference: loan.id, after: { key: b.idempotencyKey, n }, recordStores: [loan.storeId] });
      return { loanId: loan.id, status: loan.status, key: b.idempotencyKey };
    },
  });
}

let t: TestApp;
let manager: string;
let clerk: string;
let collector: string;
let accountant: string;
let today: string;
let borrower: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ modules: [probeModule] });
  ({ manager, clerk, collector, accountant, today } = await repaymentStaff(t));
  borrower = await insertCustomer(t.pool, { code: 'TW0001', name: '程工作', idNumber: 'A1234563', mobile1: '91230003' });
});
afterAll(() => t.close());

const key = () => `wf-key-${++seq}-${Date.now()}`;
const repayingLoan = () => repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, { daysAgo: 75 });
/** The loan as though transferred to an agent (the probe only needs the status). */
const ocaLoan = async () => {
  const loan = await repayingLoan();
  await t.pool.query(`update loans set status = 'oca' where id = $1`, [loan.id]);
  return loan;
};
const post = (path: string, b: Record<string, unknown>, token = manager, lang = 'en') => call<z.infer<typeof answer>>(t.app, 'POST', path, { token, body: b, lang });
const probeRows = async (loanId: number) => (await t.pool.query(`select action, after from audit_log where module = 'probe' and reference = $1 order by id`, [String(loanId)])).rows;

describe('a declared workflow action', () => {
  it('answers 403 without the declared key and 404 for another store’s loan, with the words of a missing one', async () => {
    const loan = await ocaLoan();
    const denied = await post(noteAction.path, { loanId: loan.id, idempotencyKey: key() }, clerk);
    expect(denied.statusCode).toBe(403);

    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    const hidden = await post(noteAction.path, { loanId: loan.id, idempotencyKey: key() }, away);
    const missing = await post(noteAction.path, { loanId: 2_000_000_000, idempotencyKey: key() }, away);
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(hidden.body).toMatchObject({ message: (missing.body as { message: string }).message });
    expect(JSON.stringify(hidden.body)).not.toContain(loan.loanNo!);
    expect(await probeRows(loan.id)).toEqual([]);
    // the same caller in the loan's store reaches it
    expect((await post(noteAction.path, { loanId: loan.id, idempotencyKey: key() }, collector)).statusCode).toBe(200);
  });

  it('refuses a status the table does not allow the action (422, the domain’s words) and writes nothing', async () => {
    const loan = await repayingLoan();
    const refused = await post(noteAction.path, { loanId: loan.id, idempotencyKey: key() });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatchObject({ result: 'error', status: 422, message: 'This action is not allowed in the current status.' });
    const zh = await post(noteAction.path, { loanId: loan.id, idempotencyKey: key() }, manager, 'zh-TW');
    expect(zh.body).toMatchObject({ message: '目前狀態不可進行此操作。' });
    expect(await probeRows(loan.id)).toEqual([]);
    // a declared refusal speaks of the status: a recall of a repaying loan
    const recall = await call(t.app, 'POST', '/collection/recalls', { token: manager, body: { loanId: loan.id, reason: 'x' }, lang: 'en' });
    expect(recall.statusCode).toBe(422);
    expect(recall.body).toMatchObject({ message: 'This loan is not with an OCA agent (status now: repaying).' });
  });

  it('answers a retry under the same key with the first answer, once done', async () => {
    const loan = await ocaLoan();
    const k = key();
    const first = await post(noteAction.path, { loanId: loan.id, idempotencyKey: k });
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ result: 'success', data: { loanId: loan.id, status: 'oca', key: k }, message: 'Loan recalled from the OCA agent.' });
    // the loan's status moves on: the retry still answers, not the status table
    await t.pool.query(`update loans set status = 'repaying' where id = $1`, [loan.id]);
    const again = await post(noteAction.path, { loanId: loan.id, idempotencyKey: k });
    expect(again.statusCode).toBe(200);
    expect(dataOf(again)).toEqual({ loanId: loan.id, status: 'repaying', key: k });
    expect(await probeRows(loan.id)).toEqual([
      { action: 'edit', after: { key: k } },
      { action: 'view', after: { retryOf: k } },
    ]);
  });

  it('writes the declared audit row when the handler writes none, and keeps nothing when it writes two', async () => {
    const loan = await repayingLoan();
    const k = key();
    const silent = await post(silentAction.path, { loanId: loan.id, idempotencyKey: k });
    expect(silent.statusCode).toBe(200);
    const rows = (
      await t.pool.query(`select action, module, after, record_store_ids from audit_log where reference = $1 and after->>'action' = 'probeSilent'`, [String(loan.id)])
    ).rows;
    expect(rows).toEqual([{ action: 'edit', module: 'loans', after: { action: 'probeSilent' }, record_store_ids: [loan.storeId] }]);

    const twice = await post(twiceAction.path, { loanId: loan.id, idempotencyKey: key() });
    expect(twice.statusCode).toBe(500);
    expect(await probeRows(loan.id)).toEqual([]);
  });
});

describe('the OCA list offers the actions the status table and the caller’s keys allow', () => {
  it('lists recall, write-off and recovery on an OCA loan, the cancellation and recovery on a written-off one, and only the steps whose keys the caller holds', async () => {
    const oca = await ocaLoan();
    const bad = await repayingLoan();
    await t.pool.query(`update loans set status = 'bad' where id = $1`, [bad.id]);
    const list = async (token: string, loanNo: string) =>
      dataOf(await call<Page<CollectionListItem>>(t.app, 'GET', '/collection/loans', { token, query: { loanNo } })).items.map((i) => i.nextActions);
    expect(await list(manager, oca.loanNo!)).toEqual([['recall', 'writeOff', 'recover']]);
    expect(await list(manager, bad.loanNo!)).toEqual([['cancelWriteOff', 'recover']]);
    // the demo collector holds the transfer and recovery keys, not the write-off's
    expect(await list(collector, oca.loanNo!)).toEqual([['recall', 'recover']]);
    expect(await list(collector, bad.loanNo!)).toEqual([['recover']]);
  });
});
