import { randomUUID } from 'node:crypto';
import {
  applicationInputSchema,
  approveBodySchema,
  refereeConsentBodySchema,
  type ConsentMethod,
  type PartakerRole,
  type PermissionKey,
  cancelBodySchema,
  decisionReasonSchema,
  DEFAULT_SYSTEM_SETTINGS,
  loanResource,
  ocaTransferSchema,
  payoutBodySchema,
  receiptInputSchema,
  recoveryInputSchema,
  repaymentResource,
  signedNoteBodySchema,
  submitBodySchema,
} from '@harbour/contracts';
import { addDays } from '@harbour/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loans, ocaAgents, staff } from '../db/schema/index.js';
import { withTx } from '../platform/tx.js';
import { recordRecovery, transferToOca } from '../modules/collection/service.js';
import { loanRow } from '../modules/loan-core/row.js';
import { authContextOf } from '../http/auth-hook.js';
import { SUPER_ADMIN_ID } from '../platform/auth-context.js';
import { staffAccessFor } from '../platform/access-cache.js';
import { businessToday } from '../platform/business-date.js';
import { may, type ServiceContext } from '../platform/context.js';
import { loanService } from '../modules/loans/service.js';
import { postReceipt } from '../modules/repayments/receipts.js';

/**
 * Demo loans: a dozen applications over the three stores, one or more in every status a loan
 * takes before repayments start (spec §4: pending, a pending one sent back by the approver,
 * wait_approve, reject, approved, approved with the signed s.18 note received, cancel, and
 * repaying after payout). Each is made through the loan service the API calls, step by step, as
 * the staff who would take that step at the counter — so the application and loan numbers come
 * from the code format, the approval and payout rows, the schedule and the payout's journal entry
 * are the service's own, and every step leaves its audit row under that staff member's name.
 *
 * Who acts: in Mong Kok the clerk makes and submits, the branch manager approves (within the
 * level's HK$500,000), the accountant takes the signed note and pays out. Kwun Tong and Tsuen Wan
 * have no clerk among the demo staff: there the branch manager makes and submits, and the owner
 * (the administrator, level without an upper limit) decides — never the maker (maker ≠ checker).
 */

/** How far a demo loan goes, in the order of the steps. */
type Goal = 'pending' | 'returned' | 'wait_approve' | 'reject' | 'approved' | 'signed_note' | 'cancel' | 'repaying';

interface DemoLoan {
  /** position in the demo stores (旺角, 觀塘, 荃灣) */
  store: 0 | 1 | 2;
  /** the borrower's name among the demo customers */
  borrower: string;
  goal: Goal;
  /** days before today the application was taken */
  appliedDaysAgo: number;
  /** section A's terms and sections B, C and E as the API takes them (partakers by name); parsed by the application schema */
  terms: { partakers?: { name: string; role: PartakerRole; relation?: string; consent?: ConsentMethod }[]; [field: string]: unknown };
  /** what the approver fixes (approve), or the reason (reject / return / cancel) */
  approval?: Record<string, unknown>;
  reason?: string;
  payout?: { method: 'cash' | 'cheque'; chequeNo?: string; remarks?: string };
  /** a loan with a history: applied, approved and paid out this many days ago (on those business days) */
  paidOutDaysAgo?: number;
  /** receipts taken at the counter since, each on its own business day */
  receipts?: { daysAgo: number; received: string; repayType: 'auto' | 'instalment' | 'principal'; method: 'cash' | 'cheque' | 'bank-transfer'; chequeNo?: string }[];
  /** passed to the first demo OCA agent this many days ago by the manager, with money it recovered since */
  collection?: { transferDaysAgo: number; solicitorFee?: string; remarks: string; recoveries: { daysAgo: number; amount: string; method: 'cash' | 'bank-transfer' }[] };
}

