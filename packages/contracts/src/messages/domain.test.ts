import { DOMAIN_ERROR_CODES } from '@harbour/domain';
import { expect, it } from 'vitest';
import { LANGUAGES } from '../errors.js';
import { DOMAIN_MESSAGES } from './domain.js';

it('has every domain error code in every language', () => {
  for (const lang of LANGUAGES) {
    expect(Object.keys(DOMAIN_MESSAGES[lang]).sort()).toEqual(Object.keys(DOMAIN_ERROR_CODES).map((c) => `domain.${c}`).sort());
  }
});
