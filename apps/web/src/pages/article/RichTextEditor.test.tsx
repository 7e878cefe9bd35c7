import { afterEach, describe, expect, it } from 'vitest';
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
