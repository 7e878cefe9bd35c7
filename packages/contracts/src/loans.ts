import { z } from 'zod';
import { LOAN_STATUSES, LOAN_ACTIONS, CURRENT_STATUS_FILTER, type LoanStatus } from '@harbour/domain';
import { listQueryBase } from './list.js';
import { defineResource, type ResourceField } from './resource.js';
import { INTEREST_METHODS, MLO_STATUSES, REPAY_CYCLES, V, isCalendarDate, isoDate, loanTermsShape, optionalDecimal, optionalMoney, optionalQuantity, refineLoanTerms } from './calculator.js';
import { optionalText } from './stores.js';
import { statementRequestBodySchema, statementSchema } from './statements.js';

/**
 * Loans from application to payout (spec §2 Loan create/edit/list/operation, §3 Loan, Partaker,
 * Credit reference, Collateral). An application is a loan in status `pending`: it is saved with
 * its section A (customer and terms, from which the domain computes the schedule, the effective
 * rate and the Money Lenders Ordinance verdict on every save), and sections B (partakers), C
 * (credit references) and E (collateral) may be filled and changed while it is pending. Each save
 * replaces the sections it sends.
 */
export const PARTAKER_ROLES = ['guarantor', 'joint', 'consultant', 'referee'] as const;
export type PartakerRole = (typeof PARTAKER_ROLES)[number];

/**
 * How a referee's consent to be contacted was given (licensing condition 2021: written consent
 * before the lender contacts a referee). Until it is recorded the referee's phones are withheld
 * in every answer (`platform/masking.ts` → `contactPhone`).
 */
export const CONSENT_METHODS = ['written', 'verbal-recorded', 'electronic'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/**
 * The reloan filter of the loan list (spec §9): the loan is refinanced by a reloan whose application
 * is approved (or paid out, which made the loan `reloaned`), by one still to be approved (pending or
 * awaiting approval), or by none.
 */
export const RELOAN_FILTERS = ['have-approved', 'have-pending', 'none'] as const;

const id = z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive });
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate().optional());
const optionalInt = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ message: V.integer }).int({ message: V.integer }).min(0, { message: V.nonNegative }).max(max, { message: V.range }).optional(),
  );
const code = z.string({ message: V.required }).trim().min(1, { message: V.required }).max(32, { message: 'validation.tooLong' });
const optionalCode = optionalText(32);
const digits = (n: number) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.string().regex(new RegExp(`^\\d{${n}}$`), { message: 'validation.digits' }).nullable());

const money = z.string();
const nullableMoney = z.string().nullable();

export const partakerInputSchema = z.object({
  customerId: id,
  role: z.enum(PARTAKER_ROLES, { message: V.choice }),
  relation: optionalText(64),
});

export const creditReferenceInputSchema = z.object({
  creditName: z.string({ message: V.required }).trim().min(1, { message: V.required }).max(128, { message: 'validation.tooLong' }),
  creditType: optionalText(64),
  loanAmount: optionalMoney({ positive: false }),
  instalmentAmount: optionalMoney({ positive: false }),
  outstandingTenors: optionalInt(1200),
});

export const collateralInputSchema = z.object({
  ownerName: z.string({ message: V.required }).trim().min(1, { message: V.required }).max(128, { message: 'validation.tooLong' }),
  ownerIdNumber: optionalText(32),
  address: z.string({ message: V.required }).trim().min(1, { message: V.required }).max(255, { message: 'validation.tooLong' }),
  usableArea: optionalQuantity(),
  buildingArea: optionalQuantity(),
  completionYear: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ message: V.integer }).int({ message: V.integer }).min(1800, { message: 'validation.year' }).max(2200, { message: 'validation.year' }).optional(),
  ),
  propertyType: optionalText(64),
  purpose: optionalText(64),
  boughtOn: optionalDate,
  buyPrice: optionalMoney({ positive: false }),
  mortgageBalance: optionalMoney({ positive: false }),
});

const { loanDate: _interestStart, amountDeducted: _deductedAtApproval, ...termsShape } = loanTermsShape;

