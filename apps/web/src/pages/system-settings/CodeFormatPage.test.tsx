import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CodeFormatsAnswer } from '@harbour/contracts';
import { CODE_KINDS, DEFAULT_CODE_FORMATS } from '@harbour/domain';
import { fakeApi, ok, renderAt, signIn, type Call } from '../../generic/test-harness';
import CodeFormatPage from './CodeFormatPage';

afterEach(() => vi.unstubAllGlobals());

const SLOW = 60_000;

const PAGE: CodeFormatsAnswer = {
  items: CODE_KINDS.map((kind) => ({ kind, format: DEFAULT_CODE_FORMATS[kind], updatedAt: null })),
  storeCode: 'MK',
  storeName: 'Mong Kok',
  today: '2026-11-23',
  counters: [{ kind: 'applyNo', scope: 'store', period: '202611', value: 41 }],
};

const saves = (calls: Call[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/codeFormats/applyNo');

describe('CodeFormatPage', () => {
  it('shows the next number from the counters, follows the form, and saves one kind', async () => {
    signIn(['system.codeFormat', 'system.codeFormat.edit']);
    const calls = fakeApi((c) => {
      if (c.path === '/codeFormats') return ok(PAGE);
      if (c.path === '/codeFormats/applyNo') return ok({ kind: 'applyNo', format: c.body, updatedAt: '2026-11-23T04:00:00.000Z' });
      return undefined;
    });
    renderAt('/system/codeFormat', <CodeFormatPage />);
    const next = await screen.findByTestId('next-applyNo', {}, { timeout: 8000 });
    expect(next).toHaveTextContent('APMK26110042');
    expect(screen.getByTestId('next-customerCode')).toHaveTextContent('C000001');

    const card = next.closest('.ant-card') as HTMLElement;
    fireEvent.change(within(card).getByLabelText('Prefix'), { target: { value: 'app' } });
    fireEvent.change(within(card).getByLabelText('Sequence digits'), { target: { value: '6' } });
    await waitFor(() => expect(next).toHaveTextContent('APPMK2611000042'));
    fireEvent.click(within(card).getByRole('switch'));
    // Without the store code the shared counter counts: none taken yet.
    await waitFor(() => expect(next).toHaveTextContent('APP2611000001'));

    fireEvent.click(within(card).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toEqual({ prefix: 'APP', includeStoreCode: false, datePart: 'YYMM', seqWidth: 6, reset: 'monthly' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  }, SLOW);

  it('without the edit key shows the formats read-only, with no save button', async () => {
    signIn(['system.codeFormat']);
    fakeApi((c) => (c.path === '/codeFormats' ? ok(PAGE) : undefined));
    renderAt('/system/codeFormat', <CodeFormatPage />);
    const next = await screen.findByTestId('next-loanNo', {}, { timeout: 8000 });
    expect(next).toHaveTextContent('LNMK26110001');
    expect(screen.getByText('You may view the formats but not change them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(within(next.closest('.ant-card') as HTMLElement).getByLabelText('Prefix')).toBeDisabled();
  }, SLOW);
});