const DEMO_LOANS: DemoLoan[] = [
  // 旺角店 (Mong Kok)
  {
    store: 0,
    borrower: '陳志明',
    goal: 'repaying',
    appliedDaysAgo: 6,
    terms: { loanType: 'private_loan', loanAmount: '50000.00', flatRate: '1.2', totalTenor: 12, loanPurpose: 'debt_repayment', payoutMethod: 'cheque', partakers: [{ name: '李美玲', role: 'guarantor', relation: '朋友' }, { name: '張小燕', role: 'referee', relation: '鄰居', consent: 'written' }], creditReferences: [{ creditName: '港島商業銀行信用卡', creditType: '信用卡', loanAmount: '30000.00', instalmentAmount: '1500.00', outstandingTenors: 10 }] },
    approval: { handlingFee: '500.00', overdueRate: '36', placeOfNegotiation: '旺角店', remarks: '入息穩定，有擔保人' },
    payout: { method: 'cheque', chequeNo: '100231', remarks: '客戶親臨取票' },
  },
  // a referee whose consent to be contacted is still to come: the loan shows no phone for them
  { store: 0, borrower: '李美玲', goal: 'pending', appliedDaysAgo: 1, terms: { loanType: 'private_loan', loanAmount: '30000.00', flatRate: '1.5', totalTenor: 6, loanPurpose: 'living_expenses', payoutMethod: 'cash', remarks: '待補交入息證明', partakers: [{ name: '黃家豪', role: 'referee', relation: '同事' }] } },
  {
    store: 0,
    borrower: '黃家豪',
    goal: 'wait_approve',
    appliedDaysAgo: 2,
    // with a mortgage's 13,500.00 a month, the instalments are 55.35 % of the income: above the demo's 50 % limit, the approver must say why
    terms: { loanType: 'private_loan', loanAmount: '80000.00', flatRate: '1.1', totalTenor: 24, loanPurpose: 'business_turnover', payoutMethod: 'cheque', creditReferences: [{ creditName: '港島銀行按揭', creditType: '按揭', loanAmount: '2400000.00', instalmentAmount: '13500.00', outstandingTenors: 220 }] },
  },
  {
    store: 0,
    borrower: '張小燕',
    goal: 'returned',
    appliedDaysAgo: 4,
    terms: { loanType: 'private_loan', loanAmount: '40000.00', flatRate: '1.3', totalTenor: 12, loanPurpose: 'cash_flow', payoutMethod: 'cash' },
    reason: '請補充近三個月糧單及住址證明',
  },
  {
    store: 0,
    borrower: '旺角運輸有限公司',
    goal: 'approved',
    appliedDaysAgo: 5,
    terms: { loanType: 'private_loan', loanAmount: '200000.00', flatRate: '1.0', totalTenor: 18, loanPurpose: 'business_turnover', payoutMethod: 'cheque', partakers: [{ name: '陳志明', role: 'guarantor', relation: '董事' }] },
    approval: { handlingFee: '2000.00', upfrontInterest: '1000.00', overdueRate: '36', placeOfNegotiation: '旺角店' },
  },
  // 觀塘店 (Kwun Tong)
  {
    store: 1,
    borrower: '劉國強',
    goal: 'reject',
    appliedDaysAgo: 7,
    terms: { loanType: 'private_loan', loanAmount: '60000.00', flatRate: '1.4', totalTenor: 24, loanPurpose: 'debt_repayment', payoutMethod: 'cash', creditReferences: [{ creditName: '九龍信貸財務', creditType: '私人貸款', loanAmount: '80000.00', instalmentAmount: '4200.00', outstandingTenors: 18 }] },
    reason: '負債比率過高',
  },
  {
    store: 1,
    borrower: '何詠詩',
    goal: 'signed_note',
    appliedDaysAgo: 3,
    terms: { loanType: 'private_loan', loanAmount: '25000.00', flatRate: '1.2', totalTenor: 10, loanPurpose: 'living_expenses', payoutMethod: 'cash' },
    approval: { handlingFee: '300.00', overdueRate: '36', placeOfNegotiation: '觀塘店' },
  },
  {
    store: 1,
    borrower: '吳佩珊',
    goal: 'repaying',
    appliedDaysAgo: 8,
    terms: { loanType: 'private_loan', loanAmount: '100000.00', flatRate: '0.9', totalTenor: 36, loanPurpose: 'cash_flow', payoutMethod: 'cash', partakers: [{ name: '何詠詩', role: 'joint', relation: '同事' }] },
    approval: { handlingFee: '1000.00', overdueRate: '30', placeOfNegotiation: '觀塘店' },
    payout: { method: 'cash', remarks: '現金即場點收' },
  },
  { store: 1, borrower: '劉國強', goal: 'cancel', appliedDaysAgo: 2, terms: { loanType: 'private_loan', loanAmount: '15000.00', flatRate: '1.5', totalTenor: 6, loanPurpose: 'living_expenses', payoutMethod: 'cash' }, reason: '客戶已向親友借款，不再需要' },
  // 荃灣店 (Tsuen Wan)
  {
    store: 2,
    borrower: '鄭麗華',
    goal: 'repaying',
    appliedDaysAgo: 10,
    terms: {
      loanType: 'second_mortgage',
      loanAmount: '300000.00',
      effectiveRate: '18',
      totalTenor: 60,
      loanPurpose: 'business_turnover',
      payoutMethod: 'cheque',
      collaterals: [{ ownerName: '鄭麗華', address: '新界荃灣沙咀道 300 號 15 樓 D 室', usableArea: '452', buildingArea: '580', completionYear: 1992, propertyType: '住宅', purpose: '自住', boughtOn: '2003-06-30', buyPrice: '1680000.00', mortgageBalance: '420000.00' }],
    },
    approval: { handlingFee: '3000.00', overdueRate: '30', placeOfNegotiation: '荃灣店', remarks: '物業估值足夠' },
    payout: { method: 'cheque', chequeNo: '200517' },
  },
  {
    store: 2,
    borrower: '荃灣五金貿易公司',
    goal: 'wait_approve',
    appliedDaysAgo: 1,
    terms: { loanType: 'private_loan', loanAmount: '150000.00', flatRate: '1.0', totalTenor: 24, loanPurpose: 'business_turnover', payoutMethod: 'cheque', partakers: [{ name: '鄭麗華', role: 'consultant', relation: '東主' }] },
  },
  { store: 2, borrower: '林子健', goal: 'cancel', appliedDaysAgo: 3, terms: { loanType: 'private_loan', loanAmount: '10000.00', flatRate: '1.5', totalTenor: 6, loanPurpose: 'other', payoutMethod: 'cash' }, reason: '客戶撤回申請' },
  // 旺角店: loans with a history, for the repayment counter and the collectors
  {
    store: 0,
    borrower: '張小燕',
    goal: 'repaying',
    appliedDaysAgo: 2,
    paidOutDaysAgo: 75,
    terms: { loanType: 'private_loan', loanAmount: '24000.00', flatRate: '1.0', totalTenor: 12, loanPurpose: 'living_expenses', payoutMethod: 'cash' },
    approval: { overdueRate: '36', overduePenalty: '100.00', placeOfNegotiation: '旺角店', remarks: '首次借款' },
    payout: { method: 'cash', remarks: '客戶親臨取款' },
  },
  {
    store: 0,
    borrower: '黃家豪',
    goal: 'repaying',
    appliedDaysAgo: 3,
    paidOutDaysAgo: 40,
    terms: { loanType: 'private_loan', loanAmount: '36000.00', flatRate: '1.0', totalTenor: 12, loanPurpose: 'business_turnover', payoutMethod: 'cash' },
    approval: { overdueRate: '36', overduePenalty: '100.00', placeOfNegotiation: '旺角店' },
    payout: { method: 'cash' },
    receipts: [
      { daysAgo: 9, received: '3500.00', repayType: 'instalment', method: 'cash' },
      // part of the principal repaid early: the rest of the schedule is recomputed (default: a lower instalment)
      { daysAgo: 8, received: '6000.00', repayType: 'principal', method: 'cash' },
    ],
  },
  // 旺角店: loans behind with their instalments, for the overdue SMS reminders
  {
    store: 0,
    borrower: '李美玲',
    goal: 'repaying',
    appliedDaysAgo: 2,
    paidOutDaysAgo: 50,
    terms: { loanType: 'private_loan', loanAmount: '18000.00', flatRate: '1.2', totalTenor: 6, loanPurpose: 'living_expenses', payoutMethod: 'cash' },
    approval: { overdueRate: '36', overduePenalty: '100.00', placeOfNegotiation: '旺角店' },
    payout: { method: 'cash' },
  },
  {
    store: 0,
    borrower: '陳志明',
    goal: 'repaying',
    appliedDaysAgo: 2,
    paidOutDaysAgo: 65,
    terms: { loanType: 'private_loan', loanAmount: '20000.00', flatRate: '1.0', totalTenor: 10, loanPurpose: 'debt_repayment', payoutMethod: 'cash' },
    approval: { overdueRate: '36', overduePenalty: '100.00', placeOfNegotiation: '旺角店' },
    payout: { method: 'cash' },
  },
  // 觀塘店: overdue loans for the collection screens — one still repaying (three instalments behind),
  // one with an OCA agent that has recovered some of it
  {
    store: 1,
    borrower: '劉國強',
    goal: 'repaying',
    appliedDaysAgo: 2,
    paidOutDaysAgo: 100,
    terms: { loanType: 'private_loan', loanAmount: '18000.00', flatRate: '1.2', totalTenor: 12, loanPurpose: 'living_expenses', payoutMethod: 'cash' },
    approval: { overdueRate: '36', overduePenalty: '100.00', placeOfNegotiation: '觀塘店' },
    payout: { method: 'cash' },
  },
  {
    store: 1,
    borrower: '何詠詩',
    goal: 'repaying',
    appliedDaysAgo: 2,
    paidOutDaysAgo: 130,
    terms: { loanType: 'private_loan', loanAmount: '20000.00', flatRate: '1.2', totalTenor: 10, loanPurpose: 'living_expenses', payoutMethod: 'cash' },
    approval: { overdueRate: '36', overduePenalty: '100.00', placeOfNegotiation: '觀塘店' },
    payout: { method: 'cash' },
    collection: { transferDaysAgo: 35, solicitorFee: '1500.00', remarks: '三期未還，電話未能聯絡', recoveries: [{ daysAgo: 12, amount: '2400.00', method: 'bank-transfer' }] },
  },
];

