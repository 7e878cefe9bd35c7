/**
 * The Ordinance's cap (and the company's maximum APR) on a payout's REAL figures, and on the worst
 * case an approval allows. The domain decides (`payoutDecision`, `approvalWorstCase` of
 * `@harbour/domain`: re-based schedule, what the borrower really receives, the rate of those cash
 * flows); this file reads the settings the domain needs and turns its answer into the step's
 * refusal through the one rate guard (`assertLawfulRate`), with a message naming what pushed the
 * rate over: the deductions, or the late drawdown fee of a payout after the agreed date.
 */
import {
  type ApprovalDeductions,
  type PayoutCashFlows,
  type PayoutDecision,
  TermsValidationError,
  addDays,
  approvalWorstCase,
  dec,
  formatMoney,
  isDomainError,
  payoutDecision,
  storedRate,
} from '@harbour/domain';
import type { ApprovalQuote, ApproveBody } from '@harbour/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { loanApprovals } from '../../db/schema/index.js';
import { AppError, badRequest, businessRule } from '../../platform/errors.js';
import { assertLawfulRate, type LawfulRate } from '../../platform/lawful-rate.js';
import { translate } from '../../http/i18n.js';
import type { ServiceContext } from '../../platform/context.js';
import type { ApprovalCheckInput, ApprovalRateCheck } from './approval-check.js';
import { payoutEngine, type PayoutEngine } from './payout-engine.js';
import { termsOf } from '../loan-core/terms.js';
import type { LoanRow } from '../loan-core/row.js';

type ApprovalRow = typeof loanApprovals.$inferSelect;

/** The domain's answer; terms it cannot build a schedule from are the caller's input (400), as the calculator says. */
function domainAnswer<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof TermsValidationError || (e instanceof RangeError && !isDomainError(e))) throw badRequest('tools.calculatorFailed');
    throw e;
  }
}

function decisionOf(engine: PayoutEngine, loan: LoanRow, deductions: ApprovalDeductions, payoutDate: string, settlesOldLoan?: string | null): PayoutDecision {
  return domainAnswer(() =>
    payoutDecision({
      terms: termsOf(loan, '0'),
      agreedDate: loan.loanDate,
      deductions,
      payoutDate,
      rule: engine.rule,
      settings: engine.settings,
      holidays: engine.holidays,
      settlesOldLoan,
    }),
  );
}

export interface CheckedPayout extends PayoutCashFlows {
  lawful: LawfulRate;
}

const deductionsOf = (a: ApprovalRow): ApprovalDeductions => ({ upfrontInterest: a.upfrontInterest, handlingFee: a.handlingFee, lateDrawdownFee: a.lateDrawdownFee });

/**
 * A payout on `payoutDate` as it would really be: refused when later after the agreed date than the
 * company's `refuse` policy allows (the loan must be approved again on a new loan date), else its
 * re-based schedule and real cash flows, refused above the cap or the company maximum (unless
 * confirmed where the settings ask to).
 */
export async function checkedPayout(
  tx: DbOrTx,
  loan: LoanRow,
  approval: ApprovalRow,
  payoutDate: string,
  opts: { settlesOldLoan?: string | null; confirmExcess?: boolean | undefined } = {},
): Promise<CheckedPayout> {
  const engine = await payoutEngine(tx);
  const d = decisionOf(engine, loan, deductionsOf(approval), payoutDate, opts.settlesOldLoan);
  if (!('flows' in d)) {
    throw businessRule('loans.errors.latePayoutRefused', { payoutDate, agreedDate: loan.loanDate, days: d.lateDays, limit: d.refuseAfterDays });
  }
  const feeCharged = dec(d.figures.lateDrawdownFee).gt(0);
  const params = { payoutDate, agreedDate: loan.loanDate, days: d.dates.lateDays, fee: formatMoney(d.figures.lateDrawdownFee, { grouped: true }), received: formatMoney(d.flows.received, { grouped: true }) };
  const lawful = await assertLawfulRate(
    tx,
    d.rate,
    feeCharged
      ? { illegal: 'loans.errors.payoutLateFeeIllegalRate', aboveMaxApr: 'loans.errors.payoutLateFeeAboveMaxApr', confirmMaxApr: 'loans.errors.payoutLateFeeConfirmMaxApr', params, confirmExcess: opts.confirmExcess }
      : { illegal: 'loans.errors.payoutIllegalRate', aboveMaxApr: 'loans.errors.payoutAboveMaxApr', confirmMaxApr: 'loans.errors.payoutConfirmMaxApr', params, confirmExcess: opts.confirmExcess },
  );
  return { ...d, lawful };
}

