/**
 * The dashboard's figures (`GET /dashboard`): the book, this month against last, PAR and its
 * trend, due and overdue counts linking to the tips list, money out and in by month, and the top
 * referral agents — with a store picker. Charts are drawn by `LazyChart` (ECharts on demand).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Col, Empty, Flex, Row, Select, Skeleton, Table, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined, MinusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@harbour/contracts';
import { dec, moneyText } from '@harbour/domain';
import { moneyDisplay } from '../../components/format.js';
import { Money } from '../../components/Money.js';
import { DateText } from '../../components/DateText.js';
import { dashboardApi } from './dashboard-api.js';
import { LazyChart } from './LazyChart.js';
import { afterPaint } from '../../shell/after-paint.js';

export const TIPS_PATH = '/repayment/tipsList';

/** One figure: a label (with a hint), the value right-aligned, and a line below. */
function Figure({ label, hint, value, foot, testId }: { label: string; hint?: string; value: ReactNode; foot?: ReactNode; testId?: string }) {
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={testId}>
      <Typography.Text type="secondary">
        {label}
        {hint && (
          <Tooltip title={hint}>
            <InfoCircleOutlined style={{ marginInlineStart: 6 }} aria-label={hint} />
          </Tooltip>
        )}
      </Typography.Text>
      <div style={{ fontSize: 24, fontWeight: 600, textAlign: 'right', fontVariantNumeric: 'tabular-nums', lineHeight: 1.4 }}>{value}</div>
      {foot && <div style={{ textAlign: 'right', minHeight: 22 }}>{foot}</div>}
    </Card>
  );
}

/** This month to date against last month to the same day: ▲/▼ and the percent change. */
function Delta({ now, before }: { now: string; before: string }) {
  const { t } = useTranslation('portfolio');
  const a = dec(now);
  const b = dec(before);
  if (a.equals(b)) return <Typography.Text type="secondary"><MinusOutlined /> {t('noChange')}</Typography.Text>;
  const up = a.greaterThan(b);
  const pct = b.isZero() ? null : a.minus(b).dividedBy(b).times(100).abs().toDecimalPlaces(1).toFixed(1);
  return (
    <Typography.Text style={{ color: up ? '#237804' : '#a8071a' }} data-testid="delta">
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {pct === null ? moneyDisplay(moneyText(a.minus(b).abs())) : `${pct}%`}
    </Typography.Text>
  );
}

type StoreChoice = number | 'all' | undefined;

