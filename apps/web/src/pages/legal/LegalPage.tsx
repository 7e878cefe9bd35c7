/**
 * The privacy policy and user agreement (spec §2: reachable without login). Their text lives in
 * the `legal` namespace as a title, an "updated" line and sections of paragraphs, so all three
 * languages carry the full text.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../shell/LanguageMenu.js';
import { useDocumentTitle } from '../../shell/use-document-title.js';
import './legal.css';

interface Section {
  heading: string;
  paragraphs: string[];
}

export function LegalPage({ doc }: { doc: 'privacy' | 'agreement' }) {
  const { t } = useTranslation('legal');
  useDocumentTitle(`legal:${doc}.title`);
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];

  return (
    <div className="legal-page">
      <header className="legal-top">
        <Link to="/">{t('common:actions.backHome')}</Link>
        <LanguageMenu withLabel />
      </header>
      <main className="legal-body">
        <h1>{t(`${doc}.title`)}</h1>
        <p className="legal-updated">{t(`${doc}.updated`)}</p>
        <p>{t(`${doc}.intro`)}</p>
        {Array.isArray(sections) &&
          sections.map((s) => (
            <section key={s.heading}>
              <h2>{s.heading}</h2>
              {s.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
        <nav className="legal-links" aria-label={t('related')}>
          <Link to={doc === 'privacy' ? '/user-agreement' : '/privacy-policy'}>
            {t(doc === 'privacy' ? 'agreement.title' : 'privacy.title')}
          </Link>
        </nav>
      </main>
    </div>
  );
}
