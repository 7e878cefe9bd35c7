import { Descriptions, Drawer, Grid, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../generic/DateTimeText';
import { enumKey } from '../../generic/i18n-key';
import type { Row } from '../../generic/use-resource';
import { diffRows, showValue } from './audit-diff';

/**
 * One audit entry: who did what where, and the record before and after the change side by side,
 * changed properties first so a reviewer sees at once what moved.
 */
export function AuditDetailDrawer({ row, onClose }: { row: Row | undefined; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const diff = row ? diffRows(row.before, row.after) : [];
  const wide = Grid.useBreakpoint().md !== false;
  return (
    <Drawer open={!!row} onClose={onClose} title={t('auditLog.detail')} size={wide ? 640 : '100%'} destroyOnHidden>
      {row && (
        // A long change scrolls the drawer's body: the region takes the focus so the keyboard scrolls it
        // (nothing else in it is focusable).
        <div tabIndex={0} role="region" aria-label={t('auditLog.changes')}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'time', label: t('fields:time'), children: <DateTimeText value={String(row.createdAt)} /> },
              { key: 'staff', label: t('fields:staff'), children: String(row.staffName ?? row.staffId ?? '—') },
              { key: 'action', label: t('fields:action'), children: t(enumKey('auditAction', String(row.action))) },
              { key: 'module', label: t('fields:module'), children: String(row.module) },
              { key: 'reference', label: t('fields:reference'), children: String(row.reference ?? '—') },
              { key: 'ip', label: t('fields:ipAddress'), children: String(row.ip ?? '—') },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('auditLog.changes')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={diff}
            locale={{ emptyText: t('auditLog.noChanges') }}
            rowClassName={(r) => (r.changed ? 'harbour-audit-changed' : '')}
            columns={[
              { key: 'key', dataIndex: 'key', title: t('auditLog.property'), width: 160 },
              { key: 'before', title: t('auditLog.before'), render: (_, r) => <Value v={r.before} /> },
              { key: 'after', title: t('auditLog.after'), render: (_, r) => <Value v={r.after} changed={r.changed} /> },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}

function Value({ v, changed }: { v: unknown; changed?: boolean }) {
  const text = showValue(v);
  return (
    <Typography.Text code={text.includes('\n')} strong={changed} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {text}
    </Typography.Text>
  );
}