export interface PayoutRateQuote {
  lateDays: number;
  interestStartDate: string | null;
  firstDueDate: string | null;
  mloRate: string | null;
  mloStatus: PayoutCashFlows['status'] | null;
  refusal: { message: string; needsConfirmation: boolean } | null;
}

const rateFigures = (d: PayoutCashFlows, refusal: PayoutRateQuote['refusal']): PayoutRateQuote => ({
  lateDays: d.dates.lateDays,
  interestStartDate: d.dates.interestStartDate,
  firstDueDate: d.schedule.schedule[0]?.dueDate ?? null,
  mloRate: storedRate(d.rate),
  mloStatus: d.status,
  refusal,
});

/**
 * What the payout quote shows about the rate: the re-based dates and the rate of the real cash
 * flows, and why the payout would not go ahead (or what must be confirmed) in the caller's language.
 */
export async function payoutRateQuote(tx: DbOrTx, ctx: ServiceContext, loan: LoanRow, approval: ApprovalRow, payoutDate: string, settlesOldLoan: string | null): Promise<PayoutRateQuote> {
  try {
    return rateFigures(await checkedPayout(tx, loan, approval, payoutDate, { settlesOldLoan }), null);
  } catch (e) {
    if (!(e instanceof AppError) || e.httpStatus !== 422) throw e;
    const refusal = { message: translate(ctx.lang, e.code, e.params), needsConfirmation: CONFIRM_CODES.has(e.code) };
    const d = decisionOf(await payoutEngine(tx), loan, deductionsOf(approval), payoutDate, settlesOldLoan);
    if (!('flows' in d)) return { lateDays: d.lateDays, interestStartDate: null, firstDueDate: null, mloRate: null, mloStatus: null, refusal };
    return rateFigures(d, refusal);
  }
}

/** The refusals a user may overrule by confirming (the company maximum's prompt-and-confirm). */
const CONFIRM_CODES: ReadonlySet<string> = new Set(['loans.errors.payoutConfirmMaxApr', 'loans.errors.payoutLateFeeConfirmMaxApr']);

/** What the worst cases of an approval depend on: the loan, its deductions and fees (and the confirmation), the engine. */
type WorstCaseInput = Omit<ApprovalCheckInput, 'body'> & { body: Pick<ApproveBody, 'upfrontInterest' | 'handlingFee' | 'lateDrawdownFee' | 'confirmExcess'> };

/** Every way an approval's charges can fall on the borrower (`approvalWorstCase`), late drawdown fee included. */
const worstCaseOf = ({ loan, body, engine }: WorstCaseInput) =>
  domainAnswer(() =>
    approvalWorstCase({
      terms: termsOf(loan, '0'),
      agreedDate: loan.loanDate,
      deductions: { upfrontInterest: body.upfrontInterest, handlingFee: body.handlingFee, lateDrawdownFee: body.lateDrawdownFee },
      rule: engine.rule,
      settings: engine.settings,
      holidays: engine.holidays,
    }),
  );

/**
 * The approval's worst case with a late payout: the late drawdown fee kept back on the schedule
 * re-based on the payout date (`approvalWorstCase`). Refused above the cap (naming the fee), or
 * above the company maximum by its excess action.
 */
export const lateDrawdownWorstCase: ApprovalRateCheck = async (tx, input) => {
  const worst = worstCaseOf(input);
  if (!worst.late) return { lateDrawdownWorstRate: null, lateDrawdownExcessConfirmed: null };
  const lawful = await assertLawfulRate(tx, worst.late.rate, {
    illegal: 'loans.errors.approvalLateFeeIllegalRate',
    aboveMaxApr: 'loans.errors.approvalLateFeeAboveMaxApr',
    confirmMaxApr: 'loans.errors.approvalLateFeeConfirmMaxApr',
    params: { agreedDate: input.loan.loanDate, fee: formatMoney(input.body.lateDrawdownFee ?? '0', { grouped: true }) },
    confirmExcess: input.body.confirmExcess,
  });
  return { lateDrawdownWorstRate: lawful.stored, lateDrawdownExcessConfirmed: lawful.excessConfirmed ? 'yes' : null };
};

