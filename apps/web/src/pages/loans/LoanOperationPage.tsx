import { useParams, useSearchParams } from 'react-router';
import { LoanFinder } from './LoanFinder';
import { LoanOperationView } from './LoanOperationView';

/**
 * Loan → operation (spec §2), and the approval and payout detail pages: one loan by the id in
 * the path (`/approval/detail/7`) or the query (`/loan/operation?id=7`). Opened from the menu
 * without a loan, it offers the loan finder.
 */
export default function LoanOperationPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const raw = params.id ?? search.get('id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (!id) return <LoanFinder />;
  return <LoanOperationView key={id} id={id} />;
}
