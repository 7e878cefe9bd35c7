/**
 * Inactivity logout (spec §8): after the configured time without input the session is ended and
 * the staff may confirm the logout, log in again (back to this page afterwards) or cancel.
 */
import { useEffect, useRef } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { getUserInfo, logout } from '../api/auth.js';
import { useSession } from '../stores/session.js';

/** Default when the server sends no `idleTimeout` (seconds). */
export const DEFAULT_IDLE_SECONDS = 30 * 60;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/**
 * The server times a session out by its last request. Someone typing a long form makes none, so
 * while there is activity the shell re-reads /userInfo this often: the server sees the staff is
 * still there, and changed permissions or a revoked session show up without waiting for a save.
 */
export const HEARTBEAT_MS = 4 * 60_000;

export function useIdleLogout(idleSeconds: number | undefined, onLoggedOut: () => void) {
  const { modal } = App.useApp();
  const { t } = useTranslation('common');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fired = useRef(false);
  const seconds = idleSeconds && idleSeconds > 0 ? idleSeconds : DEFAULT_IDLE_SECONDS;

  useEffect(() => {
    const onIdle = async () => {
      fired.current = true;
      await logout();
      const here = location.pathname + location.search;
      const instance = modal.confirm({
        title: t('session.idleTitle'),
        content: t('session.idleText', { minutes: Math.round(seconds / 60) }),
        okText: t('session.confirmLogout'),
        cancelText: t('actions.cancel'),
        onOk: () => {
          onLoggedOut();
          location.assign('/login');
        },
        footer: (_, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            <Button
              onClick={() => {
                instance.destroy();
                onLoggedOut();
                location.assign(`/login?redirect=${encodeURIComponent(here)}`);
              }}
            >
              {t('session.loginAgain')}
            </Button>
            <OkBtn />
          </>
        ),
      });
    };
    let activeSinceBeat = false;
    const arm = () => {
      if (fired.current) return;
      activeSinceBeat = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void onIdle(), seconds * 1000);
    };
    arm();
    const beat = setInterval(() => {
      if (!activeSinceBeat || fired.current) return;
      activeSinceBeat = false;
      getUserInfo({ startup: false })
        .then((info) => useSession.getState().setUser(info))
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, arm, { passive: true });
    return () => {
      clearTimeout(timer.current);
      clearInterval(beat);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, arm);
    };
  }, [seconds, modal, t, onLoggedOut]);
}
