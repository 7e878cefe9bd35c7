import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './reduced-motion.js';

/** A matchMedia whose "reduce motion" answer the test sets, telling its listeners like the browser does. */
function systemSetting(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && matches;
        },
        media: query,
        addEventListener: (_: string, l: () => void) => listeners.add(l),
        removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      }) as unknown as MediaQueryList,
  );
  return {
    set(value: boolean) {
      matches = value;
      listeners.forEach((l) => l());
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the reduce-motion preference', () => {
  it('is off unless the system asks for it, and follows the setting while open', () => {
    const setting = systemSetting(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => setting.set(true));
    expect(result.current).toBe(true);
    act(() => setting.set(false));
    expect(result.current).toBe(false);
  });

  it('is on from the first render when the system already asks for it', () => {
    systemSetting(true);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(true);
  });
});
