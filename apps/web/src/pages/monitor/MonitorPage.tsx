import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SystemMonitor } from '@harbour/contracts';
import { DateTimeText } from '../../generic/DateTimeText';
import { systemListApi } from '../system-list/system-list-api';
import { bytesText, durationParts } from './monitor-format';

/** A figure the server could not read. */
function NotAvailable() {
  const { t } = useTranslation('monitor');
  return <Typography.Text type="secondary">{t('notAvailable')}</Typography.Text>;
}

const orNa = <T,>(v: T | null | undefined, show: (v: T) => ReactNode) => (v === null || v === undefined ? <NotAvailable /> : show(v));

function Section({ title, items }: { title: string; items: { key: string; label: string; children: ReactNode }[] }) {
  return (
    <Card title={title} style={{ height: '100%' }}>
      <Descriptions size="small" column={1} items={items} styles={{ label: { width: '45%' } }} />
    </Card>
  );
}

function Figures({ m }: { m: SystemMonitor }) {
  const { t } = useTranslation('monitor');
  const duration = (seconds: number) =>
    durationParts(seconds)
      .map(([unit, n]) => t(`duration.${unit}`, { count: n }))
      .join(' ');
  const behind = m.migrations.applied === null ? null : m.migrations.files - m.migrations.applied;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Section
          title={t('app.title')}
          items={[
            { key: 'version', label: t('app.version'), children: m.app.version },
            { key: 'commit', label: t('app.commit'), children: orNa(m.app.commit, (c) => <Typography.Text code>{c.slice(0, 12)}</Typography.Text>) },
            { key: 'node', label: t('app.node'), children: m.app.node },
            { key: 'started', label: t('app.startedAt'), children: <DateTimeText value={m.app.startedAt} /> },
            { key: 'uptime', label: t('app.uptime'), children: duration(m.app.uptimeSeconds) },
            { key: 'rss', label: t('app.rss'), children: bytesText(m.app.memory.rss) },
            { key: 'heap', label: t('app.heap'), children: `${bytesText(m.app.memory.heapUsed)} / ${bytesText(m.app.memory.heapTotal)}` },
          ]}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Section
          title={t('database.title')}
          items={[
            { key: 'version', label: t('database.version'), children: orNa(m.database.version, (v) => v.split(' on ')[0]) },
            { key: 'size', label: t('database.size'), children: orNa(m.database.sizeBytes, bytesText) },
            {
              key: 'connections',
              label: t('database.connections'),
              children: orNa(m.database.connections, (list) => (
                <Flex wrap gap={4}>
                  {list.map((c) => (
                    <Tag key={c.state}>
                      {t(`database.state.${c.state}`, { defaultValue: c.state })}: {c.count}
                    </Tag>
                  ))}
                </Flex>
              )),
            },
            { key: 'pool', label: t('database.pool'), children: orNa(m.database.pool, (p) => t('database.poolText', p)) },
          ]}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Section
          title={t('migrations.title')}
          items={[
            {
              key: 'level',
              label: t('migrations.level'),
              children: orNa(m.migrations.applied, (n) => (
                <Flex gap={8} align="center" wrap>
                  <span>
                    {n} / {m.migrations.files}
                  </span>
                  {behind === 0 ? (
                    <Badge status="success" text={t('migrations.upToDate')} />
                  ) : (
                    <Badge status="warning" text={t('migrations.behind', { count: behind ?? 0 })} />
                  )}
                </Flex>
              )),
            },
            { key: 'last', label: t('migrations.last'), children: orNa(m.migrations.last, (l) => <Typography.Text code>{l}</Typography.Text>) },
            { key: 'at', label: t('migrations.lastAt'), children: orNa(m.migrations.lastAppliedAt, (a) => <DateTimeText value={a} />) },
          ]}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Section
          title={t('activity.title')}
          items={[
            {
              key: 'errors',
              label: t('activity.serverErrors'),
              children: (
                <Flex gap={8} align="center">
                  <Badge status={m.activity.serverErrors > 0 ? 'error' : 'success'} />
                  <span>{m.activity.serverErrors}</span>
                </Flex>
              ),
            },
            { key: 'failed', label: t('activity.failedLogins'), children: orNa(m.activity.failedLogins24h, (n) => n) },
            {
              key: 'holidays',
              label: t('activity.holidayImport'),
              children:
                m.activity.lastHolidayImport === null ? (
                  <Typography.Text type="secondary">{t('activity.never')}</Typography.Text>
                ) : (
                  <Flex vertical>
                    <DateTimeText value={m.activity.lastHolidayImport.at} />
                    <Typography.Text type="secondary">
                      {[m.activity.lastHolidayImport.by, m.activity.lastHolidayImport.source].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </Flex>
                ),
            },
            {
              key: 'jobs',
              label: t('activity.jobs'),
              children:
                m.activity.lastDailyRun === null ? (
                  <Typography.Text type="secondary">{t('activity.never')}</Typography.Text>
                ) : (
                  <Flex vertical>
                    <DateTimeText value={m.activity.lastDailyRun.at} />
                    <Typography.Text type="secondary">
                      {t('activity.dailyRun', { asOf: m.activity.lastDailyRun.asOf, loans: m.activity.lastDailyRun.loans, overdue: m.activity.lastDailyRun.overdue })}
                      {m.activity.lastDailyRun.by ? ` · ${m.activity.lastDailyRun.by}` : ''}
                    </Typography.Text>
                  </Flex>
                ),
            },
          ]}
        />
      </Col>
    </Row>
  );
}

/**
 * System → monitor: the server process, the database, the migration level and recent trouble,
 * read from their sources each time the page is opened or refreshed.
 */
export default function MonitorPage() {
  const { t } = useTranslation('monitor');
  const monitor = useQuery({ queryKey: ['systemMonitor'], queryFn: ({ signal }) => systemListApi.monitor(signal) });
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Text type="secondary">
            {t('checkedAt')} {monitor.data && <DateTimeText value={monitor.data.checkedAt} />}
          </Typography.Text>
          <Button icon={<ReloadOutlined aria-hidden />} loading={monitor.isFetching} onClick={() => void monitor.refetch()}>
            {t('refresh')}
          </Button>
        </Flex>
      </Card>
      {monitor.isError && <Alert type="error" showIcon title={t('loadFailed')} description={monitor.error.message} />}
      {monitor.data ? <Figures m={monitor.data} /> : !monitor.isError && <Skeleton active paragraph={{ rows: 12 }} />}
    </Flex>
  );
}
