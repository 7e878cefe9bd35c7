/**
 * i18next set-up. The texts are Harbour's one message catalogue, shared with the server:
 * `packages/contracts/src/messages/<language>/<area>.json`, one i18next namespace per area (the
 * server answers with the same texts by code, `<area>.<key>`). Every file is found by
 * `import.meta.glob`, so adding an area needs no code here. Only the active language is fetched
 * (the build puts each language in one chunk, vite.config.ts), which keeps the login page light.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.js';

type Bundle = Record<string, unknown>;
const loaders = import.meta.glob<Bundle>('../../../../packages/contracts/src/messages/*/*.json', { import: 'default' });

const parse = (path: string) => {
  const m = /\/messages\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return m ? { lng: m[1]!, ns: m[2]! } : undefined;
};

/** Every namespace that has a file in any language. */
export const NAMESPACES = [
  ...new Set(Object.keys(loaders).map((p) => parse(p)?.ns).filter((n): n is string => !!n)),
];

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

const loaded = new Set<string>();

async function loadLanguage(lng: Language): Promise<void> {
  if (loaded.has(lng)) return;
  await Promise.all(
    Object.entries(loaders).map(async ([path, load]) => {
      const p = parse(path);
      if (!p || p.lng !== lng) return;
      i18next.addResourceBundle(lng, p.ns, await load(), true, true);
    }),
  );
  loaded.add(lng);
}

/** Fetches a language's texts without switching to it (a paper printed in the borrower's language: `i18next.getFixedT(lng)`). */
export const ensureLanguage = (lng: Language): Promise<void> => loadLanguage(lng);

/** BCP 47 tag for `<html lang>`, so screen readers and CJK fonts pick the right script. */
export const htmlLang = (lng: Language) =>
  lng === 'zh-TW' ? 'zh-Hant-TW' : lng === 'zh-CN' ? 'zh-Hans-CN' : 'en';

export async function initI18n(lng: Language = DEFAULT_LANGUAGE): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: false,
      ns: NAMESPACES,
      defaultNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await loadLanguage(lng);
  if (i18next.language !== lng) await i18next.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(lng);
  return i18next;
}

export async function changeLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  await i18next.changeLanguage(lng);
  document.documentElement.lang = htmlLang(lng);
}

export const currentLanguage = (): Language =>
  isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;

export { i18next };
