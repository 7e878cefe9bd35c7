import { PAPER_LANGUAGES, PAPER_NAMES, PAPER_ORDER, type LoanPapers, type LoanPrint, type PaperLanguage, type PaperName } from '@harbour/contracts';
import { affordability, amountInChineseWords, repayCycleOf, amountInEnglishWords, dec, isDecimalString, sumMoney, type AffordabilityFigures } from '@harbour/domain';
import { moneyDisplay } from '../../../components/format.js';
import { paperLanguageOf } from '../../../components/LenderHeader';

export { lenderIn, paperLanguageOf } from '../../../components/LenderHeader';

/** What the page's `paper` parameter may name: one paper or all of those the loan has. */
export type PaperChoice = PaperName | 'all';

export const isPaperChoice = (v: string | null): v is PaperChoice => v === 'all' || (v !== null && Object.hasOwn(PAPER_NAMES, v));

/** The web cache's key of a loan's papers (`GET /loans/{id}/papers`): every action that changes the loan's status refreshes it. */
export const loanPapersKey = (loanId: number) => ['loan-papers', loanId] as const;

/** The papers a choice prints, in order, of those the loan has now. */
export function papersToPrint(choice: PaperChoice, available: readonly LoanPrint[]): PaperName[] {
  const names = choice === 'all' ? PAPER_ORDER : [choice];
  return names.filter((n) => available.includes(PAPER_NAMES[n]));
}

/** An amount as papers print it: thousands separators, two places ("50,000.00"); blank stays blank. */
export function paperMoney(v: string | null | undefined): string {
  if (v === null || v === undefined || !isDecimalString(v.trim())) return '';
  return moneyDisplay(v);
}

/** A rate in percent to two places ("16.2552" → "16.26"). */
export const paperRate = (v: string | null | undefined): string => (v === null || v === undefined || !isDecimalString(v) ? '' : dec(v).toFixed(2));

/** The amount in words in the paper's language (s.18(2)(d): in words and in figures). */
export const amountInWords = (amount: string, lang: PaperLanguage): string => (lang === 'en' ? amountInEnglishWords(amount) : amountInChineseWords(amount));

/** A name in the paper's language when both are known ("陳志明 (CHAN Chi Ming)"). */
export const personName = (p: { name: string; englishName: string | null }): string => (p.englishName && p.englishName !== p.name ? `${p.name} (${p.englishName})` : p.name);

/** Where the agreement is negotiated and completed: the approval's place, else the branch's address. */
export function placeOfNegotiation(papers: Pick<LoanPapers, 'approval' | 'store'>, lang: PaperLanguage): string {
  const branch = lang === 'en' ? papers.store.nameEn : papers.store.nameZh;
  return papers.approval?.placeOfNegotiation || [branch, papers.store.address].filter(Boolean).join(lang === 'en' ? ', ' : '，');
}

export type Affordability = AffordabilityFigures;

/** The figures of the affordability declaration (the rule is the domain's `affordability`). */
export function affordabilityOf(papers: Pick<LoanPapers, 'borrower' | 'creditReferences' | 'loan'>): Affordability {
  return affordability({
    income: papers.borrower.salary,
    existingInstalments: papers.creditReferences.map((c) => c.instalmentAmount),
    newInstalment: papers.loan.instalmentAmount,
    cycle: repayCycleOf(papers.loan),
  });
}

/** The totals of a schedule's columns. */
export function scheduleTotals(rows: LoanPapers['schedule']['rows']): { principal: string; interest: string; instalment: string } {
  const sum = (k: 'principal' | 'interest' | 'instalment') => sumMoney(rows.map((r) => r[k]));
  return { principal: sum('principal'), interest: sum('interest'), instalment: sum('instalment') };
}

/** A static text (the Ordinance's summary) as headings and paragraphs: blank lines part them, "# " starts a heading. */
export function textBlocks(text: string): { heading: boolean; text: string }[] {
  return text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((b) => (b.startsWith('# ') ? { heading: true, text: b.slice(2).trim() } : { heading: false, text: b.replace(/\s*\n\s*/g, ' ') }));
}

/** A page's `lang` parameter when it names a paper language, else the paper language of the UI's. */
export const paperLanguageParam = (param: string | null, uiLanguage: string): PaperLanguage =>
  (PAPER_LANGUAGES as readonly string[]).includes(param ?? '') ? (param as PaperLanguage) : paperLanguageOf(uiLanguage);
