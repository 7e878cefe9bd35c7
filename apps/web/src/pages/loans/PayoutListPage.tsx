import { PAYOUT_STATUSES } from '@harbour/contracts';
import { StatusTabsListPage } from './StatusTabsListPage';

/** Payout → list (spec §2): approved loans awaiting their money, and those paid out. */
export default function PayoutListPage() {
  return (
    <StatusTabsListPage
      path="/payouts"
      titleKey="shell:menu.payout.list"
      param="payoutStatus"
      values={PAYOUT_STATUSES}
      enumName="payoutStatus"
      detailPath="/payout/detail"
    />
  );
}
