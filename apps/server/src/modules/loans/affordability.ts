import type { Affordability } from '@harbour/contracts';
import { aboveDtiLimit, affordability, dec, repayCycleOf } from '@harbour/domain';
import { asc, count, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { customers, loanCollaterals, loanCreditReferences } from '../../db/schema/index.js';
import { businessRule } from '../../platform/errors.js';
import { translate } from '../../http/i18n.js';
import type { ServiceContext } from '../../platform/context.js';
import { readSettings } from '../../platform/settings.js';
import type { LoanRow } from '../loan-core/row.js';

/**
 * The affordability assessment (licensing condition 2021, compliance.md: "for unsecured loans to
 * individuals, the lender assesses and records the borrower's ability to repay — income, existing
 * debts and instalments, the new instalment — before lending"). The readings, written in
 * docs/s18-documents.md → Affordability:
 * - unsecured: the application has no collateral (section E, `loan_collaterals`); a guarantor is
 *   not security over property and does not make a loan secured;
 * - an individual: the borrower's customer type is `personal` (a company borrower is not);
 * - monthly income: the borrower's monthly salary in the customer register (employment);
 * - existing monthly instalments: the instalments of section C (credit references), each a
 *   monthly figure; no rows means the borrower declared no other debts, a row without its
 *   instalment is a figure missing;
 * - the new instalment: the loan's computed instalment, made monthly by the domain.
 */
interface Inputs {
  borrower: Pick<typeof customers.$inferSelect, 'type' | 'salary'>;
  creditReferences: readonly { creditName: string; instalmentAmount: string | null }[];
  collateralCount: number;
}

async function inputsOf(tx: DbOrTx, loan: LoanRow): Promise<Inputs> {
  const [[borrower], creditReferences, [collaterals]] = await Promise.all([
    tx.select({ type: customers.type, salary: customers.salary }).from(customers).where(eq(customers.id, loan.customerId)),
    tx
      .select({ creditName: loanCreditReferences.creditName, instalmentAmount: loanCreditReferences.instalmentAmount })
      .from(loanCreditReferences)
      .where(eq(loanCreditReferences.loanId, loan.id))
      .orderBy(asc(loanCreditReferences.id)),
    tx.select({ n: count() }).from(loanCollaterals).where(eq(loanCollaterals.loanId, loan.id)),
  ]);
  return { borrower: borrower!, creditReferences, collateralCount: collaterals?.n ?? 0 };
}

/** The assessment as the figures stand (the loan detail's `affordability`; the approve dialog shows it). */
export async function affordabilityOf(tx: DbOrTx, loan: LoanRow, known?: Inputs): Promise<Affordability> {
  const { borrower, creditReferences, collateralCount } = known ?? (await inputsOf(tx, loan));
  const { dtiReasonAbove } = await readSettings(tx, ['dtiReasonAbove']);
  const income = borrower.salary !== null && dec(borrower.salary).gt(0) ? borrower.salary : null;
  const f = affordability({
    income,
    existingInstalments: creditReferences.map((c) => c.instalmentAmount),
    newInstalment: loan.instalmentAmount,
    cycle: repayCycleOf(loan),
  });
  const secured = collateralCount > 0;
  const individual = borrower.type === 'personal';
  const limit = dtiReasonAbove.trim() === '' ? null : dtiReasonAbove;
  return {
    required: !secured && individual,
    secured,
    individual,
    income,
    existing: f.existing,
    newInstalment: f.newInstalment,
    newMonthly: f.newMonthly,
    total: f.total,
    ratio: f.ratio,
    limit,
    aboveLimit: aboveDtiLimit(f.ratio, limit),
    missing: [
      ...(income === null ? [{ figure: 'income' as const, name: null }] : []),
      ...creditReferences.filter((c) => c.instalmentAmount === null).map((c) => ({ figure: 'existingInstalment' as const, name: c.creditName })),
    ],
  };
}

/** What an approval row keeps of the assessment (all null when none is required). */
export interface AffordabilityRecord {
  monthlyIncome: string | null;
  existingInstalments: string | null;
  newMonthlyInstalment: string | null;
  dtiRatio: string | null;
  dtiLimit: string | null;
  affordabilityReason: string | null;
}

/**
 * The approval's affordability rule. For an unsecured loan to an individual the figures must be
 * recorded (422 naming each one missing), and a debt-to-income ratio above the company's limit
 * (System → default settings, `dtiReasonAbove`) needs the approver's reason (422 with the ratio
 * and the limit). Answers what the approval row and its audit row keep; the reason is kept only
 * when the ratio is above the limit, where it is the approver's justification.
 */
export async function assessAffordability(tx: Tx, ctx: ServiceContext, loan: LoanRow, reason: string | null | undefined): Promise<AffordabilityRecord> {
  const a = await affordabilityOf(tx, loan);
  if (!a.required) return { monthlyIncome: null, existingInstalments: null, newMonthlyInstalment: null, dtiRatio: null, dtiLimit: null, affordabilityReason: null };
  if (a.missing.length > 0) {
    const names = a.missing.map((m) => translate(ctx.lang, `loans.affordability.missing.${m.figure}`, { name: m.name ?? '' }));
    throw businessRule('loans.errors.affordabilityMissing', { missing: names.join(translate(ctx.lang, 'loans.affordability.missing.separator')) });
  }
  const why = reason?.trim() || null;
  if (a.aboveLimit && !why) throw businessRule('loans.errors.dtiAboveLimit', { ratio: a.ratio!, limit: a.limit! });
  return {
    monthlyIncome: a.income,
    existingInstalments: a.existing,
    newMonthlyInstalment: a.newMonthly,
    dtiRatio: a.ratio,
    dtiLimit: a.limit,
    affordabilityReason: a.aboveLimit ? why : null,
  };
}
