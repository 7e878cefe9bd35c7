/**
 * Connects the framework-free API client to antd: red error messages for 5 s and one
 * "log in again" dialog however many calls fail at once (spec §8).
 */
import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { configureClient } from '../api/http.js';
import { logout } from '../api/auth.js';
import { currentLanguage } from '../i18n/index.js';

/** Spec §9: error messages stay 5000 ms. */
export const ERROR_MESSAGE_SECONDS = 5;

let reloginOpen = false;

export function ClientBridge() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation('common');

  useEffect(() => {
    configureClient({
      language: currentLanguage,
      showError: (content) => void message.error({ content, duration: ERROR_MESSAGE_SECONDS }),
      text: (key, status) => t(`request.${key}`, { status }),
      tokenInvalid: () => {
        if (reloginOpen) return;
        reloginOpen = true;
        modal.confirm({
          title: t('session.expiredTitle'),
          content: t('session.expiredText'),
          okText: t('session.loginAgain'),
          cancelText: t('actions.cancel'),
          onOk: async () => {
            await logout();
            location.reload();
          },
          afterClose: () => {
            reloginOpen = false;
          },
        });
      },
    });
  }, [message, modal, t]);

  return null;
}
