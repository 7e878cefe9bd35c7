import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { LoanPapers, PaperLanguage } from '@harbour/contracts';
import { call } from '../api/index.js';
import { endpoints } from '../api/endpoints.js';
import { useTranslation } from 'react-i18next';
import './lender-header.css';

/** The paper language for a UI language: Chinese papers for either Chinese UI, else English. */
export const paperLanguageOf = (uiLanguage: string): PaperLanguage => (uiLanguage.startsWith('zh') ? 'zh-TW' : 'en');

/** The lender's name and address in the paper's language, the other language when one is blank. */
export function lenderIn(lender: Pick<LoanPapers['lender'], 'nameZh' | 'nameEn' | 'addressZh' | 'addressEn'>, lang: PaperLanguage): { name: string; address: string } {
  const pick = (zh: string | null, en: string | null) => ((lang === 'en' ? en || zh : zh || en) ?? '').trim();
  return { name: pick(lender.nameZh, lender.nameEn), address: pick(lender.addressZh, lender.addressEn) };
}

/** What every paper's header prints of the lender (the company particulars, or the loan papers' copy of them). */
export type PaperLender = Pick<LoanPapers['lender'], 'nameZh' | 'nameEn' | 'licenceNo' | 'addressZh' | 'addressEn' | 'phone' | 'logoUrl'>;

/** The company particulars every paper's header prints, loaded once and shared by the papers. */
export function usePaperLender(): PaperLender | undefined {
  const company = useQuery({ queryKey: ['companyInfo'], queryFn: ({ signal }) => call(endpoints.company.get, { signal }), staleTime: 60_000 });
  return company.data;
}

/**
 * The one header of every paper (loan papers, receipts, quotes, statements, report print views,
 * the calculator): the lender's names in both languages, licence number, address and telephone,
 * and the logo, in the paper's language (`t` fixed to it); `reference` on the right (loan number,
 * date), the paper's title under them.
 */
export function LenderHeader({
  lender,
  lang,
  t,
  title,
  subtitle,
  reference,
  heading: Heading = 'h2',
}: {
  lender: PaperLender;
  lang: PaperLanguage;
  t: TFunction;
  title: ReactNode;
  subtitle?: ReactNode;
  reference?: ReactNode;
  /** the title's heading level: h1 where the sheet is the page's own content (a report's print view) */
  heading?: 'h1' | 'h2';
}) {
  const own = lenderIn(lender, lang);
  const other = lang === 'en' ? lender.nameZh : lender.nameEn;
  const contact = [own.address, lender.phone ? t('papers:header.tel', { phone: lender.phone }) : ''].filter(Boolean).join(' · ');
  return (
    <header className="paper-header">
      <div className="paper-lender">
        {lender.logoUrl && <img className="paper-logo" src={lender.logoUrl} alt="" />}
        <div>
          <div className="paper-lender-name">{own.name}</div>
          {other && other !== own.name && <div className="paper-lender-other">{other}</div>}
          <div className="paper-small">{t('papers:header.licence', { no: lender.licenceNo })}</div>
          {contact && <div className="paper-small">{contact}</div>}
        </div>
      </div>
      {reference && <div className="paper-ref paper-small">{reference}</div>}
      <Heading className="paper-title">{title}</Heading>
      {subtitle && <div className="paper-subtitle">{subtitle}</div>}
    </header>
  );
}

/**
 * The lender's header above a screen's own figures when they print (the calculator's schedule,
 * the trial balance), in the screen's language. `printOnly`: shown only on the printed page.
 */
export function ScreenPaperHeader({ title, printOnly = false }: { title: ReactNode; printOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const lender = usePaperLender();
  if (!lender) return null;
  return (
    <div className={printOnly ? 'harbour-print-only' : undefined}>
      <LenderHeader lender={lender} lang={paperLanguageOf(i18n.language)} t={t} title={title} />
    </div>
  );
}
