/**
 * Fetches what the first signed-in screen needs while the login form is being filled in: antd's
 * root, the shell and the rest of the language's texts. Their modules start the rest as they arrive: the antd root its locale, the
 * page registry the dashboard (`app/pages.ts`). After pressing Log in a staff member then waits
 * for the login call and `/userInfo` only, not for a waterfall of chunks. Started once; a failure
 * is left to the routes, which load the same chunks again.
 *
 * Only the router's own lazy chunks are imported here: importing a page or the page registry
 * from the login page would make the bundler split the shell's chunk into dozens of small ones.
 */
import { ensureCurrentLanguage } from '../i18n/index.js';
import { loadAntdStylesheet } from './antd-stylesheet.js';

let started = false;

export function preloadWorkspace(): void {
  if (started) return;
  started = true;
  void Promise.all([import('./AntdRoot.js'), import('../shell/ShellRoot.js'), ensureCurrentLanguage(), loadAntdStylesheet()]).catch(() => {
    started = false;
  });
}
