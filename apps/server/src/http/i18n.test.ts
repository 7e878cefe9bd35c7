import { LANGUAGES } from '@harbour/contracts';
import { MESSAGES } from '@harbour/contracts/messages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { languageOf, translate } from './i18n.js';
import { issueMessage } from './validation.js';

describe('languageOf', () => {
  it.each([
    [undefined, 'zh-TW'],
    ['', 'zh-TW'],
    ['en-GB,en;q=0.8', 'en'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-Hans', 'zh-CN'],
    ['zh-CN,en;q=0.5', 'zh-CN'],
    ['fr-FR, en;q=0.3', 'en'],
    ['en;q=0.2, zh-CN;q=0.9', 'zh-CN'],
    ['de', 'zh-TW'],
  ])('%s → %s', (header, lang) => {
    expect(languageOf(header)).toBe(lang);
  });
});

describe('message catalogues', () => {
  // The shared catalogue (packages/contracts/src/messages): the server's codes and the web's keys.
  // i18next plural forms differ by language (English has _one/_other, Chinese only _other).
  const stripPlural = (code: string) => code.replace(/_(zero|one|two|few|many|other)$/, '');
  const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

  it('have the same codes and placeholders in every language', () => {
    const codes = [...new Set(Object.keys(MESSAGES.en).map(stripPlural))].sort();
    for (const lang of LANGUAGES) {
      expect([...new Set(Object.keys(MESSAGES[lang]).map(stripPlural))].sort()).toEqual(codes);
      for (const [code, text] of Object.entries(MESSAGES[lang])) {
        const english = MESSAGES.en[code];
        if (english !== undefined) expect({ code, names: placeholders(text) }).toEqual({ code, names: placeholders(english) });
      }
    }
  });

  it('use only i18next placeholders, so the web and the server fill the same ones', () => {
    const single = Object.entries(MESSAGES.en).filter(([, text]) => /(^|[^{])\{\w+\}(?!\})/.test(text));
    expect(single).toEqual([]);
  });

  it('fills parameters and falls back to the code itself', () => {
    expect(translate('en', 'validation.tooLong', { max: 16 })).toBe('At most 16 characters');
    expect(translate('zh-TW', 'auth.accountLocked', { minutes: 15 })).toBe('登入失敗次數過多，帳號已鎖定 15 分鐘。');
    expect(translate('en', 'no.such.code')).toBe('no.such.code');
  });
});

describe('zod issues → message codes', () => {
  const issuesOf = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value).error!.issues.map((i) => {
      const { code, path, message, ...params } = i as unknown as { code: string; path: PropertyKey[]; message: string } & Record<string, unknown>;
      return issueMessage({ keyword: code, instancePath: `/${path.join('/')}`, message, params });
    });

  it('names the usual checks', () => {
    const s = z.object({ name: z.string().min(2).max(4), n: z.number().int().min(1).max(9), when: z.iso.date(), kind: z.enum(['a', 'b']), tags: z.array(z.string()).min(1) });
    // A missing enum reads as "choose one of the options": zod does not tell missing from wrong there.
    expect(issuesOf(s, {}).map((m) => m.code)).toEqual(['validation.required', 'validation.required', 'validation.required', 'validation.choice', 'validation.required']);
    expect(issuesOf(s, { name: 'x', n: 0, when: '2026-13-01', kind: 'c', tags: [] })).toEqual([
      { code: 'validation.tooShort', params: { min: '2' } },
      { code: 'validation.tooSmall', params: { min: '1' } },
      { code: 'validation.date', params: {} },
      { code: 'validation.choice', params: {} },
      { code: 'validation.tooFewItems', params: { min: '1' } },
    ]);
    expect(issuesOf(s, { name: 'xxxxx', n: 10, when: '2026-01-01', kind: 'a', tags: ['t'] }).map((m) => m.code)).toEqual(['validation.tooLong', 'validation.tooBig']);
    expect(issuesOf(z.object({ n: z.number() }), { n: 'seven' })[0]!.code).toBe('validation.number');
  });

  it('keeps a schema’s own message code', () => {
    const s = z.string().refine(() => false, { message: 'validation.hkid' });
    expect(issuesOf(s, 'A123')[0]!.code).toBe('validation.hkid');
  });
});

describe('translate: plural forms', () => {
  it('picks the form of count by the language, as i18next does on the web', () => {
    const code = 'tools.importPage.reconciliation.loansCount';
    expect(translate('en', code, { count: 1, differing: 0 })).toBe('1 loan, 0 with differences');
    expect(translate('en', code, { count: 3, differing: 1 })).toBe('3 loans, 1 with differences');
    expect(translate('zh-TW', code, { count: 1, differing: 1 })).toBe('1 筆貸款，1 筆有差異');
  });
});
