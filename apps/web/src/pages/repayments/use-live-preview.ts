import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReceiptPreviewBody } from '../../api/endpoints.js';
import { repaymentsApi } from './repayments-api';

/** How long the counter waits after the last key before it asks for the allocation. */
const SETTLE_MS = 350;

const same = (a: ReceiptPreviewBody | null, b: ReceiptPreviewBody | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The counter's live allocation: the server's preview of `draft` (null while the form cannot be
 * previewed), asked once typing settles, or at once on `flush()` (Enter, the Preview button). The
 * answer is the one of the figures on screen only: while they change it is withheld (`stale`), so a
 * cashier never reads the split of an amount no longer typed.
 */
export function useLivePreview(draft: ReceiptPreviewBody | null) {
  const [settled, setSettled] = useState<ReceiptPreviewBody | null>(draft);
  const key = JSON.stringify(draft);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(draft), SETTLE_MS);
    return () => clearTimeout(timer);
    // the draft is rebuilt on each render: its text is what changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const query = useQuery({
    queryKey: ['repayments', 'preview', settled],
    queryFn: () => repaymentsApi.preview(settled!),
    enabled: settled !== null,
    retry: false,
    staleTime: 30_000,
  });
  const current = settled !== null && same(settled, draft);
  return {
    preview: current ? query.data : undefined,
    error: current && query.isError ? query.error : undefined,
    loading: draft !== null && (!current || query.isFetching),
    flush: () => setSettled(draft),
  };
}
