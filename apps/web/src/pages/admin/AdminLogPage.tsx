import { AuditLogList } from './AuditLogList';
import { auditLogsResource } from '@harbour/contracts';

/** Admin log list (spec §2): every audited change, filterable by staff, action, module and date. */
export default function AdminLogPage() {
  return <AuditLogList decl={auditLogsResource} />;
}
