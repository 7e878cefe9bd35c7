import { APPROVAL_STATUSES } from '@harbour/contracts';
import { endpoints } from '../../api/endpoints.js';
import { StatusTabsListPage } from './StatusTabsListPage';

/** Approval → list (spec §2): applications awaiting a decision, approved or rejected. */
export default function ApprovalListPage() {
  return (
    <StatusTabsListPage
      path={endpoints.loans.approvals.path}
      titleKey="shell:menu.approval.list"
      param="approvalStatus"
      values={APPROVAL_STATUSES}
      enumName="approvalStatus"
      detailPath="/approval/detail"
    />
  );
}
