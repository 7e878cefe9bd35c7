import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { companyNameIn, loadCompany, useCompany } from '../stores/company.js';
import { routeTitle } from './title.js';

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

/** Spec §9: "<page title> - <company name>", or the company name alone. */
export function useDocumentTitle(titleKey: string | undefined) {
  const { t, i18n } = useTranslation();
  const company = useCompanyName();
  useEffect(() => {
    const title = routeTitle(t, titleKey);
    document.title = title ? `${title} - ${company}` : company;
  }, [t, titleKey, company, i18n.language]);
}
