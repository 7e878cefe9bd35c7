/**
 * The application form's values and the request they make (sections A, B, C, E). Amounts and
 * rates stay the strings typed; dates become YYYY-MM-DD. The form has one rate input and a
 * switch (flat or effective), so exactly one of `flatRate` / `effectiveRate` is ever sent.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { InterestMethod, LoanItem, PartakerRole, RepayCycle } from '@harbour/contracts';
import type { CalculatorBody } from '../tools/calculator-api.js';
import type { LoanApplicationBody } from '../../api/endpoints.js';
import { toRequest, type RateType } from '../tools/form-model.js';
import { hongKongToday } from '../../components/format.js';

export interface PartakerRow {
  customerId?: number | null;
  role?: PartakerRole;
  relation?: string | null;
}
export type CreditRow = Record<'creditName' | 'creditType' | 'loanAmount' | 'instalmentAmount', string | null | undefined> & { outstandingTenors?: number | null };
export type CollateralRow = Record<string, string | number | Dayjs | null | undefined>;

export interface ApplicationFormValues {
  customerId?: number | null;
  /** a reloan: the borrower's repaying loan it refinances */
  reloanOfId?: number | null;
  loanType?: string | null;
  loanAmount?: string | null;
  rateType: RateType;
  rate?: string | null;
  interestMethod: InterestMethod;
  repayCycle: RepayCycle;
  cycleMonths?: number | null;
  cycleDays?: number | null;
  totalTenor?: number | null;
  applyDate?: Dayjs | null;
  loanDate?: Dayjs | null;
  interestStartDate?: Dayjs | null;
  firstDueDate?: Dayjs | null;
  loanPurpose?: string | null;
  payoutMethod?: string | null;
  referralAgentId?: number | null;
  autopayRefNo?: string | null;
  autopayBankName?: string | null;
  autopayAccountName?: string | null;
  autopayBankCode?: string | null;
  autopayBranchCode?: string | null;
  autopayAccountNo?: string | null;
  remarks?: string | null;
  partakers: PartakerRow[];
  creditReferences: CreditRow[];
  collaterals: CollateralRow[];
}

/** The loan types whose collateral section is shown open (a mortgage is secured on property). */
export const MORTGAGE_TYPES = ['first_mortgage', 'second_mortgage'];

const blank = (v: unknown) => v === undefined || v === null || v === '';
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

export function emptyApplication(today: Dayjs = dayjs(hongKongToday())): ApplicationFormValues {
  return {
    rateType: 'flat',
    interestMethod: 'amortization',
    repayCycle: 'monthly',
    cycleMonths: 1,
    cycleDays: 30,
    totalTenor: 12,
    applyDate: today,
    loanDate: today,
    interestStartDate: today,
    partakers: [],
    creditReferences: [],
    collaterals: [],
  };
}

/** Drops the empty values of a row (the server reads a missing field as "not given"). */
function compact(row: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row) as [string, unknown][]) {
    if (blank(v)) continue;
    out[k] = dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v;
  }
  return out;
}

/** The body of `POST /loans` / `PUT /loans/{id}`. */
export function toApplication(v: ApplicationFormValues): LoanApplicationBody {
  const { rateType, rate, partakers, creditReferences, collaterals, applyDate, loanDate, interestStartDate, firstDueDate, ...rest } = v;
  const body = compact(rest);
  if (v.repayCycle !== 'monthly') delete body.cycleMonths;
  if (v.repayCycle !== 'every-n-days') delete body.cycleDays;
  if (!blank(rate)) body[rateType === 'flat' ? 'flatRate' : 'effectiveRate'] = String(rate);
  Object.assign(body, compact({ applyDate: day(applyDate), loanDate: day(loanDate), interestStartDate: day(interestStartDate), firstDueDate: day(firstDueDate) }));
  body.partakers = (partakers ?? []).map((r) => compact(r));
  body.creditReferences = (creditReferences ?? []).map((r) => compact(r));
  body.collaterals = (collaterals ?? []).map((r) => compact(r));
  // The form's fields gathered into the contract's shape; the server's schema checks each one.
  return body as LoanApplicationBody;
}

/** The calculator request of the live preview (interest runs from the interest start date), or undefined while incomplete. */
export function toPreview(v: ApplicationFormValues): CalculatorBody | undefined {
  return toRequest({ ...v, loanDate: v.interestStartDate, ruleOf78: false, amountDeducted: null });
}

/** A saved loan back into the form (editing a pending application). */
export function fromLoan(l: LoanItem): ApplicationFormValues {
  const d = (s: string | null) => (s ? dayjs(s) : null);
  return {
    customerId: l.customer.id,
    reloanOfId: l.reloanOfId,
    loanType: l.loanType,
    loanAmount: l.loanAmount,
    rateType: l.flatRate !== null ? 'flat' : 'effective',
    rate: l.flatRate ?? l.effectiveRate,
    interestMethod: l.interestMethod,
    repayCycle: l.repayCycle,
    cycleMonths: l.cycleMonths,
    cycleDays: l.cycleDays,
    totalTenor: l.totalTenor,
    applyDate: d(l.applyDate),
    loanDate: d(l.loanDate),
    interestStartDate: d(l.interestStartDate),
    firstDueDate: d(l.firstDueDate),
    loanPurpose: l.loanPurpose,
    payoutMethod: l.payoutMethod,
    referralAgentId: l.referralAgentId,
    autopayRefNo: l.autopayRefNo,
    autopayBankName: l.autopayBankName,
    autopayAccountName: l.autopayAccountName,
    autopayBankCode: l.autopayBankCode,
    autopayBranchCode: l.autopayBranchCode,
    autopayAccountNo: l.autopayAccountNo,
    remarks: l.remarks,
    partakers: l.partakers.map((p) => ({ customerId: p.customer.id, role: p.role, relation: p.relation })),
    creditReferences: l.creditReferences.map(({ id: _id, ...c }) => c),
    collaterals: l.collaterals.map(({ id: _id, boughtOn, ...c }) => ({ ...c, boughtOn: d(boughtOn) })),
  };
}

/** A server field path (`partakers.0.customerId`, `flatRate`) as the form's field name path. */
export function formPathOf(field: string): (string | number)[] {
  if (field === 'flatRate' || field === 'effectiveRate') return ['rate'];
  return field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}
