/**
 * The user's "reduce motion" preference (an operating-system setting, WCAG 2.3.3): with it on,
 * antd's drawers, dialogs, menus and popups open and close without animating. The hook follows
 * the setting while the workspace is open.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const m = media();
  m?.addEventListener?.('change', onChange);
  return () => m?.removeEventListener?.('change', onChange);
}

const prefersReducedMotion = () => media()?.matches ?? false;

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
