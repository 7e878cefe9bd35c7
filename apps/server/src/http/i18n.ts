import { DEFAULT_LANGUAGE, LANGUAGES, MESSAGES, type Language } from '@harbour/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * Message lookup for answers (architecture §4). The platform's catalogues live in
 * `@harbour/contracts/messages`; a module with codes of its own adds them with
 * `registerMessages` (once, at import time) so every answer still speaks all three languages.
 */
const extra: Record<Language, Record<string, string>> = { 'zh-TW': {}, en: {}, 'zh-CN': {} };

export function registerMessages(catalogues: Record<Language, Record<string, string>>): void {
  for (const lang of LANGUAGES) Object.assign(extra[lang], catalogues[lang]);
}

export function hasMessage(code: string): boolean {
  return Object.hasOwn(MESSAGES.en, code) || Object.hasOwn(extra.en, code);
}

export type MessageParams = Record<string, string | number>;

export function translate(lang: Language, code: string, params: MessageParams = {}): string {
  const template =
    (MESSAGES[lang] as Record<string, string>)[code] ??
    extra[lang][code] ??
    (MESSAGES[DEFAULT_LANGUAGE] as Record<string, string>)[code] ??
    extra[DEFAULT_LANGUAGE][code];
  if (template === undefined) return code;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
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