/**
 * A staff member's service context for one store, as the auth hook would build it for a session
 * there: the same roles, grants and stores (read through the access cache).
 */
async function staffContext(db: Db, username: string, storeId: number, businessDate?: string): Promise<ServiceContext> {
  const [row] = await db.select().from(staff).where(eq(staff.username, username));
  if (!row) throw new Error(`demo staff ${username} is missing`);
  const { rows } = await db.execute<{ version: string | null }>(sql`select version from harbour_versions where name = 'access'`);
  const version = Number(rows[0]?.version ?? 0);
  const superAdmin = row.id === SUPER_ADMIN_ID;
  const access = await staffAccessFor(db, row.id, superAdmin, version);
  if (!superAdmin && !access.stores.some((s) => s.id === storeId)) throw new Error(`demo staff ${username} does not work at store ${storeId}`);
  // As a session at `storeId` would give; none exists, so its id is 0 (the loan services never read it).
  const session = { id: 0, staff_id: row.id, store_id: storeId, username: row.username, name: row.name, avatar: row.avatar, introduction: row.introduction, default_language: row.defaultLanguage };
  const auth = authContextOf(session, access, DEFAULT_SYSTEM_SETTINGS.idleTimeoutMinutes, version);
  return { db, auth, lang: 'zh-TW', requestId: `seed:${username}:${randomUUID()}`.slice(0, 64), ip: null, userAgent: null, ...(businessDate ? { businessDate } : {}) };
}

