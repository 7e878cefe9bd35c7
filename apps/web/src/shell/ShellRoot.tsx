/**
 * Entry of every signed-in page: without a token go to /login (coming back here afterwards);
 * with one, load `/userInfo` once, then show the workspace. A failed load signs out locally,
 * shows the server's message (or "Verification failed, please login again") and goes to / (spec §8).
 */
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { App, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../api/auth.js';
import { ApiError } from '../api/errors.js';
import { clearTokens, readToken } from '../api/token-store.js';
import { useSession } from '../stores/session.js';
import { useTags } from '../stores/tags.js';
import { ShellLayout } from './ShellLayout.js';

/** One `/userInfo` load at a time, however often the shell mounts while it runs. */
let loading: ReturnType<typeof getUserInfo> | null = null;
const loadUserInfo = () => {
  loading ??= getUserInfo().finally(() => {
    loading = null;
  });
  return loading;
};

export default function ShellRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation('common');
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const [hasToken] = useState(() => !!readToken());

  useEffect(() => {
    if (!hasToken || user) return;
    let live = true;
    loadUserInfo()
      .then((info) => {
        if (!live) return;
        if (!Array.isArray(info.roles) || info.roles.length === 0) throw new ApiError('', 0, 200);
        setUser(info);
      })
      .catch((e: unknown) => {
        if (!live) return;
        clearTokens();
        setUser(null);
        useTags.getState().reset();
        const text = e instanceof Error && e.message ? e.message : t('session.verifyFailed');
        void message.error({ content: text, duration: 5 });
        navigate('/', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [hasToken, user, setUser, navigate, message, t]);

  if (!readToken()) {
    const back = location.pathname + location.search;
    const redirect = back === '/' || back === '' ? '' : `?redirect=${encodeURIComponent(back)}`;
    return <Navigate to={`/login${redirect}`} replace />;
  }
  if (!user) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }} role="status">
        <Spin size="large" description={t('loading')} />
      </div>
    );
  }
  return <ShellLayout />;
}
