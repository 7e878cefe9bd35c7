import { useState } from 'react';
import { Alert, Button, Card, Collapse, Flex, Input, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COLLECTION_PERMISSIONS, type ContactEntry } from '@harbour/contracts';
import { DateText } from '../../components/DateText';
import { Permission, usePermission } from '../../components/Permission';
import { moneyDisplay } from '../../components/format';
import { RowAction } from '../../generic/RowAction';
import { useFeedback } from '../../generic/use-feedback';
import { DESK_KEY, contactsKey, deskApi } from './desk-api';
import { LogContactDialog } from './LogContactDialog';
import { PromiseTag } from './PromiseTag';

/** Cancelling a wrong entry: the reason, then a new entry naming it (the log is never edited). */
function CancelEntry({ entry }: { entry: ContactEntry }) {
  const { t } = useTranslation('collection');
  const { message } = useFeedback();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: () => deskApi.cancel(entry.id, reason),
    onSuccess: () => {
      void message.success(t('success.contactCancelled'));
      void client.invalidateQueries({ queryKey: contactsKey(entry.loanId) });
      void client.invalidateQueries({ queryKey: DESK_KEY });
      setOpen(false);
    },
  });
  return (
    <>
      <RowAction icon={<StopOutlined />} danger onClick={() => setOpen(true)}>
        {t('desk.actions.cancel')}
      </RowAction>
      <Modal open={open} title={t('desk.dialog.cancelTitle')} okText={t('desk.actions.save')} cancelText={t('forms.cancel')} okButtonProps={{ disabled: reason.trim() === '', loading: cancel.isPending }} onOk={() => cancel.mutate()} onCancel={() => setOpen(false)} destroyOnHidden width={420}>
        <Input.TextArea aria-label={t('desk.fields.reason')} placeholder={t('desk.fields.reason')} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} autoSize={{ minRows: 2, maxRows: 4 }} />
        {cancel.isError && <Alert type="error" showIcon title={cancel.error.message} style={{ marginTop: 12 }} />}
      </Modal>
    </>
  );
}

function ContactsTable({ loanId, loanNo }: { loanId: number; loanNo: string }) {
  const { t } = useTranslation('collection');
  const [logging, setLogging] = useState(false);
  const mayLog = usePermission(COLLECTION_PERMISSIONS.log);
  const list = useQuery({ queryKey: contactsKey(loanId), queryFn: ({ signal }) => deskApi.contacts(loanId, signal) });
  // newest first: the last call is what the next one needs
  const rows = [...(list.data ?? [])].reverse();
  const columns: ColumnsType<ContactEntry> = [
    { title: t('desk.fields.at'), dataIndex: 'madeOn', key: 'madeOn', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}><DateText value={v} /></span> },
    { title: t('desk.fields.staff'), dataIndex: 'staffName', key: 'staff', render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{v ?? ''}</span> },
    { title: t('desk.fields.channel'), dataIndex: 'channel', key: 'channel', render: (v: ContactEntry['channel']) => t(`desk.channels.${v}`) },
    {
      title: t('desk.fields.outcome'),
      key: 'outcome',
      render: (_: unknown, r) => (
        <Flex vertical>
          <Typography.Text delete={r.cancelled}>{t(`desk.outcomes.${r.outcome}`)}</Typography.Text>
          {r.cancelled && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('desk.cancelledBy', { reason: r.cancelReason ?? '' })}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('desk.fields.promise'),
      key: 'promise',
      render: (_: unknown, r) =>
        r.promiseAmount && r.promiseDate ? (
          <Flex gap={4} align="center" wrap>
            <Typography.Text delete={r.cancelled} style={{ whiteSpace: 'nowrap' }}>{t('desk.promiseLine', { amount: moneyDisplay(r.promiseAmount), date: r.promiseDate })}</Typography.Text>
            {r.promiseState && <PromiseTag state={r.promiseState} />}
          </Flex>
        ) : null,
    },
    { title: t('desk.fields.note'), dataIndex: 'note', key: 'note' },
    ...(mayLog ? [{ title: t('desk.fields.actions'), key: 'actions', render: (_: unknown, r: ContactEntry) => (r.cancelled ? null : <CancelEntry entry={r} />) }] : []),
  ];
  return (
    <Flex vertical gap={8}>
      <Permission need={COLLECTION_PERMISSIONS.log}>
        <Flex justify="flex-end">
          <Button icon={<PlusOutlined />} onClick={() => setLogging(true)}>
            {t('desk.actions.log')}
          </Button>
        </Flex>
        <LogContactDialog loanId={loanId} loanNo={loanNo} open={logging} onClose={() => setLogging(false)} />
      </Permission>
      {list.isError && <Alert type="error" showIcon title={t('desk.loadError')} action={<Button onClick={() => void list.refetch()}>{t('desk.retry')}</Button>} />}
      <Table<ContactEntry> rowKey="id" size="small" loading={list.isFetching} columns={columns} dataSource={rows} pagination={rows.length > 10 ? { pageSize: 10 } : false} locale={{ emptyText: <Typography.Text type="secondary">{t('desk.empty.contacts')}</Typography.Text> }} scroll={{ x: 720 }} />
    </Flex>
  );
}

/**
 * A loan's contact log on the collector's desk (docs/collection.md): the entries, newest first,
 * each promise with its state; logging a contact and cancelling a wrong one for holders of
 * `collection.log`. Self-contained: a page mounts it with the loan, shown only to holders of
 * `collection.contacts`. `collapsed` keeps it one line high until opened (the repayment counter).
 */
export function ContactsPanel({ loanId, loanNo, collapsed = false }: { loanId: number; loanNo: string; collapsed?: boolean }) {
  const { t } = useTranslation('collection');
  if (!usePermission(COLLECTION_PERMISSIONS.view)) return null;
  if (!collapsed) {
    return (
      <Card title={t('desk.panel.title')}>
        <ContactsTable loanId={loanId} loanNo={loanNo} />
      </Card>
    );
  }
  return <Collapse items={[{ key: 'contacts', label: t('desk.panel.title'), children: <ContactsTable loanId={loanId} loanNo={loanNo} /> }]} />;
}
