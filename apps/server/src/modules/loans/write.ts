import type { ApplicationInput, FieldError } from '@harbour/contracts';
import { type LoanStatus, validateMinimumAge } from '@harbour/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, loanCollaterals, loanCreditReferences, loanPartakers, loans, referralAgents, staff, staffStores } from '../../db/schema/index.js';
import { badRequest, businessRule } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { takeCode } from '../../platform/codes.js';
import type { ServiceContext } from '../../platform/context.js';
import { currentStore } from '../../platform/store-scope.js';
import { findOption, assertOption } from '../options/service.js';
import { runCalculator } from '../tools/calculator-service.js';
import { applyFormLayout } from '../form-layouts/index.js';
import { loanRow, type LoanRow } from '../loan-core/row.js';
import { keptConsents } from './referees.js';
import { normaliseIdNumber } from '@harbour/domain';

/**
 * What the domain computes from an application's terms, stored with it so lists and reports
 * never recompute: the regular instalment, the total interest and the Money Lenders Ordinance's
 * effective rate and verdict. Bad terms are the caller's input (400 on the field).
 */
export async function computedTerms(tx: Tx, input: ApplicationInput) {
  const result = await runCalculator(tx, {
    loanAmount: input.loanAmount,
    totalTenor: input.totalTenor,
    repayCycle: input.repayCycle,
    cycleMonths: input.cycleMonths,
    cycleDays: input.cycleDays,
    interestMethod: input.interestMethod,
    flatRate: input.flatRate,
    effectiveRate: input.effectiveRate,
    ruleOf78: input.ruleOf78,
    loanDate: input.interestStartDate,
    firstDueDate: input.firstDueDate,
    amountDeducted: undefined,
    maxInterest: input.maxInterest,
  });
  return {
    instalmentAmount: result.instalmentAmount,
    totalInterest: result.totalInterest,
    mloRate: result.mloRate,
    mloStatus: result.mloStatus,
  };
}

/** The borrower's age rule on the application date (also a historical loan's, `imports/book-plan.ts`). */
export const ageProblem = (dateOfBirth: string | null, applyDate: string): string | null => {
  if (!dateOfBirth) return null;
  const r = validateMinimumAge(dateOfBirth, applyDate);
  return r.ok ? null : 'loans.validation.underAge';
};

/**
 * The references an application names are real and usable: the borrower and partakers exist and
 * (people) are 18 or older on the application date; the option codes are enabled ones (or the
 * ones the loan already has); the referral agent is in service; the responsible staff member
 * works at the loan's store. Every problem is reported at once, on its field.
 */
async function checkReferences(tx: Tx, ctx: ServiceContext, input: ApplicationInput, storeId: number, existing?: LoanRow): Promise<void> {
  const errors: FieldError[] = [];
  const people = [input.customerId, ...input.partakers.map((p) => p.customerId)];
  const rows = await tx
    .select({ id: customers.id, type: customers.type, dateOfBirth: customers.dateOfBirth, anonymisedOn: customers.anonymisedOn })
    .from(customers)
    .where(inArray(customers.id, people));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const checkPerson = (id: number, field: string) => {
    const c = byId.get(id);
    if (!c) return errors.push({ field, message: 'loans.validation.customerMissing' });
    if (c.anonymisedOn) return errors.push({ field, message: 'loans.validation.customerAnonymised' });
    const age = c.type === 'personal' ? ageProblem(c.dateOfBirth, input.applyDate) : null;
    if (age) errors.push({ field, message: age });
    return undefined;
  };
  checkPerson(input.customerId, 'customerId');
  input.partakers.forEach((p, i) => checkPerson(p.customerId, `partakers.${i}.customerId`));

  const keepOf = async (category: 'loanType' | 'purpose' | 'payoutMethod', code: string | null | undefined) =>
    code ? (await findOption(tx, category, { code }))?.id : undefined;
  const options: [('loanType' | 'purpose' | 'payoutMethod'), string | null | undefined, string, string | null | undefined][] = [
    ['loanType', input.loanType, 'loanType', existing?.loanType],
    ['purpose', input.loanPurpose, 'loanPurpose', existing?.loanPurpose],
    ['payoutMethod', input.payoutMethod, 'payoutMethod', existing?.payoutMethod],
  ];
  for (const [category, code, field, had] of options) {
    if (!code) continue;
    try {
      await assertOption(tx, category, { code }, field, { keep: await keepOf(category, had) });
    } catch {
      errors.push({ field, message: 'options.unavailable' });
    }
  }
  if (input.referralAgentId) {
    const [agent] = await tx.select({ state: referralAgents.state }).from(referralAgents).where(eq(referralAgents.id, input.referralAgentId));
    if (!agent || (agent.state !== 'normal' && input.referralAgentId !== existing?.referralAgentId)) {
      errors.push({ field: 'referralAgentId', message: 'options.unavailable' });
    }
  }
  if (input.staffId) {
    const [member] = await tx
      .select({ id: staff.id })
      .from(staff)
      .innerJoin(staffStores, and(eq(staffStores.staffId, staff.id), eq(staffStores.storeId, storeId)))
      .where(and(eq(staff.id, input.staffId), eq(staff.state, 'normal')));
    if (!member) errors.push({ field: 'staffId', message: 'loans.validation.staffNotOfStore' });
  }
  if (input.reloanOfId) errors.push(...(await reloanProblems(tx, ctx, input, storeId, existing)));
  if (errors.length > 0) throw badRequest('errors.validation', errors);
}

