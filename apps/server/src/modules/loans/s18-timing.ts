/**
 * MLO s.18 timing of the signed note (`s18NoteTiming` of the domain is the rule): the refusal of
 * each issue, in the caller's language, with the dates it names.
 */
import { s18NoteTiming, type S18NoteIssue, type S18NoteTimingInput } from '@harbour/domain';
import { businessRule } from '../../platform/errors.js';

const MESSAGES: Record<S18NoteIssue['code'], string> = {
  noteBeforeAgreement: 'loans.errors.signedNoteBeforeAgreement',
  noteInFuture: 'loans.errors.signedNoteInFuture',
  noteTooLate: 'loans.errors.signedNoteTooLate',
  payoutBeforeNote: 'loans.errors.payoutBeforeSignedNote',
};

/** Throws the 422 of the note's timing issue, if any (with `payoutDate`: the payout's checks too). */
export function assertS18NoteTiming(input: S18NoteTimingInput): void {
  const issue = s18NoteTiming(input);
  if (!issue) return;
  const { code, ...params } = issue;
  throw businessRule(MESSAGES[code], params);
}
