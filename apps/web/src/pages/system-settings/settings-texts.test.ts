import { describe, expect, it } from 'vitest';
import { LANGUAGES, SETTINGS_SECTIONS, SYSTEM_SETTING_KEYS } from '@harbour/contracts';
import { i18next, initI18n } from '../../i18n/index.js';

/** Every setting of the contract appears in one section and has a label and a help line in every language. */
describe('default settings texts', () => {
  it('places every setting in exactly one section', () => {
    const placed = SETTINGS_SECTIONS.flatMap((s) => s.fields);
    expect([...placed].sort()).toEqual([...SYSTEM_SETTING_KEYS].sort());
  });

  it.each(LANGUAGES)('labels and explains every setting in %s', async (lng) => {
    await initI18n(lng);
    const t = i18next.getFixedT(lng, 'settings');
    const missing = SYSTEM_SETTING_KEYS.flatMap((k) => [`fields.${k}`, `help.${k}`]).filter((key) => !i18next.exists(key, { lng, ns: 'settings' }));
    expect(missing).toEqual([]);
    expect(t('sections.security')).not.toBe('sections.security');
  });
});
