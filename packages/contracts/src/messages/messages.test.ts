import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DOMAIN_ERROR_CODES, TERMS_ISSUE_CODES } from '@harbour/domain';
import { describe, expect, it } from 'vitest';
import { TERMS_ISSUE_MESSAGES } from '../calculator.js';
import { LANGUAGES } from '../errors.js';
import { CATALOGUES, MESSAGES, isMessageCode } from './index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const areasOnDisk = (lang: string) =>
  readdirSync(`${here}/${lang}`)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();

describe('the message catalogue', () => {
  it.each(LANGUAGES)('imports every area file of %s (a new file needs its import in index.ts)', (lang) => {
    expect(Object.keys(CATALOGUES[lang]).sort()).toEqual(areasOnDisk(lang));
  });

  it('has every domain error code in every language, and nothing else in the domain area', () => {
    const codes = Object.keys(DOMAIN_ERROR_CODES).sort();
    for (const lang of LANGUAGES) expect(Object.keys(CATALOGUES[lang].domain!).sort()).toEqual(codes);
  });

  it('gives every loan-terms issue of the domain a message', () => {
    expect(Object.keys(TERMS_ISSUE_MESSAGES).sort()).toEqual(Object.keys(TERMS_ISSUE_CODES).sort());
    expect(Object.values(TERMS_ISSUE_MESSAGES).filter((code) => !isMessageCode(code))).toEqual([]);
  });

  it('names texts by <area>.<key>', () => {
    expect(MESSAGES.en['validation.hkid']).toBe('Enter a valid HKID number');
    expect(MESSAGES['zh-TW']['tools.calculator.schedule.title']).toBe('還款時間表');
  });
});
