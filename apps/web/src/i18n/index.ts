/**
 * i18next set-up. The texts are Harbour's one message catalogue, shared with the server:
 * `packages/contracts/src/messages/<language>/<area>.json`, one i18next namespace per area (the
 * server answers with the same texts by code, `<area>.<key>`). Every file is found by
 * `import.meta.glob`, so adding an area needs no code here. Only the active language is fetched,
 * and at start-up only the login page's namespaces of it (`START_NAMESPACES`, one chunk per language
 * and part, vite.config.ts), which keeps the login page light; the workspace waits for the rest.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.js';
import { START_NAMESPACES } from './start-namespaces.js';

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

/** What of a language to fetch: the login page's namespaces, or every namespace. */
export type LanguagePart = 'start' | 'all';

/** `<lng>:<part>` already added (`<lng>:all` implies the start part). */
const loaded = new Set<string>();

async function loadLanguage(lng: Language, part: LanguagePart = 'all'): Promise<void> {
  if (loaded.has(`${lng}:all`) || loaded.has(`${lng}:${part}`)) return;
  await Promise.all(
    Object.entries(loaders).map(async ([path, load]) => {
      const p = parse(path);
      if (!p || p.lng !== lng || (part === 'start' && !START_NAMESPACES.includes(p.ns))) return;
      i18next.addResourceBundle(lng, p.ns, await load(), true, true);
    }),
  );
  loaded.add(`${lng}:${part}`);
}

/** Fetches all of a language's texts without switching to it (the workspace before it renders; a paper printed in the borrower's language: `i18next.getFixedT(lng)`). */
export const ensureLanguage = (lng: Language): Promise<void> => loadLanguage(lng);

/** BCP 47 tag for `<html lang>`, so screen readers and CJK fonts pick the right script. */
export const htmlLang = (lng: Language) =>
  lng === 'zh-TW' ? 'zh-Hant-TW' : lng === 'zh-CN' ? 'zh-Hans-CN' : 'en';

/** Settled once i18next is set up: the router may ask for the texts before main.tsx has done so. */
let markReady!: () => void;
const ready = new Promise<void>((resolve) => (markReady = resolve));

/** All texts of the language in use, once i18next is set up (the workspace's routes, app/router.tsx). */
export async function ensureCurrentLanguage(): Promise<void> {
  await ready;
  await loadLanguage(currentLanguage());
}

/** Sets up i18next in `lng`; the page's start-up asks only for the login page's part of it. */
export async function initI18n(lng: Language = DEFAULT_LANGUAGE, part: LanguagePart = 'all'): Promise<typeof i18next> {
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
  await loadLanguage(lng, part);
  if (i18next.language !== lng) await i18next.changeLanguage(lng);
  markReady();
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
