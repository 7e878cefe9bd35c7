import { afterEach, describe, expect, it } from 'vitest';
import { Activity } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../i18n/index.js';
import RichTextEditor from './RichTextEditor';

describe('RichTextEditor', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('names its editable area in the language chosen after it was made', async () => {
    render(<RichTextEditor value="<p>Counters open late</p>" />);
    expect(await screen.findByRole('textbox', { name: 'Content' })).toHaveTextContent('Counters open late');
    await changeLanguage('zh-TW');
    await waitFor(() => expect(screen.getByRole('textbox', { name: '內容' })).toBeInTheDocument());
  });

  it('tells assistive technology when the form marks the content invalid', async () => {
    const { rerender } = render(<RichTextEditor value="" />);
    expect(await screen.findByRole('textbox', { name: 'Content' })).not.toHaveAttribute('aria-invalid');
    rerender(<RichTextEditor value="" aria-invalid />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Content' })).toHaveAttribute('aria-invalid', 'true'));
  });
});

describe('RichTextEditor kept alive in a hidden tab', () => {
  it('survives being hidden and shown again (the shell keeps visited pages mounted in <Activity>)', async () => {
    const { rerender } = render(
      <Activity mode="visible">
        <RichTextEditor value="<p>first</p>" />
      </Activity>,
    );
    expect(await screen.findByRole('textbox', { name: 'Content' })).toHaveTextContent('first');
    rerender(
      <Activity mode="hidden">
        <RichTextEditor value="<p>first</p>" />
      </Activity>,
    );
    // TipTap destroys an editor whose component left the screen once a moment has passed
    await new Promise((resolve) => setTimeout(resolve, 100));
    rerender(
      <Activity mode="visible">
        <RichTextEditor value="<p>second</p>" />
      </Activity>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Content' })).toHaveTextContent('second'));
  });
});

describe('RichTextEditor with its editor destroyed under it', () => {
  it('does not write HTML through a destroyed editor when the value changes (its schema is gone)', async () => {
    const { rerender } = render(<RichTextEditor value="<p>first</p>" />);
    const box = await screen.findByRole('textbox', { name: 'Content' });
    // TipTap leaves the editor on its view's element; React can destroy it while hiding or
    // re-suspending this part of the page, before the component's own effects run again
    (box as unknown as { editor: { destroy: () => void } }).editor.destroy();
    expect(() => rerender(<RichTextEditor value="<p>second</p>" />)).not.toThrow();
  });
});
