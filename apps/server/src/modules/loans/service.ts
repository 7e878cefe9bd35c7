import { loanResource, mayPrint, type ApproveBody } from '@harbour/contracts';
import { type LoanStatus, formatRate, percentToFraction } from '@harbour/domain';
import { businessRule } from '../../platform/errors.js';
import type { ServiceContext } from '../../platform/context.js';
import { audit } from '../../platform/audit.js';
import { recordLoanMaker } from '../../platform/makers.js';
import type { ResourceService } from '../../platform/resource-service.js';
import { changeStatus } from '../../platform/status-change.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { getLoan } from './read.js';
import { guardLoanSearch, listLoans } from '../loan-core/read.js';
import { loanRow } from '../loan-core/row.js';
import { createApplication, updateApplication } from './write.js';
import { approve, decide, undoApproval } from './approval.js';
import { loanStatusSpec } from '../loan-core/status.js';
import { markSignedNote, payOut, payoutQuote } from './payout.js';
import { approvalQuote } from './payout-rate.js';
import { markSuretyPack } from './surety-pack.js';
import { summaryInForce } from '../company/prescribed-summary.js';
import { checkBlacklist } from './blacklist-check.js';
import { recordRefereeConsent } from './referees.js';
import { issueStatement } from '../statements/service.js';

export const loanService: ResourceService<typeof loanResource> = {
  list: async (ctx, query) => {
    await guardLoanSearch(ctx, 'GET /loans', query.q);
    return withReadTx(ctx, (tx) => listLoans(tx, ctx, query));
  },
  get: (ctx, id) => withReadTx(ctx, (tx) => getLoan(tx, ctx, id)),
  create: (ctx, input) =>
    withTx(ctx, async (tx) => {
      const id = await createApplication(tx, ctx, input);
      await recordLoanMaker(tx, ctx, await loanRow(tx, ctx, id), 'create');
      return getLoan(tx, ctx, id);
    }),
  update: (ctx, id, input) =>
    withTx(ctx, async (tx) => {
      const loan = await loanRow(tx, ctx, id, { lock: true });
      await updateApplication(tx, ctx, loan, input);
      await recordLoanMaker(tx, ctx, loan, 'edit');
      return getLoan(tx, ctx, id);
    }),
  actions: {
    /**
     * pending → wait_approve. Refused when the rate is unlawful under the Ordinance (above 48% a
     * year) or when the borrower or a partaker is blacklisted, unless a manager holding
     * `loan.blacklistOverride` gives a reason (kept on the loan and in the audit row).
     */
    submit: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        const loan = await loanRow(tx, ctx, id, { lock: true });
        if (loan.status === 'pending' && loan.mloStatus === 'illegal') throw businessRule('loans.errors.illegalRate', { rate: formatRate(percentToFraction(loan.mloRate)) });
        const checked = loan.status === 'pending' ? await checkBlacklist(tx, ctx, loan, body.overrideReason) : null;
        const override = checked?.blacklistOverride ?? null;
        const by = ctx.auth?.staffId ?? null;
        await recordLoanMaker(tx, ctx, loan, 'submit');
        await changeStatus(tx, ctx, loanStatusSpec, id, 'submit', {
          set: {
            submittedAt: new Date(),
            submittedBy: by,
            ...(override ? { blacklistOverrideReason: override, blacklistOverrideBy: by } : {}),
          },
          audit: { applyNo: loan.applyNo, ...checked },
        });
        return getLoan(tx, ctx, id);
      }),
    approve: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        await approve(tx, ctx, await loanRow(tx, ctx, id, { lock: true }), body);
        return getLoan(tx, ctx, id);
      }),
    reject: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        await decide(tx, ctx, await loanRow(tx, ctx, id, { lock: true }), 'reject', body.remarks);
        return getLoan(tx, ctx, id);
      }),
    return: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        await decide(tx, ctx, await loanRow(tx, ctx, id, { lock: true }), 'return', body.remarks);
        return getLoan(tx, ctx, id);
      }),
    undoApproval: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        await undoApproval(tx, ctx, await loanRow(tx, ctx, id, { lock: true }), body.remarks);
        return getLoan(tx, ctx, id);
      }),
    signedNote: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        await markSignedNote(tx, ctx, await loanRow(tx, ctx, id, { lock: true }), body.receivedOn);
        return getLoan(tx, ctx, id);
      }),
    suretyPack: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        await markSuretyPack(tx, ctx, await loanRow(tx, ctx, id, { lock: true }), body.givenOn);
        return getLoan(tx, ctx, id);
      }),
    payout: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        await payOut(tx, ctx, await loanRow(tx, ctx, id, { lock: true }), body);
        return getLoan(tx, ctx, id);
      }),
    /**
     * A print of one of the loan's papers, audited (`print`). The s.18 note and the papers signed
     * with it exist once the application is approved; the payout receipt once it is paid out; the
     * schedule and the filled application form at any time. A print of the prescribed summary
     * keeps which version it printed (the one in force on the agreement date; null: Harbour's own
     * summary, not the official text).
     */
    print: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        const loan = await loanRow(tx, ctx, id);
        if (!mayPrint({ status: loan.status as LoanStatus, payoutDate: loan.payoutDate }, body.document)) {
          throw businessRule('loans.errors.notPrintable', { status: loan.status });
        }
        const summary = body.document === 'mlo-summary' ? await summaryInForce(tx, loan.loanDate) : undefined;
        const summaryVersion = summary === undefined ? {} : { summaryVersion: summary && { id: summary.id, version: summary.version, effectiveFrom: summary.effectiveFrom } };
        await audit(tx, { action: 'print', module: 'loans', reference: loan.id, after: { applyNo: loan.applyNo, loanNo: loan.loanNo, ...body, ...summaryVersion }, recordStores: [loan.storeId] });
        return getLoan(tx, ctx, id);
      }),
    /** A referee's consent to be contacted (`referees.ts`); at any status. */
    refereeConsent: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        await recordRefereeConsent(tx, ctx, await loanRow(tx, ctx, id, { lock: true }), body);
        return getLoan(tx, ctx, id);
      }),
    /** MLO s.19 / s.20: a written request logged and its statement answered (`modules/statements`). */
    statement: (ctx, id, body) => withTx(ctx, (tx) => issueStatement(tx, ctx, id, body)),
    /** Client cancel before payout, with the client's reason. */
    cancel: (ctx, id, body) =>
      withTx(ctx, async (tx) => {
        const loan = await loanRow(tx, ctx, id, { lock: true });
        await changeStatus(tx, ctx, loanStatusSpec, id, 'cancel', { set: { cancelReason: body.reason }, audit: { applyNo: loan.applyNo, reason: body.reason } });
        return getLoan(tx, ctx, id);
      }),
  },
};

/** The effective annual rate an approval with these deductions gives, and its refusal if any (`GET /loans/{id}/approvalQuote`). */
export const quoteApproval = (ctx: ServiceContext, id: number, deductions: Pick<ApproveBody, 'upfrontInterest' | 'handlingFee'>) =>
  withReadTx(ctx, async (tx) => approvalQuote(tx, ctx, await loanRow(tx, ctx, id), deductions));

/** What a payout on a date would deduct and pay (`GET /loans/{id}/payoutQuote`). */
export const quotePayout = (ctx: ServiceContext, id: number, payoutDate: string) =>
  withReadTx(ctx, async (tx) => payoutQuote(tx, ctx, await loanRow(tx, ctx, id), payoutDate));
