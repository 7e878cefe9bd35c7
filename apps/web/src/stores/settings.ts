/**
 * The staff's interface preferences (spec §3 "Local preferences", §9 defaults), kept in
 * localStorage so they survive a reload.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages.js';

/** The eight preset theme colours of the settings drawer; the first is the default. */
export const THEME_COLORS = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;

export type SizeName = 'small' | 'middle' | 'large';
export type ThemeMode = 'light' | 'dark';

export interface SettingsState {
  themeColor: string;
  theme: ThemeMode;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  sidebarOpened: boolean;
  language: Language;
  size: SizeName;
  set: (patch: Partial<Omit<SettingsState, 'set' | 'toggleSidebar'>>) => void;
  toggleSidebar: () => void;
}

export const SETTINGS_STORAGE_KEY = 'harbour-settings';

export const DEFAULT_SETTINGS = {
  themeColor: THEME_COLORS[0],
  theme: 'light' as ThemeMode,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  sidebarOpened: true,
  language: DEFAULT_LANGUAGE,
  size: 'middle' as SizeName,
};

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      set: (patch) => set(patch),
      toggleSidebar: () => set((s) => ({ sidebarOpened: !s.sidebarOpened })),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ set: _set, toggleSidebar: _toggle, ...rest }) => rest,
    },
  ),
);
