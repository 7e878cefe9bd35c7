/**
 * /test: a self-check of the workspace's shared display components and of the page cache —
 * the note survives switching tabs, the opening time changes only when the tab is refreshed.
 */
import { useId, useState } from 'react';
import { Button, Card, Descriptions, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../components/DateText.js';
import { Money } from '../../components/Money.js';
import { Rate } from '../../components/Rate.js';

function Thrower(): never {
  throw new Error('Harbour self-test error');
}

export default function TestPage() {
  const { t } = useTranslation('shell');
  const [openedAt] = useState(() => new Date().toLocaleTimeString('en-GB'));
  const [boom, setBoom] = useState(false);
  // Several copies of this page can be alive at once (one per tab): ids must be unique.
  const notesId = useId();

  return (
    <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('test.title')}</h1>}>
      <Typography.Paragraph>{t('test.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="opened-at">
        {t('test.mountedAt', { time: openedAt })}
      </Typography.Paragraph>
      <Descriptions
        bordered
        column={1}
        size="small"
        style={{ maxWidth: 480, marginBottom: 16 }}
        items={[
          { key: 'm', label: t('test.money'), children: <Money value="1234567.505" /> },
          { key: 'd', label: t('test.date'), children: <DateText value="2026-02-28" /> },
          { key: 'r', label: t('test.rate'), children: <Rate value="1.255" /> },
        ]}
      />
      <label htmlFor={notesId} style={{ display: 'block', marginBottom: 6 }}>
        {t('test.typeHere')}
      </label>
      <Input.TextArea id={notesId} rows={3} style={{ maxWidth: 480 }} />
      <div style={{ marginTop: 16 }}>
        <Button danger onClick={() => setBoom(true)}>
          {t('test.throw')}
        </Button>
        {boom && <Thrower />}
      </div>
    </Card>
  );
}
