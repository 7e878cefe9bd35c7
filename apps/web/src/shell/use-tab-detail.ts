import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTags } from '../stores/tags.js';

/**
 * Names the record a page shows in its tab's title and the window's (`還款處理 · LN2026…`): one tab
 * per page, so the tab says which loan or customer it is on. A kept-alive page reads its own
 * location, so it names its own tab.
 */
export function useTabDetail(detail: string | undefined): void {
  const location = useLocation();
  const setDetail = useTags((s) => s.setDetail);
  const fullPath = location.pathname + location.search;
  useEffect(() => {
    setDetail(fullPath, detail);
  }, [fullPath, detail, setDetail]);
}