/** What an application's save sends: section A with its terms, and sections B, C and E. */
export const applicationInputSchema = z
  .object({
    customerId: id,
    loanType: code,
    /** a reloan: the borrower's repaying loan (same store) whose settlement this loan's payout pays */
    reloanOfId: optionalId,
    applyDate: isoDate(),
    /** the agreed loan date; not later than the interest start date */
    loanDate: isoDate(),
    interestStartDate: isoDate(),
    ...termsShape,
    maxInterest: optionalMoney({ positive: false }),
    loanPurpose: optionalCode,
    payoutMethod: optionalCode,
    /** the staff member responsible; the author when left out */
    staffId: optionalId,
    referralAgentId: optionalId,
    autopayRefNo: optionalText(32),
    autopayBankName: optionalText(128),
    autopayAccountName: optionalText(128),
    autopayBankCode: digits(3),
    autopayBranchCode: digits(3),
    autopayAccountNo: optionalText(32),
    remarks: optionalText(1000),
    partakers: z.array(partakerInputSchema).max(6, { message: V.range }).default([]),
    creditReferences: z.array(creditReferenceInputSchema).max(20, { message: V.range }).default([]),
    collaterals: z.array(collateralInputSchema).max(5, { message: V.range }).default([]),
  })
  .superRefine(refineLoanTerms('interestStartDate'), { when: () => true })
  .superRefine(
    (r, ctx) => {
      // Runs even when the body is not an object at all (`when`), so the other rules report too.
      if (typeof r !== 'object' || r === null) return;
      const t = r as Record<string, unknown>;
      const { loanDate, interestStartDate } = t;
      if (typeof loanDate === 'string' && typeof interestStartDate === 'string' && isCalendarDate(loanDate) && isCalendarDate(interestStartDate) && loanDate > interestStartDate) {
        ctx.addIssue({ code: 'custom', path: ['loanDate'], message: 'loans.validation.loanDateAfterInterestStart' });
      }
      const partakers = Array.isArray(t.partakers) ? (t.partakers as { customerId?: unknown }[]) : [];
      const seen = new Set<unknown>();
      partakers.forEach((p, i) => {
        if (p?.customerId === t.customerId) ctx.addIssue({ code: 'custom', path: ['partakers', i, 'customerId'], message: 'loans.validation.partakerIsBorrower' });
        else if (seen.has(p?.customerId)) ctx.addIssue({ code: 'custom', path: ['partakers', i, 'customerId'], message: 'loans.validation.partakerTwice' });
        seen.add(p?.customerId);
      });
    },
    { when: () => true },
  );
export type ApplicationInput = z.infer<typeof applicationInputSchema>;


/** The borrower as a loan shows them: ID number and phone masked unless the caller may reveal them. */
export const loanCustomerSchema = z.object({
  id: z.number().int(),
  customerCode: z.string(),
  name: z.string(),
  englishName: z.string().nullable(),
  idNumber: z.string(),
  mobile1: z.string(),
  listStatus: z.enum(['white', 'black']),
});

export const partakerItemSchema = z.object({
  id: z.number().int(),
  role: z.enum(PARTAKER_ROLES),
  relation: z.string().nullable(),
  /** the phone is `customer.mobile1`; without a referee's consent it is withheld whole */
  customer: loanCustomerSchema,
  /** a referee's consent to be contacted (null: not recorded; always null for other roles) */
  consent: z.object({ consentOn: z.string(), method: z.enum(CONSENT_METHODS), recordedByName: z.string().nullable() }).nullable(),
  /** true when the phone is withheld for want of the referee's consent */
  phoneWithheld: z.boolean(),
});

/** `POST /loans/{id}/refereeConsent`: the referee (a partaker of role `referee`) consented on this date, so. */
export const refereeConsentBodySchema = z.object({
  partakerId: id,
  consentOn: isoDate(),
  method: z.enum(CONSENT_METHODS, { message: V.choice }),
});
export type RefereeConsentBody = z.infer<typeof refereeConsentBodySchema>;

