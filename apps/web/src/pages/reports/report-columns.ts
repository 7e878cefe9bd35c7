/**
 * Which columns of a report a staff member has chosen to see, remembered per signed-in user and
 * report in this browser (the project keeps interface preferences in localStorage, see
 * stores/settings.ts). A report's default is every column not declared `optional`; the first
 * (identifying) column cannot be hidden.
 */
import { useCallback, useState } from 'react';
import type { ReportDecl } from '@harbour/contracts';
import { useSession } from '../../stores/session';

export const columnsStorageKey = (userId: number | undefined, report: string) => `harbour-report-columns:${userId ?? 'anon'}:${report}`;

/** The declared default: every column that is not optional. */
export const defaultVisible = (decl: ReportDecl): string[] => decl.columns.filter((c) => !c.optional).map((c) => c.key);

/** The remembered choice, kept to the report's columns (a renamed column drops out) and always with the first. */
export function readVisible(decl: ReportDecl, key: string): string[] {
  let saved: unknown;
  try {
    saved = JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    saved = null;
  }
  if (!Array.isArray(saved)) return defaultVisible(decl);
  const first = decl.columns[0]!.key;
  return decl.columns.map((c) => c.key).filter((k) => k === first || saved.includes(k));
}

export function useVisibleColumns(decl: ReportDecl): [string[], (keys: string[] | null) => void] {
  const userId = useSession((s) => s.user?.id);
  const key = columnsStorageKey(userId, decl.name);
  const [state, setState] = useState(() => ({ key, visible: readVisible(decl, key) }));
  // The signed-in user is known after the first render: read their choice when the key changes.
  const current = state.key === key ? state.visible : readVisible(decl, key);
  if (state.key !== key) setState({ key, visible: current });
  const choose = useCallback(
    (keys: string[] | null) => {
      if (keys === null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(keys));
      setState({ key, visible: readVisible(decl, key) });
    },
    [decl, key],
  );
  return [current, choose];
}
