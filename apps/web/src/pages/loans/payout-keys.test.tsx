import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { focusFirstField, payoutKeyDown } from './payout-keys';

afterEach(cleanup);

/** A payout form's shape: a radio group, two inputs, a text area, and the confirm button after it. */
function setUp() {
  const post = vi.fn();
  const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
  render(
    <>
      <div data-testid="box" onKeyDownCapture={(e) => payoutKeyDown(e, post, () => screen.getByRole('button', { name: 'Pay out' }))}>
        <form onSubmit={submit}>
          <input type="radio" aria-label="Cheque" />
          <input aria-label="Cheque no." />
          <input aria-label="Payout date" />
          <textarea aria-label="Remarks" />
        </form>
      </div>
      <button type="button">Pay out</button>
    </>,
  );
  return { post, submit };
}

describe('the payout form keys', () => {
  it('opens on the first field to type in, not the method radio', () => {
    setUp();
    focusFirstField(screen.getByTestId('box'));
    expect(screen.getByLabelText('Cheque no.')).toHaveFocus();
  });

  it('moves on with Enter through the fields, keeps a line break in the remarks, and never posts by itself', async () => {
    const { post } = setUp();
    screen.getByLabelText('Cheque no.').focus();
    fireEvent.keyDown(screen.getByLabelText('Cheque no.'), { key: 'Enter' });
    await vi.waitFor(() => expect(screen.getByLabelText('Payout date')).toHaveFocus());
    fireEvent.keyDown(screen.getByLabelText('Payout date'), { key: 'Enter' });
    await vi.waitFor(() => expect(screen.getByLabelText('Remarks')).toHaveFocus());
    // a line break in the remarks stays a line break
    expect(fireEvent.keyDown(screen.getByLabelText('Remarks'), { key: 'Enter' })).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Cheque'), { key: 'Enter' });
    await vi.waitFor(() => expect(screen.getByLabelText('Cheque no.')).toHaveFocus());
    expect(post).not.toHaveBeenCalled();
  });

  it('asks to post on Ctrl+Enter and ⌘+Enter, from any field', () => {
    const { post } = setUp();
    fireEvent.keyDown(screen.getByLabelText('Payout date'), { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(screen.getByLabelText('Remarks'), { key: 'Enter', metaKey: true });
    expect(post).toHaveBeenCalledTimes(2);
  });
});
