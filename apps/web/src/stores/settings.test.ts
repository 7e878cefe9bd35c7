import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY, useSettings } from './settings.js';

describe('settings', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      themeColor: '#409EFF',
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: true,
      language: 'zh-TW',
      size: 'middle',
    });
  });

  it('persists changes to localStorage and reads them back', async () => {
    useSettings.getState().set({ themeColor: '#13c2c2', tagsView: false, language: 'en', size: 'large' });
    useSettings.getState().toggleSidebar();
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!) as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ themeColor: '#13c2c2', tagsView: false, language: 'en', size: 'large', sidebarOpened: false });
    expect(stored.state).not.toHaveProperty('set');

    // A reload: memory back to defaults (which persist writes through), the saved copy restored
    // as the browser would still have it, then rehydrate.
    const saved = localStorage.getItem(SETTINGS_STORAGE_KEY)!;
    useSettings.setState({ ...DEFAULT_SETTINGS });
    localStorage.setItem(SETTINGS_STORAGE_KEY, saved);
    await useSettings.persist.rehydrate();
    expect(useSettings.getState()).toMatchObject({ themeColor: '#13c2c2', tagsView: false, language: 'en', size: 'large' });
  });
});
