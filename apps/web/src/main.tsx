import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/index.js';
import { useSettings } from './stores/settings.js';
import { installErrorCollection } from './shell/error-collection.js';
import { App } from './app/App.js';
import './styles/global.css';

// Spec §8: runtime errors are collected for the error-log dialog in production builds.
if (import.meta.env.PROD) installErrorCollection();

void initI18n(useSettings.getState().language).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
