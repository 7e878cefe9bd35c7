import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session.js';
import { routeTitle } from './title.js';

/** The company name: the server's when it sends one, else the product's default (spec §9). */
export function useCompanyName(): string {
  const { t } = useTranslation('common');
  const fromServer = useSession((s) => s.user?.companyName);
  return fromServer || t('companyName');
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
