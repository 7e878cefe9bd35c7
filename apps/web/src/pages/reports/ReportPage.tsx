import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Popover, Flex, Progress, Result, Space, Table, Typography, type TableColumnsType } from 'antd';
import { ColumnWidthOutlined, FileExcelOutlined, FileTextOutlined, PrinterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { REPORT_PAGE_SIZES, reportByName, type ReportColumnDecl, type ReportDecl, type ReportExportFormat } from '@harbour/contracts';
import { ReportCell, isNumeric, useColumnTitle } from './ReportCell';
import { ParamInput, useParamLabel } from './ReportParams';
import { ReportPrintView } from './ReportPrintView';
import { defaultVisible, useVisibleColumns } from './report-columns';
import { reportApi } from './report-api';
import { formatBytes, fromSearch, runQuery, sortOf, type ParamValues } from './report-model';
import './reports.css';

type Row = Record<string, string | number | null>;

/** The report's parameter form: one input per declared parameter, Run and Reset. */
function ParamForm({ decl, values, onChange, onRun, onReset, running }: { decl: ReportDecl; values: ParamValues; onChange: (v: ParamValues) => void; onRun: () => void; onReset: () => void; running: boolean }) {
  const { t } = useTranslation('reports');
  const label = useParamLabel(decl);
  return (
    <form
      className="report-params"
      aria-label={t('page.parameters')}
      onSubmit={(e) => {
        e.preventDefault();
        onRun();
      }}
    >
      {decl.params.map((p) => (
        <label key={p.name} className="report-param">
          <span className="report-param-label">{label(p)}</span>
          <ParamInput decl={decl} p={p} value={values[p.name] ?? null} onChange={(v) => onChange({ ...values, [p.name]: v })} />
        </label>
      ))}
      <Space wrap className="report-param-actions">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={running}>
          {t('page.run')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          {t('page.reset')}
        </Button>
      </Space>
    </form>
  );
}

/**
 * A column's width on screen (px): sized so each report's default columns fit the content area of
 * a 1440-wide window; text longer than its column ends in an ellipsis with the whole on hover.
 */
function screenWidth(c: ReportColumnDecl): number {
  if (c.width === 'wide') return 170;
  if (c.width === 'narrow') return 64;
  if (c.compact) return 84;
  switch (c.kind) {
    case 'money':
      return 110;
    case 'integer':
    case 'percent':
      return 80;
    case 'date':
      return 100;
    case 'datetime':
      return 150;
    case 'code':
      return 120;
    default:
      return 110;
  }
}

/** The column chooser: which columns the table shows, remembered per user and report; the first is always shown. */
function ColumnChooser({ decl, visible, onChoose }: { decl: ReportDecl; visible: string[]; onChoose: (keys: string[] | null) => void }) {
  const { t } = useTranslation('reports');
  const columnTitle = useColumnTitle(decl);
  const isDefault = visible.join() === defaultVisible(decl).join();
  const content = (
    <Flex vertical gap={4} className="report-column-chooser">
      <Checkbox.Group
        value={visible}
        onChange={(keys) => onChoose(keys.map(String))}
        options={decl.columns.map((c, i) => ({ label: columnTitle(c), value: c.key, disabled: i === 0 }))}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      />
      <Button size="small" type="link" disabled={isDefault} onClick={() => onChoose(null)} style={{ alignSelf: 'flex-start', padding: 0 }}>
        {t('page.columnsDefault')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('page.columns')} content={content}>
      <Button icon={<ColumnWidthOutlined />}>{t('page.columnsShown', { shown: visible.length, total: decl.columns.length })}</Button>
    </Popover>
  );
}

/**
 * Reports → any declared report: the parameter form from its declaration, the table (server sort
 * and paging) with the totals of every row, exports to xlsx and CSV with the bytes received while
 * they download, and the print view (`?print=1`, the same parameters).
 */
function ReportView({ decl }: { decl: ReportDecl }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const initial = fromSearch(decl, search);
  // `form` is what is typed; `applied` what the table shows (Run copies one to the other).
  const [form, setForm] = useState<ParamValues>(initial.params);
  const [applied, setApplied] = useState<ParamValues>(initial.params);
  const [sort, setSort] = useState<string | undefined>(initial.sort);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(REPORT_PAGE_SIZES[1]);
  const [received, setReceived] = useState<number | null>(null);
  const columnTitle = useColumnTitle(decl);
  const [visible, choose] = useVisibleColumns(decl);

  const query = useQuery({
    queryKey: ['report', decl.name, applied, sort, page, pageSize],
    queryFn: ({ signal }) => reportApi.run(decl.name, runQuery(applied, { sort, page, pageSize }), signal),
    placeholderData: keepPreviousData,
  });
  const answer = query.data;
  // Exports and the print view take the parameters of the rows shown (the server's defaults filled in).
  const shown: ParamValues = answer?.params ?? applied;
  // The first answer tells the defaults the server applied: the form shows them.
  const [filled, setFilled] = useState(false);
  if (answer && !filled) {
    setFilled(true);
    setForm(answer.params);
  }

  const exporting = useMutation({
    mutationFn: (format: ReportExportFormat) => {
      setReceived(0);
      return reportApi.export(decl.name, runQuery(shown, { sort }), format, setReceived);
    },
    onSettled: () => setReceived(null),
  });

  const run = () => {
    setApplied(form);
    setPage(1);
  };
  const reset = () => {
    setFilled(false);
    setForm({});
    setApplied({});
    setSort(undefined);
    setPage(1);
  };
  const openPrint = () => {
    const q = new URLSearchParams(Object.entries(runQuery(shown, { sort })).map(([k, v]) => [k, String(v)]));
    q.set('print', '1');
    navigate(`${pathname}?${q.toString()}`);
  };

  const [sortKey, sortDir] = (sort ?? `${decl.defaultSort.key}:${decl.defaultSort.order}`).split(':');
  const shownColumns = decl.columns.filter((c) => visible.includes(c.key));
  const columns: TableColumnsType<Row> = shownColumns.map((c, i) => ({
    key: c.key,
    dataIndex: c.key,
    title: columnTitle(c),
    align: isNumeric(c) ? 'right' : 'left',
    sorter: true,
    sortOrder: sortKey === c.key ? (sortDir === 'asc' ? 'ascend' : 'descend') : null,
    ellipsis: c.width !== 'wide',
    // the first column names the row: it stays in view when the table scrolls sideways
    fixed: i === 0 ? 'left' : undefined,
    width: screenWidth(c),
    render: (v: Row[string]) => <ReportCell column={c} value={v} compact={c.compact} />,
  }));
  const hasTotals = decl.columns.some((c) => c.total);
  const empty = answer !== undefined && answer.total === 0;

  return (
    <Card title={t(`${decl.name}.title`)} className="report-page">
      <Typography.Paragraph type="secondary">{t(`${decl.name}.description`)}</Typography.Paragraph>
      <ParamForm decl={decl} values={form} onChange={setForm} onRun={run} onReset={reset} running={query.isFetching} />
      <Flex wrap gap={8} justify="space-between" align="center" className="report-toolbar">
        <Typography.Text type="secondary">{answer ? t('page.rows', { count: answer.total }) : ' '}</Typography.Text>
        <Space wrap>
          <ColumnChooser decl={decl} visible={visible} onChoose={choose} />
          <Button icon={<FileExcelOutlined />} disabled={!answer || empty || exporting.isPending} loading={exporting.isPending && exporting.variables === 'xlsx'} onClick={() => exporting.mutate('xlsx')}>
            {t('page.exportXlsx')}
          </Button>
          <Button icon={<FileTextOutlined />} disabled={!answer || empty || exporting.isPending} loading={exporting.isPending && exporting.variables === 'csv'} onClick={() => exporting.mutate('csv')}>
            {t('page.exportCsv')}
          </Button>
          <Button icon={<PrinterOutlined />} disabled={!answer || empty} onClick={openPrint}>
            {t('page.print')}
          </Button>
        </Space>
      </Flex>
      {received !== null && (
        <Flex role="status" align="center" gap={8} className="report-progress">
          <Progress percent={100} status="active" showInfo={false} size="small" style={{ width: 120, margin: 0 }} />
          <Typography.Text>{t('page.exporting', { size: formatBytes(received) })}</Typography.Text>
        </Flex>
      )}
      {query.isError && <Alert type="error" showIcon title={query.error.message} style={{ marginBottom: 12 }} />}
      {answer?.replicaBehindSeconds !== undefined && (
        <Alert type="warning" showIcon title={t('page.replicaBehind', { seconds: answer.replicaBehindSeconds })} style={{ marginBottom: 12 }} />
      )}
      <Table<Row>
        size="small"
        rowKey={(r) => String(r[decl.rowKey])}
        columns={columns}
        dataSource={answer?.rows ?? []}
        loading={query.isFetching}
        locale={{ emptyText: <Empty description={t('page.rows', { count: 0 })} /> }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: answer?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: REPORT_PAGE_SIZES.map(String),
          size: 'small',
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const next = sortOf(s?.field, s?.order);
          if (next !== sort) {
            setSort(next);
            setPage(1);
          } else {
            setPage(pagination.current ?? 1);
          }
          if (pagination.pageSize && pagination.pageSize !== pageSize) {
            setPageSize(pagination.pageSize);
            setPage(1);
          }
        }}
        summary={() =>
          hasTotals && answer && !empty ? (
            <Table.Summary fixed>
              <Table.Summary.Row className="report-totals">
                {shownColumns.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i} align={isNumeric(c) ? 'right' : 'left'}>
                    {i === 0 ? <strong>{t('page.totals')}</strong> : c.total ? <strong><ReportCell column={c} value={answer.totals[c.key]} compact={c.compact} /></strong> : null}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Card>
  );
}

/** Which report: the menu page's path is `/reports/<name>`. */
export default function ReportPage() {
  const { t } = useTranslation('reports');
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const name = pathname.split('/').filter(Boolean)[1] ?? '';
  const decl = reportByName(name);
  if (!decl) return <Result status="404" title={t('page.notFound')} />;
  return search.get('print') ? <ReportPrintView key={`${decl.name}-print`} decl={decl} /> : <ReportView key={decl.name} decl={decl} />;
}