/** Statuses of an application still on its way to payout: one of them at a time may name an old loan. */
export const LIVE_APPLICATION: LoanStatus[] = ['pending', 'wait_approve', 'approved'];

/**
 * A reloan names the borrower's own repaying loan of the same store, not named by another live
 * application. A loan outside the caller's stores is not found (404), as anywhere else.
 */
async function reloanProblems(tx: Tx, ctx: ServiceContext, input: ApplicationInput, storeId: number, existing?: LoanRow): Promise<FieldError[]> {
  const old = await loanRow(tx, ctx, input.reloanOfId!);
  const field = 'reloanOfId';
  if (old.storeId !== storeId) return [{ field, message: 'loans.validation.reloanOtherStore' }];
  if (old.customerId !== input.customerId) return [{ field, message: 'loans.validation.reloanOtherCustomer' }];
  if (old.status !== 'repaying') return [{ field, message: 'loans.validation.reloanNotRepaying' }];
  const [named] = await tx
    .select({ applyNo: loans.applyNo })
    .from(loans)
    .where(and(eq(loans.reloanOfId, old.id), inArray(loans.status, LIVE_APPLICATION), existing ? ne(loans.id, existing.id) : undefined));
  return named ? [{ field, message: 'loans.validation.reloanAlreadyNamed' }] : [];
}

/** The columns of section A as the input gives them (the computed figures are added by the caller). */
function sectionA(input: ApplicationInput) {
  return {
    customerId: input.customerId,
    loanType: input.loanType,
    reloanOfId: input.reloanOfId ?? null,
    applyDate: input.applyDate,
    loanDate: input.loanDate,
    interestStartDate: input.interestStartDate,
    firstDueDate: input.firstDueDate ?? null,
    loanAmount: input.loanAmount,
    flatRate: input.flatRate ?? null,
    effectiveRate: input.effectiveRate ?? null,
    interestMethod: input.interestMethod,
    repayCycle: input.repayCycle,
    cycleMonths: input.repayCycle === 'monthly' ? (input.cycleMonths ?? 1) : null,
    cycleDays: input.repayCycle === 'every-n-days' ? (input.cycleDays ?? null) : null,
    totalTenor: input.totalTenor,
    ruleOf78: input.ruleOf78 ?? false,
    maxInterest: input.maxInterest ?? null,
    loanPurpose: input.loanPurpose,
    payoutMethod: input.payoutMethod,
    referralAgentId: input.referralAgentId ?? null,
    autopayRefNo: input.autopayRefNo,
    autopayBankName: input.autopayBankName,
    autopayAccountName: input.autopayAccountName,
    autopayBankCode: input.autopayBankCode,
    autopayBranchCode: input.autopayBranchCode,
    autopayAccountNo: input.autopayAccountNo,
    remarks: input.remarks,
  };
}

