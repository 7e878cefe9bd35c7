import { AuditLogList } from './AuditLogList';
import { SYSTEM_MODULE, systemLogDecl } from './audit-decl';

/** System log (spec §2): sign-in events (login, tried to login, logout) from the audit log. */
export default function SystemLogPage() {
  return <AuditLogList decl={systemLogDecl} fixedQuery={{ module: SYSTEM_MODULE }} />;
}
