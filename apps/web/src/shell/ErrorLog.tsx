/** Error-log button (only when errors exist) and its dialog with Clear All (spec §2, §8). */
import { useState } from 'react';
import { Badge, Button, Modal, Table, Tooltip, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../stores/error-log.js';

export function ErrorLogButton() {
  const { t } = useTranslation('shell');
  const errors = useErrorLog((s) => s.errors);
  const clear = useErrorLog((s) => s.clear);
  const [open, setOpen] = useState(false);
  if (errors.length === 0) return null;

  return (
    <>
      <Tooltip title={t('nav.errorLog')}>
        <Badge count={errors.length} size="small" offset={[-4, 4]}>
          <Button type="text" danger icon={<BugOutlined />} aria-label={t('nav.errorLog')} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width="min(960px, 96vw)"
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('errorLog.clearAll')}
          </Button>
        }
      >
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ y: 480 }}
          dataSource={errors}
          columns={[
            { title: t('errorLog.message'), dataIndex: 'message', width: '28%' },
            { title: t('errorLog.info'), dataIndex: 'info', width: '18%' },
            { title: t('errorLog.url'), dataIndex: 'url', width: '22%', render: (u: string) => <Typography.Text code>{u}</Typography.Text> },
            {
              title: t('errorLog.stack'),
              dataIndex: 'stack',
              render: (s?: string) => (
                <pre style={{ whiteSpace: 'pre-wrap', fontSize: 11, margin: 0, maxHeight: 160, overflow: 'auto' }}>{s}</pre>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
