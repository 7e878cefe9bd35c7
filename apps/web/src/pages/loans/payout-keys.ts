import type { KeyboardEvent } from 'react';

/** The fields a payout form is typed through, in screen order (radios and hidden inputs are not typed in). */
const FIELDS = 'input:not([type=radio]):not([type=hidden]):not([type=checkbox]):not([disabled]), textarea:not([disabled])';

/** Focuses the first field of `box` to type in: the payout form opens ready for the keyboard. */
export function focusFirstField(box: HTMLElement | null) {
  box?.querySelector<HTMLElement>(FIELDS)?.focus();
}

/**
 * The payout form's keys, as at the repayment counter: Ctrl+Enter (⌘+Enter) asks to post, a plain
 * Enter moves to the next field (the quote beside it follows the fields live), from the last one
 * to `last` (the confirm button). Enter never submits the form by itself: a payout is posted only
 * after its confirmation. A line break in a text area stays a line break.
 */
export function payoutKeyDown(e: KeyboardEvent<HTMLElement>, post: () => void, last: () => HTMLElement | null) {
  if (e.key !== 'Enter') return;
  if (e.ctrlKey || e.metaKey) {
    e.preventDefault();
    e.stopPropagation();
    post();
    return;
  }
  const target = e.target as HTMLElement;
  if (target.tagName === 'TEXTAREA' || e.nativeEvent.isComposing) return;
  e.preventDefault();
  const fields = [...e.currentTarget.querySelectorAll<HTMLElement>(FIELDS)];
  const next = fields.find((f) => target.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING) ?? last();
  // after the date picker has taken the typed date on this Enter
  setTimeout(() => next?.focus(), 0);
}
