import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shell/use-document-title.js';

/** 401 and 404 (spec §2, §8): a short explanation and Back Home. */
export function ErrorPage({ code }: { code: 401 | 404 }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  useDocumentTitle(`shell:errorPage.${code}Title`);
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status={code === 401 ? '403' : '404'}
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{`${code} · ${t(`errorPage.${code}Title`)}`}</h1>}
        subTitle={t(`errorPage.${code}Text`)}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </main>
  );
}
