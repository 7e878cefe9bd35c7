import { useTranslation } from 'react-i18next';
import { APPROVAL_STATUSES } from '@harbour/contracts';
import { StatusTabsListPage } from './StatusTabsListPage';

/** Approval → list (spec §2): applications awaiting a decision, approved or rejected. */
export default function ApprovalListPage() {
  const { t } = useTranslation();
  return (
    <StatusTabsListPage
      path="/approvals"
      title={t('shell:menu.approval.list')}
      param="approvalStatus"
      values={APPROVAL_STATUSES}
      enumName="approvalStatus"
      detailPath="/approval/detail"
    />
  );
}
