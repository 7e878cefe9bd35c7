/**
 * Providers around every route: antd theme (colour, light/dark, size, locale, motion), the antd App
 * context for messages and dialogs, React Query, and the bridge that lets the API client show
 * errors.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale/index.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSettings } from '../stores/settings.js';
import { loadAntdLocale, loadedAntdLocale } from './antd-locale.js';
import { ClientBridge } from './ClientBridge.js';
import { accessiblePrimary } from '../components/theme-color.js';
import { useReducedMotion } from '../components/reduced-motion.js';

/** Links sit on white and on the #f5f5f5 layout grey; 5.2:1 on white keeps ≥ 4.5:1 on both. */
const LINK_CONTRAST = 5.2;

export const queryClient = new QueryClient({
  defaultOptions: {
    // The client already shows failures; a retry would show the same red message twice.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  const themeColor = useSettings((s) => s.themeColor);
  const mode = useSettings((s) => s.theme);
  const size = useSettings((s) => s.size);
  const language = useSettings((s) => s.language);
  const reducedMotion = useReducedMotion();
  // A locale preloaded with the workspace is there from the first render: no second render of
  // every antd component once it arrives.
  const [locale, setLocale] = useState<Locale | undefined>(() => loadedAntdLocale(language));

  useEffect(() => {
    let live = true;
    void loadAntdLocale(language).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [language]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      locale={locale}
      componentSize={size}
      theme={{
        // antd's styles come prebuilt (app/antd-stylesheet.ts): no component generates its own
        zeroRuntime: true,
        token: {
          colorPrimary: accessiblePrimary(themeColor),
          colorLink: mode === 'dark' ? undefined : accessiblePrimary(themeColor, LINK_CONTRAST),
          borderRadius: 4,
          // the system's reduce-motion setting turns antd's animations off
          motion: !reducedMotion,
          // antd's lightest greys fall under WCAG AA contrast; placeholders and hints stay readable.
          ...(mode === 'dark'
            ? { colorTextPlaceholder: 'rgba(255,255,255,0.55)', colorTextTertiary: 'rgba(255,255,255,0.6)' }
            : // Danger buttons and error texts in antd's red-7: the default red is 3.3:1 on white.
              { colorTextPlaceholder: 'rgba(0,0,0,0.55)', colorTextTertiary: 'rgba(0,0,0,0.6)', colorError: '#cf1322' }),
        },
        algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      }}
    >
      <AntApp>
        <ClientBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
