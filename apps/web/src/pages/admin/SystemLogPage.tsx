import { AuditLogList } from './AuditLogList';
import { SYSTEM_LOG_MODULE, systemLogsResource } from '@harbour/contracts';

/** System log (spec §2): sign-in events (login, tried to login, logout) from the audit log. */
export default function SystemLogPage() {
  return <AuditLogList decl={systemLogsResource} fixedQuery={{ module: SYSTEM_LOG_MODULE }} />;
}
