import { z } from 'zod';
import { isoDate } from './calculator.js';

/**
 * Master data → company information → prescribed summary: the lender's own entry of the summary
 * of the Money Lenders Ordinance prescribed by Cap. 163A Schedule 3, in English and Chinese, as
 * versions with an effective date. Harbour never ships the statutory text itself. Versions are
 * append-only (a new one supersedes; none is edited or deleted). The loan papers print the version
 * in force on the loan's agreement date (docs/s18-documents.md).
 *
 * `GET /companyInfo/prescribedSummaries` (any signed-in staff), `POST` the same path
 * (`masterdata.company.summary`).
 */
export const PRESCRIBED_SUMMARIES_PATH = '/companyInfo/prescribedSummaries';
export const PRESCRIBED_SUMMARY_PERMISSION = 'masterdata.company.summary' as const;
/** Each language's text at most this many characters (the official summary is a few pages). */
export const PRESCRIBED_SUMMARY_MAX_CHARS = 50_000;

/**
 * A text of the summary: trimmed, not empty, line ends normalised; blank lines part paragraphs and
 * a line starting with "# " is a heading.
 */
const summaryText = z
  .string({ message: 'company.summary.textRequired' })
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, { message: 'company.summary.textRequired' })
      .max(PRESCRIBED_SUMMARY_MAX_CHARS, { message: 'validation.tooLong' }),
  );

export const prescribedSummaryCreateSchema = z
  .object({
    effectiveFrom: isoDate(),
    textEn: summaryText,
    textZh: summaryText,
  })
  .strict();
export type PrescribedSummaryInput = z.input<typeof prescribedSummaryCreateSchema>;

export const prescribedSummarySchema = z.object({
  id: z.number().int(),
  /** 1, 2, 3… in the order entered */
  version: z.number().int(),
  effectiveFrom: z.string(),
  textEn: z.string(),
  textZh: z.string(),
  /** who entered it, and when (set by the server) */
  enteredByName: z.string().nullable(),
  enteredAt: z.string(),
});
export type PrescribedSummary = z.infer<typeof prescribedSummarySchema>;

/** Every version, newest first (by effective date, then version). */
export const prescribedSummaryListSchema = z.array(prescribedSummarySchema);

/**
 * The one rule of which version a loan prints: the latest effective on or before its agreement
 * date (`loanDate`); of two effective the same day, the one entered later (the higher version).
 * Null when none is in force yet (the papers then print Harbour's own summary, marked so).
 */
export function prescribedSummaryInForce<T extends { version: number; effectiveFrom: string }>(versions: readonly T[], agreementDate: string): T | null {
  let best: T | null = null;
  for (const v of versions) {
    if (v.effectiveFrom > agreementDate) continue;
    if (!best || v.effectiveFrom > best.effectiveFrom || (v.effectiveFrom === best.effectiveFrom && v.version > best.version)) best = v;
  }
  return best;
}