/**
 * The affordability assessment of a loan (licensing condition 2021): the figures the approver
 * sees and the approval decides on. `required` for an unsecured loan (no collateral) to an
 * individual (a personal customer); `missing` names the figures not recorded (`income`: the
 * borrower's monthly salary; `existingInstalment`: a section C row without its instalment, by
 * name); `ratio` is the debt-to-income ratio in percent (two places), `limit` the company's
 * setting above which the approver gives a reason ('' in the settings: null here).
 */
export const AFFORDABILITY_MISSING = ['income', 'existingInstalment'] as const;
export const affordabilitySchema = z.object({
  required: z.boolean(),
  secured: z.boolean(),
  individual: z.boolean(),
  income: nullableMoney,
  existing: money,
  newInstalment: money,
  newMonthly: money,
  total: money,
  ratio: z.string().nullable(),
  limit: z.string().nullable(),
  aboveLimit: z.boolean(),
  missing: z.array(z.object({ figure: z.enum(AFFORDABILITY_MISSING), name: z.string().nullable() })),
});
export type Affordability = z.infer<typeof affordabilitySchema>;

export const creditReferenceItemSchema = z.object({
  id: z.number().int(),
  creditName: z.string(),
  creditType: z.string().nullable(),
  loanAmount: nullableMoney,
  instalmentAmount: nullableMoney,
  outstandingTenors: z.number().int().nullable(),
});

export const collateralItemSchema = z.object({
  id: z.number().int(),
  ownerName: z.string(),
  ownerIdNumber: z.string().nullable(),
  address: z.string(),
  usableArea: z.string().nullable(),
  buildingArea: z.string().nullable(),
  completionYear: z.number().int().nullable(),
  propertyType: z.string().nullable(),
  purpose: z.string().nullable(),
  boughtOn: z.string().nullable(),
  buyPrice: nullableMoney,
  mortgageBalance: nullableMoney,
});

