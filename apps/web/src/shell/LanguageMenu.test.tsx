import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, ok, renderAt, signIn } from '../generic/test-harness.js';
import { changeLanguage, i18next } from '../i18n/index.js';
import { useSession } from '../stores/session.js';
import { LanguageMenu } from './LanguageMenu.js';

/** A page's figures as the server words them: the store's name in the caller's language (the client sends the interface's). */
function StoreName() {
  const q = useQuery({ queryKey: ['store-name'], queryFn: async () => (await fetch('/api/admin/v1/stores/1')).json() as Promise<{ data: { name: string } }> });
  return <p>{q.data?.data.name ?? '…'}</p>;
}

afterEach(async () => {
  useSession.setState({ user: null });
  await changeLanguage('en');
});

describe('the language menu', () => {
  it('asks the server again for what it words in the language chosen', async () => {
    await changeLanguage('zh-TW');
    signIn([]);
    const calls = fakeApi((c) => (c.path === '/stores/1' ? ok({ name: i18next.language === 'en' ? 'Mong Kok' : '旺角店' }) : undefined));
    renderAt(
      '/dashboard',
      <>
        <LanguageMenu withLabel />
        <StoreName />
      </>,
    );
    expect(await screen.findByText('旺角店')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button'));
    fireEvent.click(await screen.findByText('English'));
    await waitFor(() => expect(screen.getByText('Mong Kok')).toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/stores/1')).toHaveLength(2);
  });
});
