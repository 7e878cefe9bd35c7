import { Outlet } from 'react-router';
import { useSettings } from '../stores/settings.js';
import { loadAntdLocale } from './antd-locale.js';
import { AppProviders } from './AppProviders.js';

// antd's locale starts loading as soon as this chunk arrives (while the login form is filled in),
// so the providers have it for their first render.
loadAntdLocale(useSettings.getState().language).catch(() => undefined);

/**
 * Layout route around every page that uses antd. It is loaded lazily so the login page, which is
 * plain HTML and CSS, does not download antd (spec goal: a small login route).
 */
export default function AntdRoot() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