/** As the route would: the acting staff member holds the step's permission key. */
function holding(ctx: ServiceContext, key: PermissionKey): ServiceContext {
  if (!may(ctx, key)) throw new Error(`demo staff ${ctx.auth!.username} lacks ${key}`);
  return ctx;
}

const ORDER: Goal[] = ['pending', 'wait_approve', 'approved', 'signed_note', 'repaying'];
const reaches = (goal: Goal, step: Goal) => ORDER.includes(goal) && ORDER.indexOf(goal) >= ORDER.indexOf(step);

/**
 * Adds the demo loans once (nothing when any loan exists). `customerIds` maps the demo customers'
 * names to their ids; `storeIds` are the demo stores in order.
 */
export async function seedDemoLoans(db: Db, storeIds: number[], customerIds: ReadonlyMap<string, number>): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(loans);
  if ((existing?.n ?? 0) > 0) return;
  const today = await businessToday(db);
  const customerId = (name: string) => {
    const id = customerIds.get(name);
    if (!id) throw new Error(`demo customer ${name} is missing`);
    return id;
  };
  const actions = loanResource.actions!;
  for (const demo of DEMO_LOANS) {
    const storeId = storeIds[demo.store]!;
    const mongKok = demo.store === 0;
    // A loan with a history is made on the day it was paid out, as that day's staff did.
    const paidOn = demo.paidOutDaysAgo ? addDays(today, -demo.paidOutDaysAgo) : undefined;
    const maker = await staffContext(db, mongKok ? 'clerk' : 'manager', storeId, paidOn);
    const checker = await staffContext(db, mongKok ? 'manager' : 'admin', storeId, paidOn);
    const accountant = await staffContext(db, 'accountant', storeId, paidOn);
    const day = paidOn ?? today;

    // A loan paid out today, or whose signed note is back today, is agreed for today (s.18: the
    // note is signed on or after the agreement date); the others for a few days ahead.
    const agreedToday = demo.goal === 'repaying' || demo.goal === 'signed_note';
    const loanDate = reaches(demo.goal, 'approved') ? (agreedToday ? day : addDays(day, 3)) : addDays(day, 7);
    const { partakers = [], ...terms } = demo.terms;
    const input = applicationInputSchema.parse({
      repayCycle: 'monthly',
      interestMethod: 'amortization',
      ...terms,
      customerId: customerId(demo.borrower),
      applyDate: addDays(day, -demo.appliedDaysAgo),
      loanDate,
      interestStartDate: loanDate,
      partakers: partakers.map((p) => ({ customerId: customerId(p.name), role: p.role, relation: p.relation })),
    });
    const { id, partakers: made } = await loanService.create!(holding(maker, loanResource.permissions.create!), input);
    // Referees' consents to be contacted, taken with the application.
    for (const p of partakers.filter((x) => x.consent)) {
      const partakerId = made.find((m) => m.customer.id === customerId(p.name))!.id;
      await loanService.actions!.refereeConsent!(holding(maker, actions.refereeConsent!.permission), id, refereeConsentBodySchema.parse({ partakerId, consentOn: input.applyDate, method: p.consent }));
    }

    if (demo.goal === 'cancel') {
      await loanService.actions!.cancel!(holding(maker, actions.cancel!.permission), id, cancelBodySchema.parse({ reason: demo.reason }));
      continue;
    }
    if (demo.goal === 'pending') continue;
    await loanService.actions!.submit!(holding(maker, actions.submit!.permission), id, submitBodySchema.parse({}));
    if (demo.goal === 'returned' || demo.goal === 'reject') {
      const action = demo.goal === 'returned' ? 'return' : 'reject';
      await loanService.actions![action]!(holding(checker, actions[action]!.permission), id, decisionReasonSchema.parse({ remarks: demo.reason }));
      continue;
    }
    if (demo.goal === 'wait_approve') continue;
    await loanService.actions!.approve!(holding(checker, actions.approve!.permission), id, approveBodySchema.parse(demo.approval ?? {}));
    if (demo.goal === 'approved') continue;
    await loanService.actions!.signedNote!(holding(accountant, actions.signedNote!.permission), id, signedNoteBodySchema.parse({ receivedOn: day }));
    if (demo.goal === 'signed_note') continue;
    await loanService.actions!.payout!(holding(accountant, actions.payout!.permission), id, payoutBodySchema.parse({ payoutDate: day, ...demo.payout }));
    for (const [n, r] of (demo.receipts ?? []).entries()) {
      const on = addDays(today, -r.daysAgo);
      const cashier = await staffContext(db, 'clerk', storeId, on);
      const { daysAgo: _ago, ...receipt } = r;
      const counter = holding(cashier, repaymentResource.permissions.create);
      const input = receiptInputSchema.parse({ ...receipt, loanId: id, repayDate: on, idempotencyKey: `demo-${id}-${n + 1}` });
      await withTx(counter, async (tx) => postReceipt(tx, counter, await loanRow(tx, counter, id, { lock: true }), input));
    }
    if (demo.collection) await seedCollection(db, id, storeId, today, demo.collection);
  }
}

