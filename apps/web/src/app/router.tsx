/**
 * The route table. The login page stands alone (no antd, so it loads fast); every other page
 * sits under the lazily loaded antd root. Fixed pages that work without a session are routes of
 * their own; everything else (dashboard, /adminModify, /redirect, /test and the server's menu
 * routes) is resolved inside the shell.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CHANGE_PASSWORD_PAGE } from '../shell/fixed-routes.js';
import { ensureCurrentLanguage } from '../i18n/index.js';
import { loadAntdStylesheet } from './antd-stylesheet.js';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Shown while a lazily loaded route arrives on the first page load. */
const Blank = () => null;

export const routes: RouteObject[] = [
  { path: '/login', lazy: page(() => import('../pages/login/LoginPage.js')), HydrateFallback: Blank },
  {
    // every page under it may use any namespace: all of the language's texts are there first
    lazy: page(async () => (await Promise.all([import('./AntdRoot.js'), ensureCurrentLanguage(), loadAntdStylesheet()]))[0]),
    HydrateFallback: Blank,
    children: [
      { path: '/auth-redirect', lazy: page(() => import('../pages/auth-redirect/AuthRedirectPage.js')) },
      { path: CHANGE_PASSWORD_PAGE, lazy: page(() => import('../pages/change-password/ChangePasswordPage.js')) },
      { path: '/privacy-policy', lazy: page(() => import('../pages/legal/PrivacyPolicyPage.js')) },
      { path: '/user-agreement', lazy: page(() => import('../pages/legal/UserAgreementPage.js')) },
      { path: '/401', lazy: page(() => import('../pages/errors/NoAccessPage.js')) },
      { path: '/404', lazy: page(() => import('../pages/errors/NotFoundPage.js')) },
      { path: '/*', lazy: page(() => import('../shell/ShellRoot.js')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