/**
 * The approval's worst case without a late drawdown fee, when the interest starts after the agreed
 * loan date: a payout on the interest start (or the last day before it the late payout rule allows)
 * leaves the schedule where it is, so the borrower has the money for fewer days and the rate is higher than on time (`approvalWorstCase`'s `worst`). Refused
 * above the cap, or above the company maximum by its excess action, naming the payout date — the
 * same loan would otherwise be approved and refused at that payout.
 */
export const delayedPayoutWorstCase = async (tx: DbOrTx, input: WorstCaseInput): ReturnType<ApprovalRateCheck> => {
  const worst = worstCaseOf(input);
  if (worst.late || worst.worst === worst.onTime) return { delayedPayoutWorstRate: null, delayedPayoutExcessConfirmed: null };
  const { dates } = worst.worst;
  const lawful = await assertLawfulRate(tx, worst.worst.rate, {
    illegal: 'loans.errors.approvalDelayedPayoutIllegalRate',
    aboveMaxApr: 'loans.errors.approvalDelayedPayoutAboveMaxApr',
    confirmMaxApr: 'loans.errors.approvalDelayedPayoutConfirmMaxApr',
    params: { payoutDate: addDays(input.loan.loanDate, dates.lateDays), agreedDate: input.loan.loanDate, days: dates.lateDays, interestStartDate: dates.interestStartDate },
    confirmExcess: input.body.confirmExcess,
  });
  return { delayedPayoutWorstRate: lawful.stored, delayedPayoutExcessConfirmed: lawful.excessConfirmed ? 'yes' : null };
};

/**
 * The approval's own figures: the on-time payout (up-front interest and handling fee kept back,
 * paid on the agreed date), refused above the cap naming the deductions. Its rate is what the loan
 * stores at approval.
 */
/**
 * The approve dialog's live figure (`GET /loans/{id}/approvalQuote`): the effective annual rate
 * (s.24, fees included) of an on-time payout with the up-front interest and handling fee the
 * approver is typing, and — in the caller's language — why the approval would be refused on it
 * (above 48%, or above the company's maximum APR when that refuses outright, on time or paid out on
 * a later interest start); a rate the company lets the approver confirm is not a refusal here. The same computation `approvalOnTime` checks.
 */
export async function approvalQuote(tx: DbOrTx, ctx: ServiceContext, loan: LoanRow, deductions: Pick<ApproveBody, 'upfrontInterest' | 'handlingFee'>): Promise<ApprovalQuote> {
  const input = { loan, body: { ...deductions, confirmExcess: true }, engine: await payoutEngine(tx) };
  try {
    const rate = storedRate((await approvalOnTime(tx, input)).rate);
    // The same deductions paid out on a later interest start (no late drawdown fee typed yet).
    await delayedPayoutWorstCase(tx, input);
    return { rate, refusal: null };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { rate: storedRate(onTimeOf(input).rate), refusal: translate(ctx.lang, err.code, err.params) };
  }
}

/** What the on-time rate of an approval depends on: the loan, the deductions (and the confirmation), the engine. */
type OnTimeInput = Omit<ApprovalCheckInput, 'body'> & { body: Pick<ApproveBody, 'upfrontInterest' | 'handlingFee' | 'confirmExcess'> };

/** The on-time payout of an approval: the up-front interest and handling fee kept back on the agreed date. */
const onTimeOf = ({ loan, body, engine }: OnTimeInput) =>
  domainAnswer(() =>
    approvalWorstCase({
      terms: termsOf(loan, '0'),
      agreedDate: loan.loanDate,
      deductions: { upfrontInterest: body.upfrontInterest, handlingFee: body.handlingFee },
      rule: engine.rule,
      settings: engine.settings,
      holidays: engine.holidays,
    }),
  ).onTime;

export async function approvalOnTime(tx: DbOrTx, { loan, body, engine }: OnTimeInput): Promise<CheckedPayout> {
  const onTime = onTimeOf({ loan, body, engine });
  const lawful = await assertLawfulRate(tx, onTime.rate, {
    illegal: 'loans.errors.approvalIllegalRate',
    params: { upfront: formatMoney(body.upfrontInterest ?? '0', { grouped: true }), handling: formatMoney(body.handlingFee ?? '0', { grouped: true }) },
    confirmExcess: body.confirmExcess,
  });
  return { ...onTime, lawful };
}
