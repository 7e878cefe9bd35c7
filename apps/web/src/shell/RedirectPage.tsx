/**
 * `/redirect/<path>` refreshes a tab (spec §2): the page leaves the cache and the browser
 * returns to `<path>`, where it mounts afresh.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTags } from '../stores/tags.js';

export function RedirectPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const target = pathname.replace(/^\/redirect/, '') + search;

  useEffect(() => {
    useTags.getState().refresh(target);
    navigate(target || '/', { replace: true });
  }, [target, navigate]);

  return <Spin style={{ display: 'block', margin: '48px auto' }} description={t('redirect.refreshing')} />;
}
