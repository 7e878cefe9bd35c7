import { Suspense, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadablePage } from './pages.js';

function Counter() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>clicked {n}</button>;
}

/** A page module whose arrival the test decides. */
function deferredModule() {
  let arrive!: () => void;
  const module = new Promise<{ default: typeof Counter }>((resolve) => (arrive = () => resolve({ default: Counter })));
  return { load: () => module, arrive };
}

const inSuspense = (Page: React.ComponentType) => (
  <Suspense fallback={<p>loading</p>}>
    <Page />
  </Suspense>
);

describe('preloadablePage', () => {
  it('shows a preloaded page in its very first render, without the loading fallback', async () => {
    const { load, arrive } = deferredModule();
    const Page = preloadablePage(load);
    const preloaded = Page.preload();
    arrive();
    await preloaded;
    render(inSuspense(Page));
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('button').textContent).toBe('clicked 0');
  });

  it('loads a page not preloaded behind the fallback, and keeps its state afterwards', async () => {
    const { load, arrive } = deferredModule();
    const Page = preloadablePage(load);
    const { rerender } = render(inSuspense(Page));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive());
    fireEvent.click(await screen.findByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('clicked 1');
    // A later render of the same page (its parent re-rendering) must not remount it.
    rerender(inSuspense(Page));
    expect(screen.getByRole('button').textContent).toBe('clicked 1');
  });

  it('tries again after a failed fetch', async () => {
    let tries = 0;
    const Page = preloadablePage(() => (++tries === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Counter })));
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(inSuspense(Page));
    expect(screen.getByRole('button').textContent).toBe('clicked 0');
    expect(tries).toBe(2);
  });
});
