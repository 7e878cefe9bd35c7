/** antd and dayjs locales per interface language, loaded only when that language is chosen. */
import type { Locale } from 'antd/es/locale/index.js';
import dayjs from 'dayjs';
import type { Language } from '@harbour/contracts';

export async function loadAntdLocale(lng: Language): Promise<Locale> {
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
