import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTags } from '../stores/tags.js';

/**
 * Goes to `to` and closes the page's own tab: a create or edit form whose save navigates away is
 * done, and its tab would only pile up beside the record it made.
 */
export function useLeavePage(): (to: string) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const close = useTags((s) => s.close);
  const own = location.pathname + location.search;
  return useCallback(
    (to: string) => {
      void navigate(to);
      if (to !== own) close(own);
    },
    [navigate, close, own],
  );
}
