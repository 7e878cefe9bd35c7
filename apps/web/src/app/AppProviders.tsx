/**
 * Providers around every route: antd theme (colour, light/dark, size, locale), the antd App
 * context for messages and dialogs, React Query, and the bridge that lets the API client show
 * errors.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale/index.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSettings } from '../stores/settings.js';
import { loadAntdLocale } from './antd-locale.js';
import { ClientBridge } from './client-bridge.js';

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
  const [locale, setLocale] = useState<Locale>();

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
        token: { colorPrimary: themeColor, borderRadius: 4 },
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
