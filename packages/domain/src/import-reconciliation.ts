/**
 * The reconciliation of an imported loan (docs/import.md): the previous system's figures on the
 * cut-over date beside the ones Harbour computes from what it wrote, and where they differ. The
 * document a lender signs off before going live.
 */
import { ZERO, type DecimalInput, dec, sum } from './decimal.js';
import { accrueOverdue } from './overdue.js';
import { type RepaymentState, totalUnpaidPrincipal } from './repayment-state.js';
import { type SettingsInput } from './settings.js';

/** The figures both sides can state: what was paid by the cut-over date and what is left of the principal. */
export const RECONCILED_FIGURES = ['principalPaid', 'interestPaid', 'overduePaid', 'outstandingPrincipal'] as const;
export type ReconciledFigure = (typeof RECONCILED_FIGURES)[number];

export interface ReconciliationFigures {
  /** the cut-over date the figures are taken on */
  asOf: string;
  /** the previous system's figures (its opening position); null when the file gave its receipts only */
  file: Record<ReconciledFigure, string> | null;
  /** Harbour's, from the receipts it wrote, and its due state on the cut-over date */
  harbour: Record<ReconciledFigure, string> & {
    /** money received and not applied, held for the borrower */
    tempHeld: string;
    /** principal and interest of the instalments overdue on the cut-over date */
    overdueAmount: string;
    /** overdue interest and fees owed on the cut-over date */
    overdueCharges: string;
    /** the oldest overdue instalment's days overdue (0: none) */
    daysOverdue: number;
  };
  /** the figures on which the two differ */
  differences: ReconciledFigure[];
}

const money = (d: DecimalInput) => dec(d).toFixed(2);

/** Harbour's figures of `state` on `asOf` beside the previous system's `file` figures. */
export function reconciliationFigures(
  state: RepaymentState,
  file: Record<ReconciledFigure, DecimalInput> | null,
  asOf: string,
  settings: SettingsInput = {},
  holidays: Iterable<string> = [],
): ReconciliationFigures {
  const due = accrueOverdue(state, asOf, settings, holidays);
  const overdueLines = due.lines.filter((l) => l.days > 0);
  const harbour = {
    principalPaid: money(sum(state.instalments.map((i) => i.paidPrincipal))),
    interestPaid: money(sum(state.instalments.map((i) => i.paidInterest))),
    overduePaid: money(sum(state.instalments.map((i) => i.overdueInterestPaid.plus(i.feePaid)))),
    outstandingPrincipal: money(totalUnpaidPrincipal(state)),
    tempHeld: money(state.tempAmount),
    overdueAmount: money(sum(overdueLines.map((l) => l.overdueAmount))),
    overdueCharges: money(due.lines.reduce((s, l) => s.plus(l.overdueInterest).plus(l.fee), ZERO)),
    daysOverdue: overdueLines.reduce((m, l) => Math.max(m, l.days), 0),
  };
  const fileText = file === null ? null : (Object.fromEntries(RECONCILED_FIGURES.map((k) => [k, money(file[k])])) as Record<ReconciledFigure, string>);
  const differences = fileText === null ? [] : RECONCILED_FIGURES.filter((k) => !dec(fileText[k]).eq(dec(harbour[k])));
  return { asOf, file: fileText, harbour, differences };
}

/** Figures Harbour alone states, summed in the totals beside the reconciled ones. */
export const HARBOUR_ONLY_FIGURES = ['tempHeld', 'overdueAmount', 'overdueCharges'] as const;

/** The totals of a set of loans' reconciliations: each side's figures summed over the loans that state them. */
export function importReconciliationTotals(loans: readonly Pick<ReconciliationFigures, 'file' | 'harbour' | 'differences'>[]) {
  const total = (pick: (l: (typeof loans)[number]) => string | undefined) => money(sum(loans.map((l) => dec(pick(l) ?? '0'))));
  return {
    loans: loans.length,
    differing: loans.filter((l) => l.differences.length > 0).length,
    file: Object.fromEntries(RECONCILED_FIGURES.map((k) => [k, total((l) => l.file?.[k])])) as Record<ReconciledFigure, string>,
    harbour: Object.fromEntries([...RECONCILED_FIGURES, ...HARBOUR_ONLY_FIGURES].map((k) => [k, total((l) => l.harbour[k])])) as Record<ReconciledFigure | (typeof HARBOUR_ONLY_FIGURES)[number], string>,
  };
}
