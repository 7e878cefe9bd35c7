import { Outlet } from 'react-router';
import { AppProviders } from './AppProviders.js';

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
