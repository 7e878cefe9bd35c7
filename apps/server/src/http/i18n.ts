import { DEFAULT_LANGUAGE, type Language } from '@harbour/contracts';
import { MESSAGES, isMessageCode } from '@harbour/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { MessageParams } from '../platform/errors.js';

/**
 * Message lookup for answers (architecture §4). Every text lives once, in the shared catalogue of
 * `packages/contracts/src/messages/<language>/<area>.json`, which the web reads as i18next
 * namespaces; the server names a text by its code, `<area>.<key>` (`validation.hkid`).
 */
export const hasMessage = isMessageCode;


const lookup = (lang: Language, code: string): string | undefined => MESSAGES[lang][code] ?? MESSAGES[DEFAULT_LANGUAGE][code];

/**
 * The code of the plural form for a `count` parameter, as i18next picks it on the web: `<code>_one`
 * or `<code>_other` by the language's plural rules, else the code itself.
 */
function pluralOf(lang: Language, code: string, params: MessageParams): string {
  if (typeof params.count !== 'number') return code;
  const form = `${code}_${new Intl.PluralRules(lang).select(params.count)}`;
  if (lookup(lang, form) !== undefined) return form;
  return lookup(lang, `${code}_other`) !== undefined ? `${code}_other` : code;
}

/** The text of a code in a language, `{{name}}` placeholders filled and the plural form of `count` picked (i18next's syntax, as the web). */
export function translate(lang: Language, code: string, params: MessageParams = {}): string {
  const template = lookup(lang, pluralOf(lang, code, params));
  if (template === undefined) return code;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * The caller's language from `Accept-Language`: the first listed that Harbour speaks
 * (`zh-HK`/`zh-Hant` read as zh-TW, `zh-Hans`/`zh-SG` as zh-CN), else zh-TW.
 */
export function languageOf(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((r) => r.trim()).find((r) => r.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans')) return 'zh-CN';
    if (tag.startsWith('zh')) return 'zh-TW';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

export const requestLanguage = (req: FastifyRequest): Language => languageOf(req.headers['accept-language']);
