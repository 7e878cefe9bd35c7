// Shared set-up of every web component test: DOM matchers, clean DOM between tests, and the
// browser APIs antd relies on that happy-dom does not provide. Files that opt into the node
// environment (`// @vitest-environment node`, e.g. the translation checks) skip the DOM parts.
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  const { initI18n } = await import('../i18n/index.js');
  await initI18n('en');
  // findBy*/waitFor wait for what a test expects, however busy the machine: the one-second default
  // failed a filter test on a 2-core runner shared with the server suites. A test that waits for
  // something that never comes still fails, only later.
  configure({ asyncUtilTimeout: 10_000 });

  afterEach(() => {
    cleanup();
    localStorage.clear();
    document.cookie.split(';').forEach((c) => {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    });
  });

  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
}
