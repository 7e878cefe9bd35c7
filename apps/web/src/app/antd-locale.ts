/** antd and dayjs locales per interface language, loaded only when that language is chosen. */
import type { Locale } from 'antd/es/locale/index.js';
import dayjs from 'dayjs';
import type { Language } from '@harbour/contracts';

const loaded = new Map<Language, Locale>();

/** The locale of `lng` if it is already here (preloaded with the workspace), so the first render has it. */
export const loadedAntdLocale = (lng: Language): Locale | undefined => loaded.get(lng);

export async function loadAntdLocale(lng: Language): Promise<Locale> {
  const locale = await importLocale(lng);
  loaded.set(lng, locale);
  return locale;
}

async function importLocale(lng: Language): Promise<Locale> {
  switch (lng) {
    case 'en': {
      const m = await import('antd/es/locale/en_US.js');
      dayjs.locale('en');
      return m.default;
    }
    case 'zh-CN': {
      const [m] = await Promise.all([import('antd/es/locale/zh_CN.js'), import('dayjs/locale/zh-cn.js')]);
      dayjs.locale('zh-cn');
      return m.default;
    }
    default: {
      const [m] = await Promise.all([import('antd/es/locale/zh_TW.js'), import('dayjs/locale/zh-tw.js')]);
      dayjs.locale('zh-tw');
      return m.default;
    }
  }
}
