import { Space, Tag } from 'antd';
import { ResourceListPage } from '../../generic/ResourceListPage';
import type { Row } from '../../generic/use-resource';
import { staffInfoResource } from '@harbour/contracts';
import { ApprovalLimit } from '../../components/ApprovalLimit.js';

const tags = (v: unknown, color?: string) =>
  Array.isArray(v) && v.length > 0 ? (
    <Space size={[4, 4]} wrap style={{ maxWidth: 260 }}>
      {v.map((name) => (
        <Tag key={String(name)} color={color}>
          {String(name)}
        </Tag>
      ))}
    </Space>
  ) : (
    '—'
  );

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
        storeNames: (row: Row) => tags(row.storeNames),
        roleNames: (row: Row) => tags(row.roleNames, 'geekblue'),
        maxApprovedAmount: (row: Row) => <ApprovalLimit amount={row.maxApprovedAmount} unlimited={row.approvalUnlimited} />,
      }}
    />
  );
}

/** Master data → staff information: the staff list's screen under the master data menu's name. */
export function MasterdataStaffInfoPage() {
  return <StaffInfoPage titleKey="shell:menu.masterdata.staffInfo" />;
}
