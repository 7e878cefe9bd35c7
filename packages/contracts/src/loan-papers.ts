import { z } from 'zod';
import type { LoanStatus } from '@harbour/domain';
import { MLO_STATUSES, REPAY_CYCLES, INTEREST_METHODS, scheduleRowSchema } from './calculator.js';
import { LOAN_PRINTS, PAYOUT_METHODS, type LoanPrint } from './loans.js';
import { prescribedSummarySchema } from './prescribed-summary.js';

/**
 * The papers printed from a loan (Money Lenders Ordinance s.18 and the Registrar's licensing
 * conditions, see docs/s18-documents.md): `GET /loans/{id}/papers` answers exactly what they print,
 * and every print is recorded by the audited `POST /loans/{id}/print` with the paper's kind.
 */
export const LOAN_PAPERS_PATH = '/loans/:id/papers';

/** The short names of the print page's `paper` parameter, and the kind each records when printed. */
export const PAPER_NAMES = {
  s18: 's18-note',
  summary: 'mlo-summary',
  terms: 'terms-explained',
  intermediary: 'third-party-declaration',
  affordability: 'affordability-declaration',
  schedule: 'schedule',
  receipt: 'payout-receipt',
} as const satisfies Record<string, LoanPrint>;
export type PaperName = keyof typeof PAPER_NAMES;
export const PAPER_ORDER = Object.keys(PAPER_NAMES) as PaperName[];
/** The languages a paper is printed in (the borrower's choice; zh-CN staff print the Chinese one). */
export const PAPER_LANGUAGES = ['zh-TW', 'en'] as const;
export type PaperLanguage = (typeof PAPER_LANGUAGES)[number];

/**
 * Which papers a loan has in its state: the schedule always (before payout, the domain's for the
 * terms); the s.18 note and the papers signed with it once the application is approved; the
 * payout receipt once the money is paid out. The print action refuses the others.
 */
export function printablePapers(loan: { status: LoanStatus; payoutDate: string | null }): LoanPrint[] {
  const paidOut = loan.payoutDate !== null;
  const agreed = paidOut || loan.status === 'approved';
  return LOAN_PRINTS.filter((p) => p !== 'application-form').filter((p) => (p === 'payout-receipt' ? paidOut : p === 'schedule' ? true : agreed));
}

/**
 * What the print action accepts: the loan's papers as their status allows, and the application form
 * (Tools → application form, filled from the loan) at any status.
 */
export const mayPrint = (loan: { status: LoanStatus; payoutDate: string | null }, document: LoanPrint) =>
  document === 'application-form' || printablePapers(loan).includes(document);

const money = z.string();
const nullableMoney = z.string().nullable();

/** A person a paper names: the borrower, a surety, a joint borrower. */
export const paperPersonSchema = z.object({
  name: z.string(),
  englishName: z.string().nullable(),
  /** masked to the "visible tel. no." digits unless the caller holds `persona.reveal` (then whole, audited) */
  idNumber: z.string(),
  /** residential address, or the mailing one when none */
  address: z.string().nullable(),
});
export type PaperPerson = z.infer<typeof paperPersonSchema>;

export const loanPapersSchema = z.object({
  /** the papers the loan has now (`printablePapers`) */
  papers: z.array(z.enum(LOAN_PRINTS)),
  /** the ID numbers are whole (the caller holds the reveal key; this answer was audited as a reveal) */
  idNumbersRevealed: z.boolean(),
  lender: z.object({
    nameZh: z.string(),
    nameEn: z.string(),
    licenceNo: z.string(),
    addressZh: z.string().nullable(),
    addressEn: z.string().nullable(),
    phone: z.string().nullable(),
    fax: z.string().nullable(),
    email: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
  /** the branch where the agreement is negotiated and completed */
  store: z.object({ nameZh: z.string(), nameEn: z.string(), address: z.string().nullable(), phone: z.string().nullable() }),
  loan: z.object({
    id: z.number().int(),
    applyNo: z.string(),
    loanNo: z.string().nullable(),
    status: z.string(),
    applyDate: z.string(),
    /** the agreed loan date: the date of the agreement */
    loanDate: z.string(),
    interestStartDate: z.string(),
    payoutDate: z.string().nullable(),
    loanAmount: money,
    totalTenor: z.number().int(),
    repayCycle: z.enum(REPAY_CYCLES),
    cycleMonths: z.number().int().nullable(),
    cycleDays: z.number().int().nullable(),
    interestMethod: z.enum(INTEREST_METHODS),
    /** percent per period as agreed (flat) */
    flatRate: z.string().nullable(),
    instalmentAmount: money,
    totalInterest: money,
    totalRepayment: money,
    /** percent a year: the periodic rate × periods a year */
    nominalRate: z.string(),
    /** percent a year under Schedule 2 (`mloEffectiveRate`), with what is deducted at payout */
    mloRate: z.string(),
    mloStatus: z.enum(MLO_STATUSES),
    firstDueDate: z.string().nullable(),
    lastDueDate: z.string().nullable(),
    staffName: z.string(),
  }),
  borrower: paperPersonSchema.extend({
    /** monthly income as registered */
    salary: nullableMoney,
    companyName: z.string().nullable(),
    position: z.string().nullable(),
  }),
  /** guarantors (MLO "surety") */
  sureties: z.array(paperPersonSchema),
  jointBorrowers: z.array(paperPersonSchema),
  referralAgent: z.object({ nameZh: z.string(), nameEn: z.string(), licenceNo: z.string().nullable(), noBorrowerFee: z.boolean() }).nullable(),
  collaterals: z.array(z.object({ ownerName: z.string(), address: z.string(), propertyType: z.string().nullable(), mortgageBalance: nullableMoney })),
  /** the borrower's existing debts (section C credit references) */
  creditReferences: z.array(
    z.object({ creditName: z.string(), creditType: z.string().nullable(), loanAmount: nullableMoney, instalmentAmount: nullableMoney, outstandingTenors: z.number().int().nullable() }),
  ),
  /** the approval in force (null before one) */
  approval: z
    .object({
      decidedOn: z.string(),
      staffName: z.string(),
      overdueRate: z.string().nullable(),
      upfrontInterest: nullableMoney,
      handlingFee: nullableMoney,
      lateDrawdownFee: nullableMoney,
      overduePenalty: nullableMoney,
      earlySettleLockMonths: z.number().int().nullable(),
      lockPeriodFee: nullableMoney,
      placeOfNegotiation: z.string().nullable(),
      actualReceivedAmount: nullableMoney,
    })
    .nullable(),
  payout: z
    .object({
      payoutDate: z.string(),
      method: z.enum(PAYOUT_METHODS),
      chequeNo: z.string().nullable(),
      upfrontInterest: money,
      handlingFee: money,
      lateDrawdownFee: money,
      totalDeducted: money,
      /** a reloan: the old loan's settlement paid out of this loan, and that loan's number */
      oldLoanSettled: money,
      reloanOfLoanNo: z.string().nullable(),
      amountReceived: money,
      paidByName: z.string().nullable(),
    })
    .nullable(),
  /**
   * The prescribed summary (Cap. 163A Schedule 3) the lender entered, the version in force on the
   * agreement date (`loanDate`); null until one is: the paper then prints Harbour's own summary,
   * marked as not the official text.
   */
  prescribedSummary: prescribedSummarySchema.nullable(),
  /** the persisted instalments after payout; before it, the domain's schedule for the terms */
  schedule: z.object({ source: z.enum(['persisted', 'computed']), rows: z.array(scheduleRowSchema) }),
});
export type LoanPapers = z.infer<typeof loanPapersSchema>;
