import { useState } from 'react';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../generic/RowAction';
import type { ResourceDecl } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';
import type { Row } from '../../generic/use-resource';
import { AuditDetailDrawer } from './AuditDetailDrawer';

/** The audit log list with its detail drawer; the admin log and the system log differ by declaration. */
export function AuditLogList({ decl, fixedQuery }: { decl: ResourceDecl; fixedQuery?: Record<string, string> }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState<Row>();
  return (
    <>
      <ResourceListPage
        decl={decl}
        fixedQuery={fixedQuery}
        rowActions={(row) => (
          <RowAction icon={<EyeOutlined />} onClick={() => setOpen(row)}>
            {t('auditLog.view')}
          </RowAction>
        )}
      />
      <AuditDetailDrawer row={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
