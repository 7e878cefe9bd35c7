import { describe, expect, it } from 'vitest';
import { HOLIDAY_KINDS, LANGUAGES, holidayResource } from '@harbour/contracts';
import { enumKey, nsKey } from '../../generic/i18n-key';
import { i18next, initI18n } from '../../i18n/index.js';

/**
 * The generic list, form and filter name the holiday kinds through `enums:holidayKind.*` and the
 * columns through the declaration's labels: each must exist in every language, or staff read keys.
 */
describe('holiday texts', () => {
  it.each(LANGUAGES)('names every kind and field in %s', async (lng) => {
    await initI18n(lng);
    const keys = [
      ...HOLIDAY_KINDS.map((k) => enumKey('holidayKind', k)),
      ...holidayResource.fields.map((f) => nsKey(f.label)),
      nsKey(holidayResource.title),
    ];
    expect(keys.filter((k) => !i18next.exists(k, { lng }))).toEqual([]);
  });
});
