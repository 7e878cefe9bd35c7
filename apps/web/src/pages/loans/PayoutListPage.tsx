import { PAYOUT_STATUSES } from '@harbour/contracts';
import { endpoints } from '../../api/endpoints.js';
import { StatusTabsListPage } from './StatusTabsListPage';

/** Payout → list (spec §2): approved loans awaiting their money, and those paid out. */
export default function PayoutListPage() {
  return (
    <StatusTabsListPage
      path={endpoints.loans.payouts.path}
      titleKey="shell:menu.payout.list"
      param="payoutStatus"
      values={PAYOUT_STATUSES}
      enumName="payoutStatus"
      detailPath="/payout/detail"
    />
  );
}
