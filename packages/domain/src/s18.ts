/**
 * Money Lenders Ordinance (Cap. 163) s.18 and s.20: the timing of the signed note and of the
 * surety's copy. The reading taken (docs/s18-documents.md):
 * - the date of the agreement is the loan's agreed loan date (`loanDate`);
 * - "within 7 days" counts calendar days after that date: the note may be signed on the agreement
 *   day itself or on any of the 7 days after it (day 7 allowed, day 8 too late); holidays count;
 * - the note cannot be signed before the agreement is made, nor on a day still to come;
 * - "before the money is lent": the payout date cannot be before the note's date (the same day is
 *   allowed — the note is signed, then the money leaves).
 * s.20 gives each surety the copy of the note and the statement within the same 7 days.
 */
import { addDays, compareDates } from './dates.js';

/** Calendar days after the agreement within which the note is signed (s.18) and the surety's copy given (s.20). */
export const S18_NOTE_DAYS = 7;

/** The last day the note may be signed (and the surety pack given): the agreement date + 7 days. */
export const s18LastDay = (agreementDate: string): string => addDays(agreementDate, S18_NOTE_DAYS);

/**
 * Why a signed note's date does not do, or null when it does:
 * - `noteBeforeAgreement`: dated before the agreement (an older agreement's note — sign again);
 * - `noteInFuture`: dated after today;
 * - `noteTooLate` (payout only): signed more than 7 days after the agreement — the note must be
 *   signed again. A note is only ever recorded for a day already come, so by then day 7 has
 *   passed: a re-signed note needs a new agreement date first (see docs/s18-documents.md);
 * - `payoutBeforeNote` (payout only): the money cannot be lent before the note was signed.
 */
export type S18NoteIssue =
  | { code: 'noteBeforeAgreement'; agreementDate: string; noteDate: string }
  | { code: 'noteInFuture'; noteDate: string; today: string }
  | { code: 'noteTooLate'; agreementDate: string; noteDate: string; lastDay: string }
  | { code: 'payoutBeforeNote'; noteDate: string; payoutDate: string };

export interface S18NoteTimingInput {
  /** the date of the agreement: the loan's agreed loan date */
  agreementDate: string;
  /** the date the borrower signed the note */
  noteDate: string;
  /** the business date today */
  today: string;
  /** given when the money is about to be lent: the payout date */
  payoutDate?: string;
}

/**
 * The one rule of the signed note's timing. Recording a note checks its date against the
 * agreement and today; a payout (with `payoutDate`) also checks the 7 days and the payout's date.
 */
export function s18NoteTiming({ agreementDate, noteDate, today, payoutDate }: S18NoteTimingInput): S18NoteIssue | null {
  if (compareDates(noteDate, agreementDate) < 0) return { code: 'noteBeforeAgreement', agreementDate, noteDate };
  if (compareDates(noteDate, today) > 0) return { code: 'noteInFuture', noteDate, today };
  if (payoutDate === undefined) return null;
  const lastDay = s18LastDay(agreementDate);
  if (compareDates(noteDate, lastDay) > 0) return { code: 'noteTooLate', agreementDate, noteDate, lastDay };
  if (compareDates(payoutDate, noteDate) < 0) return { code: 'payoutBeforeNote', noteDate, payoutDate };
  return null;
}

/** The s.20 surety pack of a loan with sureties: due by the last day; overdue when not given by then. */
export interface SuretyPackTask {
  dueBy: string;
  givenOn: string | null;
  /** not given and today is past the due day */
  overdue: boolean;
  /** given, but after the due day */
  givenLate: boolean;
}

export function suretyPackTask(agreementDate: string, givenOn: string | null, today: string): SuretyPackTask {
  const dueBy = s18LastDay(agreementDate);
  return {
    dueBy,
    givenOn,
    overdue: givenOn === null && compareDates(today, dueBy) > 0,
    givenLate: givenOn !== null && compareDates(givenOn, dueBy) > 0,
  };
}
