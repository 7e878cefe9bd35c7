import { useCallback, useState, type ReactNode } from 'react';
import { Button, Card, Flex, Space, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CompanyInfo, PaperLanguage } from '@harbour/contracts';
import { Printout } from '../../../components/Printout';
import { companyApi } from '../../company/company-api';
import { PaperLanguageSwitch, usePaperTexts } from './PaperLanguage';
import { paperLanguageOf } from './papers-model';
import './papers.css';

export interface PaperContext {
  lang: PaperLanguage;
  /** texts in the paper's language (not the screen's) */
  t: TFunction;
  company: CompanyInfo;
}

/**
 * One A4 paper on screen in the chosen language (zh-TW or en, the staff member's by default) with
 * a print button that prints it alone: the repayment receipt, the statements of account.
 */
export function PaperCard({ title, printLabel, extra, children }: { title: ReactNode; printLabel: string; extra?: ReactNode; children: (paper: PaperContext) => ReactNode }) {
  const { i18n } = useTranslation('papers');
  const [lang, setLang] = useState<PaperLanguage>(() => paperLanguageOf(i18n.language));
  const [printing, setPrinting] = useState(false);
  const done = useCallback(() => setPrinting(false), []);
  const company = useQuery({ queryKey: ['companyInfo'], queryFn: ({ signal }) => companyApi.get(signal), staleTime: 60_000 });
  const ready = usePaperTexts(lang);
  if (!company.data || !ready) return <Spin />;
  const sheet = children({ lang, t: i18n.getFixedT(lang), company: company.data });
  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {extra}
          <PaperLanguageSwitch value={lang} onChange={setLang} />
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
            {printLabel}
          </Button>
        </Space>
      }
    >
      <Flex vertical className="loan-papers harbour-paper">
        {sheet}
      </Flex>
      {printing && (
        <Printout className="loan-papers-print" onDone={done}>
          <div className="loan-papers">{sheet}</div>
        </Printout>
      )}
    </Card>
  );
}
