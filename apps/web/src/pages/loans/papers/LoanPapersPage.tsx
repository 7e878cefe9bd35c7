import { useCallback, useState } from 'react';
import { Alert, Button, Card, Flex, Result, Select, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAPER_NAMES, type PaperLanguage } from '@harbour/contracts';
import { call } from '../../../api/index.js';
import { endpoints } from '../../../api/endpoints.js';
import { Printout } from '../../../components/Printout';
import { PaperStack } from './Papers';
import { PaperLanguageSwitch, usePaperTexts } from './PaperLanguage';
import { isPaperChoice, loanPapersKey, paperLanguageParam, papersToPrint, type PaperChoice } from './papers-model';
import './papers.css';


/**
 * Loan → papers (`/loan/papers?id=7&paper=s18|summary|terms|intermediary|affordability|schedule|receipt|all&lang=zh-TW|en`):
 * the papers Hong Kong law asks for, built from the loan's data (`GET /loans/{id}/papers`), in the
 * language the borrower reads (the staff member's by default). Print records each paper with the
 * audited `POST /loans/{id}/print` first, then prints them on A4, one paper a page.
 */
export default function LoanPapersPage() {
  const { t, i18n } = useTranslation('papers');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [printing, setPrinting] = useState(false);
  const [recording, setRecording] = useState(false);
  const raw = search.get('id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : undefined;
  const paperParam = search.get('paper');
  const choice: PaperChoice = isPaperChoice(paperParam) ? paperParam : 's18';
  const lang: PaperLanguage = paperLanguageParam(search.get('lang'), i18n.language);

  const papers = useQuery({
    queryKey: loanPapersKey(id ?? 0),
    queryFn: ({ signal }) => call(endpoints.loans.papers, { params: { id: id! }, signal }),
    enabled: id !== undefined,
    // A reveal-key holder's answer is audited: fetched once per visit, not on every focus.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const textsReady = usePaperTexts(lang);
  const done = useCallback(() => setPrinting(false), []);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    next.set(key, value);
    setSearch(next, { replace: true });
  };

  if (id === undefined) {
    return (
      <Result
        status="info"
        title={t('chooseLoan')}
        extra={
          <Button type="primary" onClick={() => navigate('/loan/list')}>
            {t('toList')}
          </Button>
        }
      />
    );
  }
  if (papers.isError) return <Result status="404" title={t('notFound')} subTitle={papers.error.message} />;
  if (!papers.data || !textsReady) return <Spin />;
  const p = papers.data;
  const names = papersToPrint(choice, p.papers);
  const paperT = i18n.getFixedT(lang, 'papers');

  const print = async () => {
    setRecording(true);
    try {
      // Each paper's print is recorded (audited) before the dialog opens; a refusal stops the print.
      for (const n of names) {
        await call(endpoints.loans.print, { params: { id: id! }, body: { document: PAPER_NAMES[n], language: lang } });
      }
      setPrinting(true);
    } finally {
      setRecording(false);
    }
  };

  const options = [...Object.keys(PAPER_NAMES), 'all'].map((n) => ({
    value: n,
    label: t(`names.${n}`),
    disabled: n !== 'all' && !p.papers.includes(PAPER_NAMES[n as keyof typeof PAPER_NAMES]),
  }));

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('title')}
            </Typography.Title>
            <Typography.Text type="secondary">{p.loan.loanNo ?? p.loan.applyNo}</Typography.Text>
          </Space>
          <Space wrap>
            <Select aria-label={t('paper')} style={{ minWidth: 240 }} value={choice} onChange={(v) => set('paper', v)} options={options} />
            <PaperLanguageSwitch value={lang} onChange={(l) => set('lang', l)} />
            <Button type="primary" icon={<PrinterOutlined />} loading={recording} disabled={names.length === 0} onClick={() => void print()}>
              {t('print')}
            </Button>
          </Space>
        </Flex>
        {!p.idNumbersRevealed && <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('idMasked')} />}
        {names.length === 0 && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('unavailable')} />}
      </Card>
      {names.length > 0 && <PaperStack p={p} lang={lang} t={paperT} names={names} />}
      {printing && (
        <Printout className="loan-papers-print" onDone={done}>
          <PaperStack p={p} lang={lang} t={paperT} names={names} />
        </Printout>
      )}
    </Flex>
  );
}