/** Sections B, C and E: what the input sends replaces what the application had. */
async function writeSections(tx: Tx, ctx: ServiceContext, loanId: number, storeId: number, input: ApplicationInput): Promise<void> {
  const by = ctx.auth?.staffId ?? null;
  const consents = await keptConsents(tx, loanId);
  await tx.delete(loanPartakers).where(eq(loanPartakers.loanId, loanId));
  await tx.delete(loanCreditReferences).where(eq(loanCreditReferences.loanId, loanId));
  await tx.delete(loanCollaterals).where(eq(loanCollaterals.loanId, loanId));
  if (input.partakers.length > 0) {
    await tx.insert(loanPartakers).values(input.partakers.map((p) => ({ storeId, loanId, customerId: p.customerId, role: p.role, relation: p.relation, createdBy: by, ...(p.role === 'referee' ? consents.get(p.customerId) : {}) })));
  }
  if (input.creditReferences.length > 0) {
    await tx.insert(loanCreditReferences).values(
      input.creditReferences.map((c) => ({
        storeId,
        loanId,
        creditName: c.creditName,
        creditType: c.creditType,
        loanAmount: c.loanAmount ?? null,
        instalmentAmount: c.instalmentAmount ?? null,
        outstandingTenors: c.outstandingTenors ?? null,
        createdBy: by,
      })),
    );
  }
  if (input.collaterals.length > 0) {
    await tx.insert(loanCollaterals).values(
      input.collaterals.map((c) => ({
        storeId,
        loanId,
        ownerName: c.ownerName,
        ownerIdNumber: c.ownerIdNumber ? normaliseIdNumber(c.ownerIdNumber) : null,
        address: c.address,
        usableArea: c.usableArea ?? null,
        buildingArea: c.buildingArea ?? null,
        completionYear: c.completionYear ?? null,
        propertyType: c.propertyType,
        purpose: c.purpose,
        boughtOn: c.boughtOn ?? null,
        buyPrice: c.buyPrice ?? null,
        mortgageBalance: c.mortgageBalance ?? null,
        createdBy: by,
      })),
    );
  }
}

/** What an audit row says of an application: its terms and sections, never a whole ID number. */
const auditView = (input: ApplicationInput) => ({
  ...sectionA(input),
  partakers: input.partakers.map((p) => ({ customerId: p.customerId, role: p.role, relation: p.relation })),
  creditReferences: input.creditReferences.length,
  collaterals: input.collaterals.map((c) => ({ ownerName: c.ownerName, address: c.address })),
});

/**
 * A new application (`pending`) in the caller's store, numbered by the code format. Its loan
 * type's form layout applies (hidden fields dropped, required ones checked).
 */
export async function createApplication(tx: Tx, ctx: ServiceContext, sent: ApplicationInput): Promise<number> {
  const input = await applyFormLayout(tx, sent);
  const storeId = currentStore(ctx);
  await checkReferences(tx, ctx, input, storeId);
  const computed = await computedTerms(tx, input);
  const staffId = input.staffId ?? ctx.auth?.staffId;
  if (!staffId) throw badRequest('errors.validation', [{ field: 'staffId', message: 'validation.required' }]);
  const applyNo = await takeCode(tx, 'applyNo', { storeId, date: input.applyDate });
  const [row] = await tx
    .insert(loans)
    .values({ ...sectionA(input), ...computed, storeId, applyNo, staffId, createdBy: ctx.auth?.staffId ?? null, updatedBy: ctx.auth?.staffId ?? null })
    .returning({ id: loans.id });
  await writeSections(tx, ctx, row!.id, storeId, input);
  await audit(tx, { action: 'add', module: 'loans', reference: applyNo, after: { id: row!.id, ...auditView(input), ...computed }, recordStores: [storeId] });
  return row!.id;
}

/** An application is edited only while pending: after submission its terms are what approval saw. */
export async function updateApplication(tx: Tx, ctx: ServiceContext, existing: LoanRow, sent: ApplicationInput): Promise<void> {
  if (existing.status !== 'pending') throw businessRule('loans.errors.notEditable', { status: existing.status });
  const input = await applyFormLayout(tx, sent);
  await checkReferences(tx, ctx, input, existing.storeId, existing);
  const computed = await computedTerms(tx, input);
  await tx
    .update(loans)
    .set({ ...sectionA(input), ...computed, ...(input.staffId ? { staffId: input.staffId } : {}), updatedBy: ctx.auth?.staffId ?? null, updatedAt: new Date() })
    .where(eq(loans.id, existing.id));
  await writeSections(tx, ctx, existing.id, existing.storeId, input);
  await audit(tx, {
    action: 'edit',
    module: 'loans',
    reference: existing.applyNo,
    before: { loanAmount: existing.loanAmount, flatRate: existing.flatRate, effectiveRate: existing.effectiveRate, totalTenor: existing.totalTenor, customerId: existing.customerId, reloanOfId: existing.reloanOfId },
    after: { ...auditView(input), ...computed },
    recordStores: [existing.storeId],
  });
}
