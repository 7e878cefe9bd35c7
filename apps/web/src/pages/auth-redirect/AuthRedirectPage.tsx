/**
 * /auth-redirect: landing point after signing in elsewhere (e.g. a link from another system).
 * It accepts tokens in the URL fragment (`#access_token=…&refresh_token=…&expires_in=…`), stores
 * them as a login would, and continues to `redirect` (or the dashboard); without them it goes to
 * /login.
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveTokens } from '../../api/token-store.js';
import { safeRedirect } from '../login/LoginPage.js';

export default function AuthRedirectPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();

  useEffect(() => {
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
    const access = hash.get('access_token');
    const target = safeRedirect(params.get('redirect'));
    if (access) {
      saveTokens({
        access_token: access,
        refresh_token: hash.get('refresh_token') ?? '',
        token_type: hash.get('token_type') ?? 'Bearer',
        expires_in: Number(hash.get('expires_in') ?? 3600),
        refresh_expires_in: Number(hash.get('refresh_expires_in') ?? 0),
      });
      // Drop the tokens from the address bar and history before moving on.
      history.replaceState(null, '', location.pathname + location.search);
      navigate(target, { replace: true });
    } else {
      navigate(`/login${target !== '/' ? `?redirect=${encodeURIComponent(target)}` : ''}`, { replace: true });
    }
  }, [navigate, params]);

  return (
    <main style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
      <Spin size="large" description={t('redirecting')} />
    </main>
  );
}
