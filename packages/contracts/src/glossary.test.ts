import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPORT_NAMES } from './reports/index.js';

/**
 * The glossary (docs/glossary.md) is the one name of each business thing in each language: no
 * message uses a name it says to avoid, and a report's page title is its menu title.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const messagesDir = path.join(here, 'messages');
const LANGS = ['zh-TW', 'en', 'zh-CN'] as const;
type Lang = (typeof LANGS)[number];

interface Term {
  term: string;
  use: Record<Lang, string>;
  avoid: Record<Lang, string[]>;
}

/** The rows of the glossary's table: term, then use and avoid for zh-TW, en and zh-CN. */
function glossary(): Term[] {
  const text = readFileSync(path.join(here, '../../../docs/glossary.md'), 'utf8');
  const rows = text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Term') && !l.startsWith('| ---'));
  return rows.map((row) => {
    const cells = row.slice(1, -1).split('|').map((c) => c.trim());
    const list = (cell: string) => cell.split(';').map((a) => a.trim()).filter(Boolean);
    return {
      term: cells[0]!.split(' — ')[0]!,
      use: { 'zh-TW': cells[1]!, en: cells[3]!, 'zh-CN': cells[5]! },
      avoid: { 'zh-TW': list(cells[2]!), en: list(cells[4]!), 'zh-CN': list(cells[6]!) },
    };
  });
}

/** Every message text of a language with where it is (`file:key.path`). */
function messages(lang: Lang): { at: string; text: string }[] {
  const out: { at: string; text: string }[] = [];
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') out.push({ at, text: value });
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`);
  };
  for (const file of readdirSync(path.join(messagesDir, lang)).filter((f) => f.endsWith('.json'))) {
    walk(JSON.parse(readFileSync(path.join(messagesDir, lang, file), 'utf8')), file.replace(/\.json$/, ''));
  }
  return out;
}

const json = (lang: Lang, ns: string) => JSON.parse(readFileSync(path.join(messagesDir, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;

describe('the glossary', () => {
  const terms = glossary();

  it('has a name in every language for each term, and avoids none of its own names', () => {
    expect(terms.length).toBeGreaterThanOrEqual(12);
    for (const t of terms) {
      for (const lang of LANGS) {
        expect(t.use[lang], `${t.term} in ${lang}`).not.toBe('');
        expect(t.avoid[lang], `${t.term} in ${lang}`).not.toContain(t.use[lang]);
      }
    }
  });

  for (const lang of LANGS) {
    it(`is the only wording of its terms in the ${lang} messages`, () => {
      const texts = messages(lang);
      const found = terms.flatMap((t) =>
        t.avoid[lang].flatMap((name) =>
          texts
            .filter(({ text }) => (lang === 'en' ? text.toLowerCase().includes(name.toLowerCase()) : text.includes(name)))
            .map(({ at }) => `${at} says "${name}" for ${t.term}: use "${t.use[lang]}"`),
        ),
      );
      expect(found).toEqual([]);
    });

    it(`gives each report page the title of its menu item in ${lang}`, () => {
      const menu = (json(lang, 'shell').menu as { reports: Record<string, string> }).reports;
      const reports = json(lang, 'reports') as Record<string, { title?: string }>;
      for (const name of REPORT_NAMES) {
        expect(reports[name]?.title, `reports:${name}.title`).toBe(menu[name]);
      }
    });
  }
});
