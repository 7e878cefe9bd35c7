import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { companyNameIn, loadCompany, useCompany } from '../stores/company.js';
import { routeTitle, tabTitle } from './title.js';

/**
 * The company name (spec §9): the company information record's, in the interface language, else
 * the product's default while it loads or when none is saved.
 */
export function useCompanyName(): string {
  const { t, i18n } = useTranslation('common');
  const company = useCompany((s) => s.company);
  useEffect(() => {
    void loadCompany();
  }, []);
  return companyNameIn(company, i18n.language) || t('companyName');
}

/**
 * Spec §9: "<page title> - <company name>", or the company name alone; with the record the page
 * shows, "<page title> · <record> - <company name>", as its tab reads.
 */
export function useDocumentTitle(titleKey: string | undefined, detail?: string) {
  const { t, i18n } = useTranslation();
  const company = useCompanyName();
  useEffect(() => {
    const title = tabTitle(routeTitle(t, titleKey), detail);
    document.title = title ? `${title} - ${company}` : company;
  }, [t, titleKey, detail, company, i18n.language]);
}
