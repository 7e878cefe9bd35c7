import { useCallback, useState } from 'react';
import { Alert, Button, Flex, Spin } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { REPORT_PRINT_MAX_ROWS, type ReportAnswer, type ReportDecl } from '@harbour/contracts';
import { Printout } from '../../components/Printout';
import { DateTimeText } from '../../generic/DateTimeText';
import { LenderHeader, usePaperLender } from '../../components/LenderHeader';
import { paperLanguageOf } from '../loans/papers/papers-model';
import { ReportCell, isNumeric, useColumnTitle } from './ReportCell';
import { useParamSummary } from './ReportParams';
import { reportApi } from './report-api';
import { fromSearch, runQuery } from './report-model';

/** A CSS string literal. */
const cssString = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

/**
 * "Page X of Y" in the printed page's margin (CSS paged media counters), in the caller's language:
 * the translation's text around `{{page}}` and `{{pages}}`.
 */
function PageNumbers() {
  const { t } = useTranslation('reports');
  const [before = '', rest = ''] = t('page.pageOf', { page: '§page§', pages: '§pages§' }).split('§page§');
  const [middle = '', after = ''] = rest.split('§pages§');
  const content = `${cssString(before)} counter(page) ${cssString(middle)} counter(pages) ${cssString(after)}`;
  return <style>{`@page report { size: A4 landscape; margin: 10mm 10mm 14mm; @bottom-right { content: ${content}; font-size: 8pt; } }`}</style>;
}

/** The sheet: the lender's header (names, licence, address, telephone), title, parameters, generated at, every row and the totals. */
function Sheet({ decl, answer }: { decl: ReportDecl; answer: ReportAnswer }) {
  const { t, i18n } = useTranslation('reports');
  const lender = usePaperLender();
  const columnTitle = useColumnTitle(decl);
  const summary = useParamSummary(decl)(answer.params);
  const hasTotals = decl.columns.some((c) => c.total);
  return (
    <div className="report-sheet">
      <PageNumbers />
      {/* the title and when it was made, whether or not the lender's particulars have loaded */}
      {!lender && (
        <header className="paper-header">
          <h1 className="paper-title">{t(`${decl.name}.title`)}</h1>
          <div className="paper-small">
            {t('page.generatedAt')}: <DateTimeText value={answer.generatedAt} />
          </div>
        </header>
      )}
      {lender && (
        <LenderHeader
          lender={lender}
          lang={paperLanguageOf(i18n.language)}
          t={t}
          title={t(`${decl.name}.title`)}
          heading="h1"
          reference={
            <div>
              {t('page.generatedAt')}: <DateTimeText value={answer.generatedAt} />
            </div>
          }
        />
      )}
      <div className="report-sheet-params">
        {summary.map(([label, value]) => (
          <span key={label}>
            {label}: <strong>{value}</strong>
          </span>
        ))}
        <span>{t('page.rows', { count: answer.total })}</span>
      </div>
      <table className="report-sheet-table">
        <thead>
          <tr>
            {decl.columns.map((c) => (
              <th key={c.key} className={isNumeric(c) ? 'num' : undefined}>
                {columnTitle(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((r) => (
            <tr key={String(r[decl.rowKey])}>
              {decl.columns.map((c) => (
                <td key={c.key} className={isNumeric(c) ? 'num' : undefined}>
                  <ReportCell column={c} value={r[c.key]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {hasTotals && (
          <tfoot>
            <tr>
              {decl.columns.map((c, i) => (
                <td key={c.key} className={isNumeric(c) ? 'num' : undefined}>
                  {i === 0 ? t('page.totals') : c.total ? <ReportCell column={c} value={answer.totals[c.key]} /> : null}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/**
 * The print view of a report (`/reports/<name>?print=1&<parameters>`): every row up to
 * `REPORT_PRINT_MAX_ROWS` on A4 landscape sheets with the company, title, parameters, generated
 * at, the totals and page numbers; more rows than that are to be exported instead.
 */
export function ReportPrintView({ decl }: { decl: ReportDecl }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { params, sort } = fromSearch(decl, search);
  const [printing, setPrinting] = useState(false);
  const done = useCallback(() => setPrinting(false), []);
  const query = useQuery({
    queryKey: ['report-print', decl.name, params, sort],
    queryFn: ({ signal }) => reportApi.run(decl.name, runQuery(params, { sort, page: 1, pageSize: REPORT_PRINT_MAX_ROWS }), signal),
  });
  const back = () => {
    const q = new URLSearchParams(search);
    q.delete('print');
    navigate(`${pathname}${q.size ? `?${q.toString()}` : ''}`);
  };
  const answer = query.data;
  const tooMany = !!answer && answer.total > REPORT_PRINT_MAX_ROWS;
  return (
    <Flex vertical gap={12} className="report-print-view">
      <Flex wrap gap={8} justify="space-between">
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('page.back')}
        </Button>
        <Button type="primary" icon={<PrinterOutlined />} disabled={!answer || tooMany} onClick={() => setPrinting(true)}>
          {t('page.printNow')}
        </Button>
      </Flex>
      {query.isError && <Alert type="error" showIcon title={query.error.message} />}
      {tooMany && <Alert type="warning" showIcon title={t('page.printTooMany', { count: answer.total, max: REPORT_PRINT_MAX_ROWS })} />}
      {!answer && !query.isError && <Spin />}
      {answer && !tooMany && (
        <div className="report-sheet-preview harbour-paper">
          <Sheet decl={decl} answer={answer} />
        </div>
      )}
      {printing && answer && (
        <Printout className="report-printout" onDone={done}>
          <Sheet decl={decl} answer={answer} />
        </Printout>
      )}
    </Flex>
  );
}
