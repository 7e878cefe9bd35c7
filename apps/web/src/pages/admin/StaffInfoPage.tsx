import { NameTags } from '../../components/NameTags.js';
import { ResourceListPage } from '../../generic/ResourceListPage';
import type { Row } from '../../generic/use-resource';
import { staffInfoResource } from '@harbour/contracts';
import { ApprovalLimit } from '../../components/ApprovalLimit.js';

/**
 * Staff list (spec §2): the read-only staff summary with its filters. Master data → staff
 * information shows the same screen under its own title.
 */
export default function StaffInfoPage({ titleKey }: { titleKey?: string }) {
  return (
    <ResourceListPage
      decl={staffInfoResource}
      title={titleKey}
      cells={{
        storeNames: (row: Row) => <NameTags names={row.storeNames} />,
        roleNames: (row: Row) => <NameTags names={row.roleNames} color="geekblue" />,
        maxApprovedAmount: (row: Row) => <ApprovalLimit amount={row.maxApprovedAmount} unlimited={row.approvalUnlimited} />,
      }}
    />
  );
}

/** Master data → staff information: the staff list's screen under the master data menu's name. */
export function MasterdataStaffInfoPage() {
  return <StaffInfoPage titleKey="shell:menu.masterdata.staffInfo" />;
}