export function Figures({ tipsAllowed }: { tipsAllowed: boolean }) {
  const { t } = useTranslation('portfolio');
  const [store, setStore] = useState<StoreChoice>(undefined);
  const queryKey = useMemo(() => ['dashboard', store ?? 'current'], [store]);
  const q = useQuery({
    queryKey,
    queryFn: ({ signal }) => dashboardApi.get(store, signal),
    placeholderData: keepPreviousData,
    // Figures already known show at once when the dashboard's tab is shown again; stale ones are
    // fetched again once the page is painted (below), not before it.
    refetchOnMount: false,
  });
  const client = useQueryClient();
  useEffect(() => afterPaint(() => void client.refetchQueries({ queryKey, exact: true, stale: true, type: 'active' })), [client, queryKey]);
  const d = q.data;

  const picker = d && (d.stores.length > 1 || d.allowAll) && (
    <Select
      aria-label={t('store')}
      size="small"
      style={{ minWidth: 140 }}
      popupMatchSelectWidth={false}
      value={d.storeId === null ? 'all' : d.storeId}
      onChange={(v: number | 'all') => setStore(v)}
      options={[...d.stores.map((s) => ({ value: s.id, label: s.name })), ...(d.allowAll ? [{ value: 'all' as const, label: t('storeAll') }] : [])]}
    />
  );

  return (
    <section aria-label={t('title')} style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Flex align="center" gap={12} wrap>
          {d && (
            <Typography.Text type="secondary">
              {t('asOf', { date: '' })}
              <DateText value={d.today} />
            </Typography.Text>
          )}
          {picker}
        </Flex>
      </Flex>
      {q.isError && !d ? (
        <Alert
          type="error"
          showIcon
          message={t('error')}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : !d ? (
        <Card aria-busy="true" aria-label={t('loading')}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Body d={d} tipsAllowed={tipsAllowed} />
      )}
    </section>
  );
}

function Body({ d, tipsAllowed }: { d: Dashboard; tipsAllowed: boolean }) {
  const { t } = useTranslation('portfolio');
  const dueLink = `${TIPS_PATH}?dueFrom=${d.today}&dueTo=${d.today}`;
  const overdueLink = `${TIPS_PATH}?overdueOnly=yes`;
  const count = (n: number, to: string) =>
    tipsAllowed ? (
      <Link to={to} aria-label={t('openTips')} title={t('openTips')}>
        {n}
      </Link>
    ) : (
      n
    );

  const parOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)}%` },
      legend: { bottom: 0 },
      grid: { left: 44, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: [...d.parTrend.map((p) => p.asOf.slice(0, 7)), t('today')] },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: ([30, 60, 90] as const).map((n) => ({
        name: t('parLabel', { days: n }),
        type: 'line',
        data: [...d.parTrend.map((p) => p[`par${n}`]), d.par[`par${n}`]],
      })),
    }),
    [d, t],
  );
  const monthsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => moneyDisplay(String(v)) },
      legend: { bottom: 0 },
      grid: { left: 72, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: d.months.map((m) => m.month) },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => v.toLocaleString('en') } },
      series: [
        { name: t('monthsDisbursed'), type: 'bar', data: d.months.map((m) => m.disbursed), itemStyle: { color: '#1677ff' } },
        { name: t('monthsCollected'), type: 'bar', data: d.months.map((m) => m.collected), itemStyle: { color: '#52c41a' } },
      ],
    }),
    [d, t],
  );

  return (
    <>
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Figure
            testId="fig-repaying"
            label={t('repayingLoans')}
            value={d.book.repayingLoans}
            foot={d.book.ocaLoans > 0 ? <Typography.Text type="secondary">{t('ocaLoans', { count: d.book.ocaLoans })}</Typography.Text> : null}
          />
        </Col>
        <Col xs={12} md={6}>
          <Figure testId="fig-outstanding" label={t('outstanding')} hint={t('outstandingHint')} value={<Money value={d.book.outstandingPrincipal} />} />
        </Col>
        <Col xs={12} md={6}>
          <Figure testId="fig-due-today" label={t('dueToday')} hint={t('dueTodayHint')} value={count(d.dueToday, dueLink)} />
        </Col>
        <Col xs={12} md={6}>
          <Figure testId="fig-overdue" label={t('overdue')} hint={t('overdueHint')} value={count(d.overdue, overdueLink)} />
        </Col>
        {(['disbursed', 'collected'] as const).map((k) => (
          <Col key={k} xs={24} md={12}>
            <Figure
              testId={`fig-${k}`}
              label={t(k)}
              value={<Money value={d.thisMonth[k]} />}
              foot={
                <Flex justify="space-between" wrap gap={4}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('vsLastMonth', { amount: moneyDisplay(d.lastMonthToDate[k]) })} · {t('lastMonthWhole', { amount: moneyDisplay(d.lastMonth[k]) })}
                  </Typography.Text>
                  <Delta now={d.thisMonth[k]} before={d.lastMonthToDate[k]} />
                </Flex>
              }
            />
          </Col>
        ))}
      </Row>

      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title={<h3 style={{ fontSize: 15, margin: 0 }}>{t('par')}</h3>} style={{ height: '100%' }}>
            <Row gutter={[8, 8]}>
              {([30, 60, 90] as const).map((n) => (
                <Col key={n} span={8}>
                  <Figure
                    testId={`fig-par${n}`}
                    label={t('parLabel', { days: n })}
                    hint={t('parHint', { days: n })}
                    value={`${d.par[`par${n}`]}%`}
                    foot={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{moneyDisplay(d.par[`par${n}Principal`])}</Typography.Text>}
                  />
                </Col>
              ))}
            </Row>
            <Typography.Text strong style={{ display: 'block', margin: '12px 0 4px' }}>
              {t('parTrend')}
            </Typography.Text>
            <LazyChart option={parOption} label={t('parTrend')} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={<h3 style={{ fontSize: 15, margin: 0 }}>{t('monthsChart')}</h3>} style={{ height: '100%' }}>
            <LazyChart option={monthsOption} height={330} label={t('monthsChart')} />
          </Card>
        </Col>
      </Row>

      <Card size="small" title={<h3 style={{ fontSize: 15, margin: 0 }}>{t('topAgents')}</h3>} style={{ marginTop: 12 }}>
        {d.topAgents.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noAgents')} />
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey="agentId"
            dataSource={d.topAgents}
            columns={[
              { key: 'name', title: t('agent'), dataIndex: 'name' },
              { key: 'loans', title: t('agentLoans'), dataIndex: 'loans', align: 'right', width: 100 },
              { key: 'principal', title: t('agentPrincipal'), dataIndex: 'principal', align: 'right', width: 180, render: (v: string) => <Money value={v} /> },
            ]}
          />
        )}
      </Card>
    </>
  );
}
