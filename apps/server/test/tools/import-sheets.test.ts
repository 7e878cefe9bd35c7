import type { BlacklistItem, ImportBatch, ImportDryRun, LoanItem, Page, ReferralAgentItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type Book, finishedBatch, rollBack, uploadBook, workbook } from './import-book.js';

/**
 * The referral agents, blacklist and partakers sheets of an import (docs/import.md): checked in
 * the dry run with exactly the deliberate errors named, written by the commit with the loans (an
 * agent of the file linked to its loan, partakers on their loans), removed by the rollback, and
 * reported as held when the same file comes again.
 */
let t: TestApp;
let manager: string;
let admin: string;
let store: { id: number; code: string };
let CUT_OVER = '';
const RUN = String(Date.now()).slice(-6);

/** A Hong Kong ID number with its check digit, from a letter and six digits. */
function hkid(letter: string, digits: string): string {
  const values = [36 * 9, (letter.charCodeAt(0) - 55) * 8, ...digits.split('').map((d, i) => Number(d) * (7 - i))];
  const rest = values.reduce((a, b) => a + b, 0) % 11;
  const check = rest === 0 ? '0' : 11 - rest === 10 ? 'A' : String(11 - rest);
  return `${letter}${digits}(${check})`;
}

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  admin = (await loginAs(t.app, 'admin')).access_token;
  store = (await t.pool.query<{ id: number; code: string }>(`select id, code from stores where code = 'MK'`)).rows[0]!;
  CUT_OVER = (await t.pool.query<{ y: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date - 1, 'YYYY-MM-DD') y`)).rows[0]!.y;
});
afterAll(() => t.close());

const upload = <T>(path: string, file: Buffer) => uploadBook<T>(t, path, file, { token: manager, storeId: store.id, cutOverDate: CUT_OVER, fileName: `sheets-${RUN}.xlsx` });
const count = async (table: string) => Number((await t.pool.query<{ n: string }>(`select count(*) n from ${table}`)).rows[0]!.n);
const COUNTED = ['customers', 'referral_agents', 'loans', 'loan_partakers', 'blacklist', 'import_rows'];
const counts = async (): Promise<Record<string, number>> => Object.fromEntries(await Promise.all(COUNTED.map(async (table) => [table, await count(table)] as const)));

const C = (n: number) => `ISC-${RUN}-${n}`;
const L = (n: number) => `ISL-${RUN}-${n}`;
const AGENT = (x: string) => `Agent ${RUN} ${x}`;
const BLACK_ID = `Z${RUN}7`;
const BLACK_PHONE = `5${RUN}1`;
/** A loan of the file (12,000 over 12 months at 1.5% flat), naming an agent or none, with its opening position (nothing paid). */
const loan = (n: number, customer: string, agent = '') => [L(n), customer, store.code, 'repaying', 'private_loan', '10/01/2026', '2026/01/15', '12,000', 12, 'monthly', 'amortization', '1.5', 'cash', '', '', '', agent];
const opening = (n: number) => [L(n), CUT_OVER, '0', '0', '0', '12000'];

describe('the referral agents, blacklist and partakers sheets', () => {
  let held: { agent: string; customerCode: string; blackId: string };
  let book: Book;
  let batchId = 0;
  let before: Record<string, number>;

  beforeAll(async () => {
    const agent = await call<ReferralAgentItem>(t.app, 'POST', '/referralAgents', { token: admin, body: { nameZh: '已有介紹人', nameEn: AGENT('held'), commissionKind: 'fixed', commission: '300' } });
    expect(agent.statusCode, JSON.stringify(agent.body)).toBe(200);
    const black = await call<BlacklistItem>(t.app, 'POST', '/blacklist', { token: admin, body: { idNumber: `Y${RUN}8`, name: '已列名', remarks: 'held' } });
    expect(black.statusCode, JSON.stringify(black.body)).toBe(200);
    const c = await t.pool.query<{ customer_code: string }>(`select customer_code from customers order by id limit 1`);
    held = { agent: AGENT('held'), customerCode: c.rows[0]!.customer_code, blackId: `Y${RUN}8` };
    book = {
      customers: [
        [C(1), 'personal', '陳大文', 'CHAN Tai Man', 'hkid', hkid('K', RUN), '+852 9123 4567', '15/08/1980'],
        [C(2), 'personal', '陳小文', 'CHAN Siu Man', 'hkid', hkid('M', RUN), '9123 4568', '1982-02-02'],
      ],
      agents: [
        ['甲介紹人', AGENT('A'), '2345 6789', '12345678', 'ML 1234', 'fixed', '500'],
        ['乙介紹人', AGENT('B'), '', '', '', 'percent', '1.5'],
      ],
      loans: [loan(1, C(1), AGENT('A')), loan(2, C(1), held.agent), loan(3, C(2))],
      openings: [opening(1), opening(2), opening(3)],
      partakers: [
        [L(1), C(2), 'guarantor'],
        [L(2), held.customerCode, 'consultant'],
        [L(3), C(1), 'joint'],
      ],
      blacklist: [
        ['黃大明', `${BLACK_ID.slice(0, -1)}(${BLACK_ID.slice(-1)})`, '', 'forged payslips'],
        ['Lee Ka Ho', '', `+852 ${BLACK_PHONE.slice(0, 4)} ${BLACK_PHONE.slice(4)}`, 'fraud'],
      ],
    };
  });

  it('the dry run names exactly the deliberate errors of each sheet, and writes nothing', async () => {
    const broken: Book = {
      ...book,
      agents: [
        ...book.agents!,
        ['重複', AGENT('A'), '', '', '', 'fixed', '100'], // row 5: the English name of row 3
        ['丙介紹人', AGENT('C'), '', '', '', 'percent', '150'], // row 6: a percentage above 100
        ['已有', held.agent, '', '', '', 'fixed', '100'], // row 7: Harbour holds it
      ],
      // loan 3 names an agent nobody holds; loan 4 the refused agent of row 6 (no second problem)
      loans: [...book.loans.slice(0, 2), loan(3, C(2), 'Nobody'), loan(4, C(2), AGENT('C'))],
      openings: [...book.openings, opening(4)],
      partakers: [
        ...book.partakers!,
        [L(1), C(2), 'guarantor'], // row 6: row 3 again
        [L(1), C(1), 'joint'], // row 7: the borrower
        [`NOLOAN-${RUN}`, C(2), 'guarantor'], // row 8: no loan of this file
        [L(2), `NOCUST-${RUN}`, 'guarantor'], // row 9: no such customer
        [L(3), held.customerCode, 'consultant'], // row 10: its loan's row is refused: not named again
        [L(2), C(2), 'referee'], // row 11: a role not imported
      ],
      blacklist: [
        ...book.blacklist!,
        ['黃大明', BLACK_ID, '', 'again'], // row 5: row 3's number without brackets
        ['無理由', `X${RUN}9`, '', ''], // row 6: no reason
        ['無號碼', '', '', 'no number'], // row 7: neither ID number nor phone
        ['已列名', held.blackId, '', 'again'], // row 8: Harbour lists it
      ],
    };
    before = await counts();
    const res = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(broken));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.problems).toEqual([
      { sheet: 'referralAgents', row: 5, column: 'nameEn', message: 'Same as row 3 of this file' },
      { sheet: 'referralAgents', row: 6, column: 'commission', message: expect.any(String) },
      { sheet: 'referralAgents', row: 7, column: 'nameEn', message: 'Harbour already holds this record' },
      { sheet: 'loans', row: 5, column: 'referralAgent', message: 'Not found in this file or in Harbour' },
      { sheet: 'partakers', row: 6, column: 'customerCode', message: 'Same as row 3 of this file' },
      { sheet: 'partakers', row: 7, column: 'customerCode', message: 'A guarantor or joint applicant cannot be the borrower' },
      { sheet: 'partakers', row: 8, column: 'loanNo', message: 'Not a loan of this file: partakers are imported with their loans' },
      { sheet: 'partakers', row: 9, column: 'customerCode', message: 'Not found in this file or in Harbour' },
      { sheet: 'partakers', row: 11, column: 'role', message: expect.any(String) },
      { sheet: 'blacklist', row: 5, column: 'idNumber', message: 'Same as row 3 of this file' },
      { sheet: 'blacklist', row: 6, column: 'reason', message: expect.any(String) },
      { sheet: 'blacklist', row: 7, column: 'idNumber', message: expect.any(String) },
      { sheet: 'blacklist', row: 8, column: 'idNumber', message: 'Harbour already holds this record' },
    ]);
    expect(res.body.data.counts).toEqual([
      { sheet: 'customers', read: 2, valid: 2, rejected: 0 },
      { sheet: 'referralAgents', read: 5, valid: 2, rejected: 3 },
      { sheet: 'loans', read: 4, valid: 3, rejected: 1 },
      { sheet: 'openingPositions', read: 4, valid: 4, rejected: 0 },
      { sheet: 'partakers', read: 9, valid: 4, rejected: 5 },
      { sheet: 'blacklist', read: 6, valid: 2, rejected: 4 },
    ]);
    // in the caller's language: the same problems in Chinese
    const zh = await uploadBook<ImportDryRun>(t, '/tools/import/dryRun', await workbook(broken), { token: manager, storeId: store.id, cutOverDate: CUT_OVER, fileName: 'x.xlsx', lang: 'zh-TW' });
    expect(zh.body.data.problems.map((p) => [p.sheet, p.row, p.column])).toEqual(res.body.data.problems.map((p) => [p.sheet, p.row, p.column]));
    expect(zh.body.data.problems.find((p) => p.sheet === 'partakers' && p.row === 8)!.message).toBe('不是此檔案的貸款：擔保人及聯名人須與其貸款一併匯入');
    expect(zh.body.data.problems.find((p) => p.sheet === 'referralAgents' && p.row === 5)!.message).toBe('與第 3 行重複');
    expect(await counts()).toEqual(before);
    // committing it is refused, nothing written
    const refused = await upload<ImportBatch>('/tools/import/batches', await workbook(broken));
    expect(refused.statusCode).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('the fixed file commits: agents first and linked to their loans, partakers on their loans, the blacklist entries normalised', async () => {
    const dry = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(book));
    expect(dry.body.data.problems).toEqual([]);
    const started = await upload<ImportBatch>('/tools/import/batches', await workbook(book));
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.rowsTotal).toBe(2 + 2 + 3 + 3 + 2);
    const batch = await finishedBatch(t, started.body.data.id, manager);
    expect(batch).toMatchObject({ state: 'committed', rowsWritten: 12, failure: null });
    batchId = batch.id;
    const after = await counts();
    expect(after).toEqual({
      customers: before.customers! + 2,
      referral_agents: before.referral_agents! + 2,
      loans: before.loans! + 3,
      loan_partakers: before.loan_partakers! + 3,
      blacklist: before.blacklist! + 2,
      import_rows: before.import_rows! + 2 + 2 + 3 + 3 + 2 + 0, // no opening receipt: nothing was paid
    });
    // the agents through the agents' list
    const agents = dataOf(await call<Page<ReferralAgentItem>>(t.app, 'GET', '/referralAgents', { token: admin, query: { nameEn: `Agent ${RUN}` } }));
    const a = agents.items.find((x) => x.nameEn === AGENT('A'))!;
    expect(a).toMatchObject({ nameZh: '甲介紹人', phone: '2345 6789', brNo: '12345678', licenceNo: 'ML 1234', commissionKind: 'fixed', commission: '500.00', state: 'normal', noBorrowerFee: false });
    expect(agents.items.find((x) => x.nameEn === AGENT('B'))).toMatchObject({ commissionKind: 'percent', commission: '1.50' });
    // the loans name their agents: one of the file, one Harbour held
    const loanIdOf = async (no: string) => (await t.pool.query<{ id: number; referral_agent_id: number | null }>(`select id, referral_agent_id from loans where loan_no = $1`, [no])).rows[0]!;
    const heldAgentId = (await t.pool.query<{ id: number }>(`select id from referral_agents where name_en = $1`, [AGENT('held')])).rows[0]!.id;
    expect((await loanIdOf(L(1))).referral_agent_id).toBe(a.id);
    expect((await loanIdOf(L(2))).referral_agent_id).toBe(heldAgentId);
    expect((await loanIdOf(L(3))).referral_agent_id).toBeNull();
    // the partakers through the loan's own answer
    const partakersOf = async (no: string) => dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${(await loanIdOf(no)).id}`, { token: manager })).partakers.map((p) => [p.role, p.customer.customerCode, p.relation]);
    expect(await partakersOf(L(1))).toEqual([['guarantor', C(2), null]]);
    expect(await partakersOf(L(2))).toEqual([['consultant', held.customerCode, null]]);
    expect(await partakersOf(L(3))).toEqual([['joint', C(1), null]]);
    // the blacklist entries through the blacklist's list, found by their normalised numbers
    const byId = dataOf(await call<Page<BlacklistItem>>(t.app, 'GET', '/blacklist', { token: admin, query: { idNumber: `${BLACK_ID.slice(0, -1)} (${BLACK_ID.slice(-1)})` } }));
    expect(byId.items.map((b) => [b.name, b.remarks])).toEqual([['黃大明', 'forged payslips']]);
    const byPhone = dataOf(await call<Page<BlacklistItem>>(t.app, 'GET', '/blacklist', { token: admin, query: { phone: BLACK_PHONE } }));
    expect(byPhone.items.map((b) => [b.name, b.remarks])).toEqual([['Lee Ka Ho', 'fraud']]);
    const stored = await t.pool.query(`select id_number, phone from blacklist where name in ('黃大明', 'Lee Ka Ho')`);
    expect(stored.rows).toHaveLength(2);
    expect(stored.rows).toEqual(expect.arrayContaining([{ id_number: null, phone: BLACK_PHONE }, { id_number: BLACK_ID, phone: null }]));
    // every record is mapped to its sheet and row, and listed in the batch's add audit row
    const mapped = await t.pool.query<{ sheet: string; row: number; entity: string }>(`select sheet, row, entity from import_rows where batch_id = $1 and sheet in ('referralAgents', 'partakers', 'blacklist') order by sheet, row`, [batchId]);
    expect(mapped.rows).toEqual([
      { sheet: 'blacklist', row: 3, entity: 'blacklist' },
      { sheet: 'blacklist', row: 4, entity: 'blacklist' },
      { sheet: 'partakers', row: 3, entity: 'partaker' },
      { sheet: 'partakers', row: 4, entity: 'partaker' },
      { sheet: 'partakers', row: 5, entity: 'partaker' },
      { sheet: 'referralAgents', row: 3, entity: 'referralAgent' },
      { sheet: 'referralAgents', row: 4, entity: 'referralAgent' },
    ]);
    const auditRow = (await t.pool.query<{ after: Record<string, number[]> }>(`select after from audit_log where module = 'imports' and action = 'add' and reference = $1`, [String(batchId)])).rows[0]!;
    expect(auditRow.after.referralAgents).toHaveLength(2);
    expect(auditRow.after.partakers).toHaveLength(3);
    expect(auditRow.after.blacklist).toHaveLength(2);
  });

  it('the same file again is reported as held and writes nothing', async () => {
    const now = await counts();
    const again = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(book));
    const found = again.body.data.problems.map((p) => [p.sheet, p.row, p.column, p.message]);
    const held = 'Harbour already holds this record';
    expect(found).toEqual([
      ['customers', 3, 'customerCode', held],
      ['customers', 4, 'customerCode', held],
      ['referralAgents', 3, 'nameEn', held],
      ['referralAgents', 4, 'nameEn', held],
      ['loans', 3, 'loanNo', held],
      ['loans', 4, 'loanNo', held],
      ['loans', 5, 'loanNo', held],
      // the partakers' loans are refused (held): their own problem, not named again
      ['blacklist', 3, 'idNumber', held],
      ['blacklist', 4, 'phone', held],
    ]);
    expect((await upload<ImportBatch>('/tools/import/batches', await workbook(book))).statusCode).toBe(422);
    expect(await counts()).toEqual(now);
  });

  it('the rollback is refused while a later loan names an imported agent or takes an imported customer as partaker, then removes every record of the batch', async () => {
    const other = (await t.pool.query<{ id: number; referral_agent_id: number | null }>(`select id, referral_agent_id from loans where loan_no not like $1 order by id limit 1`, [`ISL-${RUN}-%`])).rows[0]!;
    const agentA = (await t.pool.query<{ id: number }>(`select id from referral_agents where name_en = $1`, [AGENT('A')])).rows[0]!.id;
    await t.pool.query(`update loans set referral_agent_id = $1 where id = $2`, [agentA, other.id]);
    // refused by the rollback job's checks: the batch committed again with the refusal as its failure
    const blocked = await rollBack(t, batchId, manager, 'en');
    expect(blocked.batch).toMatchObject({ state: 'committed', failure: `Referral agent ${AGENT('A')} is named by a loan made after the import: the batch can no longer be rolled back` });
    await t.pool.query(`update loans set referral_agent_id = $1 where id = $2`, [other.referral_agent_id, other.id]);
    // nor while an imported customer stands as partaker of a loan not of the batch
    const c1 = (await t.pool.query<{ id: number }>(`select id from customers where customer_code = $1`, [C(1)])).rows[0]!.id;
    const added = await t.pool.query<{ id: number }>(`insert into loan_partakers (store_id, loan_id, customer_id, role) select store_id, id, $1, 'guarantor' from loans where id = $2 returning id`, [c1, other.id]);
    const usedCustomer = await rollBack(t, batchId, manager, 'en');
    expect(usedCustomer.batch).toMatchObject({ state: 'committed', failure: `Customer ${C(1)} has a loan made after the import: the batch can no longer be rolled back` });
    await t.pool.query(`delete from loan_partakers where id = $1`, [added.rows[0]!.id]);

    const rolled = await rollBack(t, batchId, manager);
    expect(rolled.statusCode, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.batch!.state).toBe('rolledBack');
    expect(await counts()).toEqual(before);
    const agents = dataOf(await call<Page<ReferralAgentItem>>(t.app, 'GET', '/referralAgents', { token: admin, query: { nameEn: `Agent ${RUN}` } }));
    expect(agents.items.map((x) => x.nameEn)).toEqual([AGENT('held')]);
    expect(dataOf(await call<Page<BlacklistItem>>(t.app, 'GET', '/blacklist', { token: admin, query: { phone: BLACK_PHONE } })).items).toEqual([]);
    // and the file can be imported again
    expect((await upload<ImportDryRun>('/tools/import/dryRun', await workbook(book))).body.data.problems).toEqual([]);
  });
});
