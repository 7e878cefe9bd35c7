/**
 * Entry of every signed-in page: without a token go to /login (coming back here afterwards);
 * with one, load `/userInfo` once, then show the workspace. A failed load signs out locally,
 * shows the server's message (or "Verification failed, please login again") and goes to / (spec §8).
 * Only an answer of the server counts as a failed load: a request that got none (aborted by a reload
 * or by leaving the page, timed out, network down) keeps the session and tries again.
 */
import { memo, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { App, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../api/auth.js';
import { ApiError, ConnectionError, isServerAnswer } from '../api/errors.js';
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

/** Wait before loading `/userInfo` again after a load that got no answer. */
const RETRY_MS = 5_000;

/** To /login, coming back to the page asked for afterwards. */
function ToLogin() {
  const location = useLocation();
  const back = location.pathname + location.search;
  const redirect = back === '/' || back === '' ? '' : `?redirect=${encodeURIComponent(back)}`;
  return <Navigate to={`/login${redirect}`} replace />;
}

/**
 * The frame, rendered again only when what it reads changes: the router renders this route's
 * element anew on every navigation and tab switch, and the frame's own parts follow the route
 * themselves where they show it (breadcrumbs, tabs, the menu's highlight).
 */
const Frame = memo(ShellLayout);

// The shell root reads no location of its own (ToLogin does).
export default function ShellRoot() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation('common');
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const [hasToken] = useState(() => !!readToken());
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!hasToken || user) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadUserInfo()
      .then((info) => {
        if (!live) return;
        if (!info || !Array.isArray(info.roles) || info.roles.length === 0) throw new ApiError('', 0, 200);
        setUser(info);
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (!isServerAnswer(e)) {
          // No answer: nothing is known about the session. Say so (unless the browser aborted the
          // request, e.g. on reload) and try again later.
          if (e instanceof ConnectionError && e.reason !== 'aborted') {
            void message.error({ content: e.message, duration: 5 });
          }
          retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
          return;
        }
        clearTokens();
        setUser(null);
        useTags.getState().reset();
        const text = e instanceof Error && e.message ? e.message : t('errors:tokenInvalid');
        void message.error({ content: text, duration: 5 });
        navigate('/', { replace: true });
      });
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [hasToken, user, setUser, navigate, message, t, attempt]);

  if (!readToken()) return <ToLogin />;
  if (!user) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }} role="status">
        <Spin size="large" description={t('loading')} />
      </div>
    );
  }
  return <Frame />;
}