/** A demo loan's collection history, each step on its own business day, as the manager did it. */
async function seedCollection(db: Db, loanId: number, storeId: number, today: string, c: NonNullable<DemoLoan['collection']>): Promise<void> {
  const [agent] = await db.select({ id: ocaAgents.id }).from(ocaAgents).where(eq(ocaAgents.state, 'normal')).orderBy(asc(ocaAgents.id)).limit(1);
  if (!agent) throw new Error('demo OCA agents are missing');
  const on = addDays(today, -c.transferDaysAgo);
  const manager = holding(await staffContext(db, 'manager', storeId, on), 'oca.transfer');
  await withTx(manager, async (tx) =>
    transferToOca(tx, manager, await loanRow(tx, manager, loanId, { lock: true }), ocaTransferSchema.parse({ loanId, agentId: agent.id, ocaDate: on, solicitorFee: c.solicitorFee, remarks: c.remarks })),
  );
  for (const [n, r] of c.recoveries.entries()) {
    const day = addDays(today, -r.daysAgo);
    const ctx = holding(await staffContext(db, 'manager', storeId, day), 'oca.recovery');
    await withTx(ctx, async (tx) => recordRecovery(tx, ctx, await loanRow(tx, ctx, loanId, { lock: true }), recoveryInputSchema.parse({ loanId, amount: r.amount, date: day, method: r.method, idempotencyKey: `demo-oca-${loanId}-${n + 1}` })));
  }
}
