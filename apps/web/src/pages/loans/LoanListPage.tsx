import { endpoints } from '../../api/endpoints.js';
import { LoanListView } from './LoanListView';

/** Loan → list (spec §2): every loan of the staff member's stores; a row opens its operation page. */
export default function LoanListPage() {
  return <LoanListView path={endpoints.loans.list.path} titleKey="shell:menu.loan.list" openPath={(id) => `/loan/operation?id=${id}`} withCreate />;
}
