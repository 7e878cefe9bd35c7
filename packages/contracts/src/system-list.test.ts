import { describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_SETTINGS, SYSTEM_SETTING_KEYS, systemSettingsSchema } from './settings.js';
import { SETTING_DEFINITIONS, createSystemSchema, declaredPlacement } from './system-list.js';

describe('system list definitions', () => {
  it('give every setting a place in a section', () => {
    for (const key of SYSTEM_SETTING_KEYS) expect(declaredPlacement(key).sort).toBeGreaterThan(0);
  });

  it('state the ranges the settings schema enforces', () => {
    for (const key of SYSTEM_SETTING_KEYS) {
      const d = SETTING_DEFINITIONS[key];
      const field = systemSettingsSchema.shape[key];
      expect(field.safeParse(DEFAULT_SYSTEM_SETTINGS[key]).success, key).toBe(true);
      if (d.kind === 'integer') {
        expect(field.safeParse(Number(d.min)).success, key).toBe(true);
        expect(field.safeParse(Number(d.max)).success, key).toBe(true);
        expect(field.safeParse(Number(d.min) - 1).success, key).toBe(false);
        expect(field.safeParse(Number(d.max) + 1).success, key).toBe(false);
      }
      if (d.kind === 'choice') {
        for (const o of d.options) expect(field.safeParse(o).success, `${key} ${o}`).toBe(true);
        expect(field.safeParse('not-an-option').success, key).toBe(false);
      }
    }
  });

  it('check one value by its own key', () => {
    expect(createSystemSchema.safeParse({ key: 'lockoutMinutes', value: 30 }).success).toBe(true);
    expect(createSystemSchema.safeParse({ key: 'lockoutMinutes', value: 0 }).success).toBe(false);
    expect(createSystemSchema.safeParse({ key: 'daysOff', value: [6, 0, 6] }).data).toEqual({ key: 'daysOff', value: [0, 6] });
  });
});