/** The approval status the approval list filters by (spec §4): awaiting a decision, approved, rejected. */
export const APPROVAL_STATUSES = ['unratified', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_DECISIONS = ['approve', 'reject', 'return', 'undo'] as const;

/**
 * What the approver fixes (spec §3 Approval). Up-front interest and the handling fee are deducted
 * at payout: the borrower receives less, so the Ordinance's rate is checked again with them.
 */
export const approveBodySchema = z.object({
  /** overdue interest, percent a year */
  overdueRate: optionalDecimal({ positive: false }),
  upfrontInterest: optionalMoney({ positive: false }),
  handlingFee: optionalMoney({ positive: false }),
  earlySettleLockMonths: optionalInt(120),
  lateDrawdownFee: optionalMoney({ positive: false }),
  overduePenalty: optionalMoney({ positive: false }),
  lockPeriodFee: optionalMoney({ positive: false }),
  placeOfNegotiation: optionalText(128),
  remarks: optionalText(1000),
  /** the approver confirms a rate above the company's maximum APR (when the settings ask for it) */
  confirmExcess: z.boolean().optional(),
  /** why an unsecured personal loan is approved with a debt-to-income ratio above the company's limit */
  affordabilityReason: optionalText(500),
  /** a manager's reason to approve despite a blacklist hit (needs `loan.blacklistOverride`) */
  overrideReason: optionalText(500),
});
export type ApproveBody = z.infer<typeof approveBodySchema>;

/** The approve dialog's live rate check: the deductions typed so far (`GET /loans/{id}/approvalQuote`). */
export const approvalQuoteQuerySchema = approveBodySchema.pick({ upfrontInterest: true, handlingFee: true });
export const approvalQuoteSchema = z.object({
  /** the effective annual rate (s.24, fees included) of the on-time payout with those deductions, percent, four places */
  rate: z.string(),
  /** why the approval would be refused on it, in the caller's language; null when it would pass (or asks only a confirmation) */
  refusal: z.string().nullable(),
});
export type ApprovalQuote = z.infer<typeof approvalQuoteSchema>;

/** Rejecting, sending back or undoing says why. */
export const decisionReasonSchema = z.object({
  remarks: z.string({ message: V.required }).trim().min(1, { message: V.required }).max(1000, { message: 'validation.tooLong' }),
});

export const approvalItemSchema = z.object({
  id: z.number().int(),
  decision: z.enum(APPROVAL_DECISIONS),
  decidedOn: z.string(),
  staffId: z.number().int(),
  staffName: z.string(),
  overdueRate: z.string().nullable(),
  upfrontInterest: nullableMoney,
  handlingFee: nullableMoney,
  earlySettleLockMonths: z.number().int().nullable(),
  lateDrawdownFee: nullableMoney,
  overduePenalty: nullableMoney,
  lockPeriodFee: nullableMoney,
  placeOfNegotiation: z.string().nullable(),
  actualReceivedAmount: nullableMoney,
  firstDueDate: z.string().nullable(),
  lastDueDate: z.string().nullable(),
  extendedInterest: nullableMoney,
  extendedDays: z.number().int().nullable(),
  remarks: z.string().nullable(),
  /** the affordability figures the approval decided on (null: none required, or before they were kept) */
  dtiRatio: z.string().nullable(),
  affordabilityReason: z.string().nullable(),
  createdAt: z.string(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

export const PAYOUT_METHODS = ['cash', 'cheque'] as const;
export const PAYOUT_STATUSES = ['waiting', 'paid'] as const;

/** Payout (spec §3 Payout): when and how the money leaves; a cheque needs its number. */
export const payoutBodySchema = z
  .object({
    payoutDate: isoDate(),
    method: z.enum(PAYOUT_METHODS, { message: V.choice }),
    chequeNo: optionalText(32),
    remarks: optionalText(1000),
    /** the user confirms paying out at a rate above the company's maximum APR (when the settings ask for it) */
    confirmExcess: z.boolean().optional(),
    /** a manager's reason to pay out despite a blacklist hit (needs `loan.blacklistOverride`) */
    overrideReason: optionalText(500),
  })
  .superRefine((r, ctx) => {
    if (r.method === 'cheque' && !r.chequeNo) ctx.addIssue({ code: 'custom', path: ['chequeNo'], message: 'loans.validation.chequeNoRequired' });
  });

/** MLO s.18: the borrower's signed note or memorandum is back, on this date. */
export const signedNoteBodySchema = z.object({ receivedOn: isoDate() });

/** MLO s.20: the copy of the note and the statement were given to each surety, on this date. */
export const suretyPackBodySchema = z.object({ givenOn: isoDate() });

/**
 * The s.20 surety pack task of a loan with guarantors once it is approved: due 7 days after the
 * agreement date (`suretyPackTask` of the domain), open until staff record it as given.
 */
export const suretyPackSchema = z.object({
  dueBy: z.string(),
  givenOn: z.string().nullable(),
  givenByName: z.string().nullable(),
  /** not given and past the due day */
  overdue: z.boolean(),
  /** given after the due day */
  givenLate: z.boolean(),
});

export const payoutQuoteQuerySchema = z.object({ payoutDate: isoDate() });
/** What a payout on a date would deduct and pay (shown before the payout is confirmed). */
export const payoutQuoteSchema = z.object({
  loanAmount: money,
  upfrontInterest: money,
  handlingFee: money,
  lateDrawdownFee: money,
  late: z.boolean(),
  feesDeducted: money,
  totalDeducted: money,
  /** a reloan: the old loan's early settlement on the payout date, paid out of this loan */
  oldLoanSettlement: money,
  amountReceived: money,
  /** days after the agreed loan date (0: on time or early) */
  lateDays: z.number().int(),
  /** the schedule as it would be persisted: interest start and first due date (re-based when late); null when refused as too late */
  interestStartDate: z.string().nullable(),
  firstDueDate: z.string().nullable(),
  /** the Ordinance rate a year of the payout's real cash flows (percent, four places; "9999.9999" unbounded); null when refused as too late */
  mloRate: z.string().nullable(),
  mloStatus: z.enum(MLO_STATUSES).nullable(),
  /** why the payout would be refused, or what must be confirmed, in the caller's language; null when it may go ahead */
  refusal: z.object({ message: z.string(), needsConfirmation: z.boolean() }).nullable(),
});
export type PayoutQuote = z.infer<typeof payoutQuoteSchema>;

export const payoutItemSchema = z.object({
  payoutDate: z.string(),
  method: z.enum(PAYOUT_METHODS),
  chequeNo: z.string().nullable(),
  upfrontDeducted: money,
  lateDrawdownFee: money,
  /** a reloan: what settled the old loan out of this payout */
  oldLoanSettled: money,
  amountReceived: money,
  remarks: z.string().nullable(),
  journalEntryId: z.number().int().nullable(),
  paidByName: z.string().nullable(),
});

/** One instalment of the schedule persisted at payout. */
export const instalmentItemSchema = z.object({
  tenor: z.number().int(),
  dueDate: z.string(),
  principal: money,
  interest: money,
  instalment: money,
  balance: money,
});

/** Section D: what a document is (an ID card copy is always shown watermarked). */
export const LOAN_DOCUMENT_KINDS = ['id-card', 'income-proof', 'address-proof', 'signed-note', 'property', 'other'] as const;
export type LoanDocumentKind = (typeof LOAN_DOCUMENT_KINDS)[number];
export const LOAN_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Statuses in which documents may still be added or removed: before payout (the signed note arrives after approval). */
export const LOAN_DOCUMENT_OPEN_STATUSES: readonly LoanStatus[] = ['pending', 'wait_approve', 'approved'];
/**
 * A document leaves the application only while it is a draft or sent back: once submitted, the
 * approver decided on what was there (a mistaken one is removed after a send-back).
 */
export const LOAN_DOCUMENT_REMOVABLE_STATUSES: readonly LoanStatus[] = ['pending'];

export const loanDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LOAN_DOCUMENT_KINDS),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type LoanDocument = z.infer<typeof loanDocumentSchema>;

/** A loan a reloan links to (old → new or new → old). */
export const reloanLinkSchema = z.object({
  id: z.number().int(),
  applyNo: z.string(),
  loanNo: z.string().nullable(),
  status: z.enum(LOAN_STATUSES),
});
export type ReloanLink = z.infer<typeof reloanLinkSchema>;
export const reloanOfSchema = reloanLinkSchema.extend({
  /**
   * while the reloan is not paid out and the old loan repays: its early settlement today (s.21
   * quote, less any temporary amount it holds) — what the payout pays for it if made today
   */
  settlementToday: z.object({ asOf: z.string(), amount: money }).nullable(),
});

/** One row of the loan list. */
export const loanListItemSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  applyNo: z.string(),
  loanNo: z.string().nullable(),
  status: z.enum(LOAN_STATUSES),
  customer: loanCustomerSchema,
  loanType: z.string(),
  /** spec §3 "reloan number": the loan this one refinances, and its loan number */
  reloanOfId: z.number().int().nullable(),
  reloanOfLoanNo: z.string().nullable(),
  applyDate: z.string(),
  loanDate: z.string(),
  payoutDate: z.string().nullable(),
  loanAmount: money,
  totalTenor: z.number().int(),
  repayCycle: z.enum(REPAY_CYCLES),
  instalmentAmount: money,
  mloRate: z.string(),
  mloStatus: z.enum(MLO_STATUSES),
  staffId: z.number().int(),
  staffName: z.string(),
  createdAt: z.string(),
});
export type LoanListItem = z.infer<typeof loanListItemSchema>;

/** A loan whole: section A, the computed figures, sections B, C and E, and what may be done now. */
export const loanItemSchema = loanListItemSchema.extend({
  interestStartDate: z.string(),
  firstDueDate: z.string().nullable(),
  flatRate: z.string().nullable(),
  effectiveRate: z.string().nullable(),
  /** the contract's nominal annual rate, before fees (the papers' figure); null when the calculator now refuses its terms */
  nominalRate: z.string().nullable(),
  interestMethod: z.enum(INTEREST_METHODS),
  cycleMonths: z.number().int().nullable(),
  cycleDays: z.number().int().nullable(),
  ruleOf78: z.boolean(),
  maxInterest: nullableMoney,
  totalInterest: money,
  loanPurpose: z.string().nullable(),
  payoutMethod: z.string().nullable(),
  referralAgentId: z.number().int().nullable(),
  referralAgentName: z.string().nullable(),
  autopayRefNo: z.string().nullable(),
  autopayBankName: z.string().nullable(),
  autopayAccountName: z.string().nullable(),
  autopayBankCode: z.string().nullable(),
  autopayBranchCode: z.string().nullable(),
  autopayAccountNo: z.string().nullable(),
  remarks: z.string().nullable(),
  submittedAt: z.string().nullable(),
  submittedByName: z.string().nullable(),
  blacklistOverrideReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  partakers: z.array(partakerItemSchema),
  creditReferences: z.array(creditReferenceItemSchema),
  collaterals: z.array(collateralItemSchema),
  /** the affordability assessment as the figures stand now (what the approve dialog shows) */
  affordability: affordabilitySchema,
  documents: z.array(loanDocumentSchema),
  /** the status-table actions of the loan's status (the screens offer those the caller's keys allow) */
  nextActions: z.array(z.enum(LOAN_ACTIONS)),
  /** awaiting approval: why the caller may not approve it (made its terms, above their level's amount), in their language; null when they may */
  approveRefusal: z.string().nullable(),
  approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
  /** every approval decision, oldest first */
  approvals: z.array(approvalItemSchema),
  signedNoteReceivedOn: z.string().nullable(),
  signedNoteReceivedByName: z.string().nullable(),
  /** the s.20 surety pack: null when the loan has no guarantor or is not (or no longer) agreed */
  suretyPack: suretyPackSchema.nullable(),
  payout: payoutItemSchema.nullable(),
  /** the repayment schedule, persisted at payout (empty before) */
  instalments: z.array(instalmentItemSchema),
  /** a reloan: the old loan, and (while this one is not paid out and the old one repaying) its early settlement today */
  reloanOf: reloanOfSchema.nullable(),
  /** the applications that name this loan as the one they refinance, newest first */
  reloans: z.array(reloanLinkSchema),
  updatedAt: z.string(),
});
export type LoanItem = z.infer<typeof loanItemSchema>;

export const loanFiltersSchema = listQueryBase.extend({
  status: z.enum(LOAN_STATUSES).optional(),
  /** spec §4: the statuses of a loan already paid out */
  currentStatus: z.enum(CURRENT_STATUS_FILTER as unknown as [string, ...string[]]).optional(),
  loanType: z.string().trim().max(32).optional(),
  storeId: z.coerce.number().int().positive().optional(),
  staffId: z.coerce.number().int().positive().optional(),
  customerId: z.coerce.number().int().positive().optional(),
  applyDateFrom: isoDate().optional(),
  applyDateTo: isoDate().optional(),
  payoutDateFrom: isoDate().optional(),
  payoutDateTo: isoDate().optional(),
  reloan: z.enum(RELOAN_FILTERS).optional(),
  /** the reloans of one loan (the applications naming it) */
  reloanOfId: z.coerce.number().int().positive().optional(),
  approvalStatus: z.enum(APPROVAL_STATUSES).optional(),
  /** the payout list: approved and awaiting the money, or paid out */
  payoutStatus: z.enum(PAYOUT_STATUSES).optional(),
  /** applyNo, loanNo or the customer's name (contains); an ID number or phone matches exactly, normalised */
  q: z.string().trim().max(64).optional(),
});

/** The papers printed from a loan's data (MLO s.18 and the licensing conditions, compliance.md). */
/** `application-form`: the application form filled from the loan (Tools → application form), printable at any status. */
export const LOAN_PRINTS = ['s18-note', 'mlo-summary', 'terms-explained', 'third-party-declaration', 'affordability-declaration', 'schedule', 'payout-receipt', 'application-form'] as const;
export type LoanPrint = (typeof LOAN_PRINTS)[number];
export const printBodySchema = z.object({
  document: z.enum(LOAN_PRINTS, { message: V.choice }),
  language: z.enum(['zh-TW', 'en'], { message: V.choice }),
});

/**
 * What the application form's selects need that a clerk cannot read from master data
 * (`GET /loans/choices`, for holders of `loan.create` or `loan.edit`): the referral agents in
 * service, by id and their name in the caller's language.
 */
export const LOAN_CHOICES_PATH = '/loans/choices';
export const loanChoicesSchema = z.object({
  referralAgents: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type LoanChoices = z.infer<typeof loanChoicesSchema>;

/** At most this many customers and typed numbers in one check (the people of one application). */
export const LOAN_BLACKLIST_CHECK_MAX = 10;
/**
 * The application form's blacklist check while typing (`POST /loans/blacklistCheck`): the chosen
 * borrower and partakers by customer id (the form only ever sees their numbers masked), and the
 * numbers typed into the form (a collateral owner's ID number) with the name they were typed for.
 */
export const loanBlacklistCheckSchema = z.object({
  customerIds: z.array(id).max(LOAN_BLACKLIST_CHECK_MAX).default([]),
  typed: z
    .array(
      z.object({
        name: z.string().max(128, { message: 'validation.tooLong' }).default(''),
        idNumber: z.string().max(32, { message: 'validation.tooLong' }).optional(),
        phone: z.string().max(32, { message: 'validation.tooLong' }).optional(),
      }),
    )
    .max(LOAN_BLACKLIST_CHECK_MAX)
    .default([]),
});
export type LoanBlacklistCheck = z.infer<typeof loanBlacklistCheckSchema>;
/** The customer fields a hit can be on; `listStatus` is a customer marked black in the register. */
export const LOAN_BLACKLIST_HIT_FIELDS = ['idNumber', 'mobile1', 'mobile2', 'mobile3', 'phone', 'listStatus'] as const;
/** One hit: which person (a customer of the form, or a typed name), which field, its masked value. */
export const loanBlacklistHitSchema = z.object({
  customerId: z.number().int().nullable(),
  name: z.string(),
  field: z.enum(LOAN_BLACKLIST_HIT_FIELDS),
  value: z.string().nullable(),
});
export type LoanBlacklistHit = z.infer<typeof loanBlacklistHitSchema>;
export const loanBlacklistCheckAnswerSchema = z.object({ hits: z.array(loanBlacklistHitSchema) });

export const submitBodySchema = z.object({
  /** a manager's reason to submit despite a blacklist hit (needs `loan.blacklistOverride`) */
  overrideReason: optionalText(500),
});
export const cancelBodySchema = z.object({
  reason: z.string({ message: V.required }).trim().min(1, { message: V.required }).max(500, { message: 'validation.tooLong' }),
});

const fields: ResourceField[] = [
  { name: 'applyNo', kind: 'text', label: 'loans:fields.applyNo', list: true, sortable: true },
  { name: 'loanNo', kind: 'text', label: 'loans:fields.loanNo', list: true, sortable: true },
  { name: 'status', kind: 'enum', label: 'loans:fields.status', list: true, sortable: true, filter: 'enum', options: LOAN_STATUSES, enumName: 'loanStatus' },
  { name: 'applyDate', kind: 'date', label: 'loans:fields.applyDate', list: true, sortable: true, filter: 'dateRange' },
  { name: 'loanAmount', kind: 'money', label: 'loans:fields.loanAmount', list: true, sortable: true },
  { name: 'payoutDate', kind: 'date', label: 'loans:fields.payoutDate', list: true, sortable: true, filter: 'dateRange' },
];

export const LOANS_PATH = '/loans';

export const loanResource = defineResource({
  name: 'loans',
  path: LOANS_PATH,
  title: 'shell:menu.loan.list',
  permissions: { list: 'loan.list', view: 'loan.list', create: 'loan.create', update: 'loan.edit' },
  storeScoped: true,
  fields,
  item: loanItemSchema,
  listItem: loanListItemSchema,
  create: applicationInputSchema,
  update: applicationInputSchema,
  filters: loanFiltersSchema,
  defaultSort: 'id:desc',
  example: {
    customerId: 1,
    loanType: 'private_loan',
    applyDate: '2026-11-02',
    loanDate: '2026-11-02',
    interestStartDate: '2026-11-02',
    loanAmount: '50000',
    totalTenor: 12,
    repayCycle: 'monthly',
    interestMethod: 'amortization',
    flatRate: '1.5',
  },
  actions: {
    submit: {
      permission: 'loan.submit',
      label: 'loans:actions.submit',
      summary: 'Submit a pending application for approval (blacklist hits block it unless overridden)',
      body: submitBodySchema,
      example: {},
      message: 'loans.success.submitted',
      confirm: true,
    },
    approve: {
      permission: 'approval.approve',
      label: 'loans:actions.approve',
      summary: 'Approve within the approver’s limit (maker ≠ checker; the Ordinance’s 48 % and the company’s maximum APR)',
      body: approveBodySchema,
      example: { upfrontInterest: '0', handlingFee: '500' },
      message: 'loans.success.approved',
      confirm: true,
    },
    reject: {
      permission: 'approval.reject',
      label: 'loans:actions.reject',
      summary: 'Reject an application awaiting approval',
      body: decisionReasonSchema,
      example: { remarks: 'Income not proven' },
      message: 'loans.success.rejected',
      confirm: true,
    },
    return: {
      permission: 'approval.return',
      label: 'loans:actions.return',
      summary: 'Send an application back to pending for changes',
      body: decisionReasonSchema,
      example: { remarks: 'Add a guarantor' },
      message: 'loans.success.returned',
      confirm: true,
    },
    undoApproval: {
      permission: 'approval.undo',
      label: 'loans:actions.undoApproval',
      summary: 'Undo an approval before payout; the loan awaits a new decision',
      body: decisionReasonSchema,
      example: { remarks: 'Terms to be revised' },
      message: 'loans.success.approvalUndone',
      confirm: true,
    },
    signedNote: {
      permission: 'payout.signedNote',
      label: 'loans:actions.signedNote',
      summary: 'Mark the signed s.18 note or memorandum as received (payout waits for it)',
      body: signedNoteBodySchema,
      example: { receivedOn: '2026-11-02' },
      message: 'loans.success.signedNote',
    },
    suretyPack: {
      permission: 'payout.signedNote',
      label: 'loans:actions.suretyPack',
      summary: 'Record that each surety was given the copy of the note and the statement (MLO s.20), on a date',
      body: suretyPackBodySchema,
      example: { givenOn: '2026-11-02' },
      message: 'loans.success.suretyPack',
    },
    payout: {
      permission: 'payout.confirm',
      label: 'loans:actions.payout',
      summary: 'Pay out an approved loan: loan number, persisted schedule and the payout journal entry',
      body: payoutBodySchema,
      example: { payoutDate: '2026-11-02', method: 'cash' },
      message: 'loans.success.paidOut',
      confirm: true,
    },
    print: {
      permission: 'loan.print',
      label: 'loans:actions.print',
      summary: 'Record that a document of the loan was printed (audited `print`); answers the loan to print from',
      body: printBodySchema,
      example: { document: 'schedule', language: 'zh-TW' },
    },
    refereeConsent: {
      permission: 'loan.edit',
      label: 'loans:actions.refereeConsent',
      summary: 'Record a referee’s consent to be contacted (date and how); until then the referee’s phones are withheld',
      body: refereeConsentBodySchema,
      example: { partakerId: 1, consentOn: '2026-01-05', method: 'written' },
      message: 'loans.success.refereeConsent',
    },
    statement: {
      permission: 'repayment.statement',
      label: 'statements:issue',
      summary: 'Issue an s.19 statement of account (borrower) or an s.20 statement (surety) on a written request: the request is logged and the statement answered',
      body: statementRequestBodySchema,
      answer: statementSchema,
      message: 'statements.success.issued',
      example: { kind: 's19', requestedOn: '2026-01-05' },
    },
    cancel: {
      permission: 'loan.cancel',
      label: 'loans:actions.cancel',
      summary: 'Client cancel: a loan not yet paid out is cancelled',
      body: cancelBodySchema,
      example: { reason: 'Client withdrew' },
      message: 'loans.success.cancelled',
      confirm: true,
    },
  },
});
