import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../stores/settings.js';
import { accessiblePrimary, contrastWithWhite } from './theme-color.js';

describe('accessible primary colour', () => {
  it('darkens the default #409EFF until white text passes AA', () => {
    expect(contrastWithWhite('#409EFF')).toBeLessThan(4.5);
    const shade = accessiblePrimary('#409EFF');
    expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(4.5);
    // Still a blue: blue channel dominant.
    expect(parseInt(shade.slice(5, 7), 16)).toBeGreaterThan(parseInt(shade.slice(1, 3), 16));
  });

  it('keeps colours that already pass and makes every preset pass', () => {
    expect(accessiblePrimary('#212121')).toBe('#212121');
    for (const c of THEME_COLORS) expect(contrastWithWhite(accessiblePrimary(c))).toBeGreaterThanOrEqual(4.5);
  });
});
