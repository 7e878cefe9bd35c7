import { Link } from 'react-router';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyName } from './use-document-title.js';

/** Spec §2: the footer's copyright line, with the legal pages one click away. */
export function Footer() {
  const { t } = useTranslation('shell');
  const company = useCompanyName();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '12px 16px', fontSize: 12, color: 'var(--harbour-muted)' }}>
      {t('footer.copyright', { year: new Date().getFullYear(), company })}
      {' · '}
      <Link to="/privacy-policy" style={{ textDecoration: 'underline' }}>
        {t('footer.privacy')}
      </Link>
      {' · '}
      <Link to="/user-agreement" style={{ textDecoration: 'underline' }}>
        {t('footer.agreement')}
      </Link>
    </Layout.Footer>
  );
}
