import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/index.js';
import { useSettings } from './stores/settings.js';
import { installErrorCollection } from './shell/error-collection.js';
import { App } from './app/App.js';
import './styles/global.css';
import './styles/print.css';

// Spec §8: runtime errors are collected for the error-log dialog in production builds.
if (import.meta.env.PROD) installErrorCollection();

// The theme applies before anything renders, also on the login page (which has no antd).
document.documentElement.dataset.theme = useSettings.getState().theme;

// Only the login page's texts: the workspace fetches the rest before it renders (app/router.tsx).
void initI18n(useSettings.getState().language, 'start').then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
