import { Alert, Button, Flex, Table, Tooltip, Typography } from 'antd';
import { CheckOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImportDryRun } from '@harbour/contracts';

type Problem = ImportDryRun['problems'][number];

interface Props {
  result: ImportDryRun;
  committing: boolean;
  downloading: boolean;
  onDownloadRejected: () => void;
  onCommit: () => void;
}

/** A dry run's answer: rows per sheet, every problem (sortable, paged) and the next step — fix or commit. */
export function DryRunResult({ result, committing, downloading, onDownloadRejected, onCommit }: Props) {
  const { t } = useTranslation('tools');
  const sheetName = (sheet: string) => t(`import.sheets.${sheet}`);
  const columnName = (p: Problem) => (p.column ? t(`import.columns.${p.sheet}.${p.column}`, { defaultValue: p.column }) : '—');
  const hasProblems = result.problems.length > 0;
  const nothingRead = result.counts.every((c) => c.read === 0);

  return (
    <Flex vertical gap={12} style={{ marginBottom: 12 }}>
      <Flex wrap gap={16} align="flex-start">
        <Table
          size="small"
          pagination={false}
          rowKey="sheet"
          dataSource={result.counts}
          style={{ minWidth: 320 }}
          locale={{ emptyText: <Typography.Text type="secondary">{t('importPage.noSheets')}</Typography.Text> }}
          columns={[
            { title: t('importPage.sheet'), dataIndex: 'sheet', render: sheetName },
            { title: t('importPage.read'), dataIndex: 'read', align: 'right' },
            { title: t('importPage.valid'), dataIndex: 'valid', align: 'right' },
            { title: t('importPage.rejected'), dataIndex: 'rejected', align: 'right' },
          ]}
        />
        <Flex vertical gap={8} style={{ flex: '1 1 320px' }}>
          {hasProblems ? (
            <Alert type="warning" showIcon title={t('importPage.problemsFound', { count: result.problems.length })} />
          ) : (
            <Alert type={nothingRead ? 'info' : 'success'} showIcon title={t(nothingRead ? 'importPage.noSheets' : 'importPage.noProblems')} />
          )}
          {!hasProblems && result.reconciliation.loans > 0 && (
            <Alert
              type={result.reconciliation.differing > 0 ? 'warning' : 'info'}
              showIcon
              title={t('importPage.reconciliation.dryRunSummary', { loans: result.reconciliation.loans, differing: result.reconciliation.differing })}
            />
          )}
          <Flex wrap gap={8}>
            <Button icon={<FileExcelOutlined />} disabled={!hasProblems} loading={downloading} onClick={onDownloadRejected}>
              {t('importPage.downloadRejected')}
            </Button>
            <Tooltip title={hasProblems ? t('importPage.fixFirst') : undefined}>
              <Button type="primary" icon={<CheckOutlined />} disabled={hasProblems || nothingRead} loading={committing} onClick={onCommit}>
                {t('importPage.commit')}
              </Button>
            </Tooltip>
          </Flex>
        </Flex>
      </Flex>
      {hasProblems && (
        <Table<Problem>
          size="small"
          aria-label={t('importPage.problems')}
          rowKey={(p) => `${p.sheet}.${p.row}.${p.column ?? ''}.${p.message}`}
          dataSource={result.problems}
          pagination={{ defaultPageSize: 10, showSizeChanger: true, hideOnSinglePage: true, size: 'small' }}
          columns={[
            { title: t('importPage.sheet'), dataIndex: 'sheet', render: sheetName, sorter: (a, b) => a.sheet.localeCompare(b.sheet) },
            { title: t('importPage.row'), dataIndex: 'row', align: 'right', width: 80, sorter: (a, b) => a.row - b.row },
            { title: t('importPage.column'), key: 'column', render: (_, p) => columnName(p), sorter: (a, b) => (a.column ?? '').localeCompare(b.column ?? '') },
            { title: t('importPage.problem'), dataIndex: 'message' },
          ]}
        />
      )}
    </Flex>
  );
}
