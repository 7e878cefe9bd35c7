/**
 * The chosen theme colour, darkened just enough for white text on it to reach the WCAG AA contrast
 * of 4.5:1 (the default #409EFF only reaches 2.9:1). Hue and saturation are kept, so the colour
 * still reads as the one the staff picked; colours that already pass are used as they are.
 */
const AA = 4.5;

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return 0;
  const n = parseInt(m[1]!, 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

const toHex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`;

/** `ratio` 4.5 is AA against white; links use more, as they also sit on the light grey layout. */
export function accessiblePrimary(hex: string, ratio = AA): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  if (contrastWithWhite(hex) >= ratio) return `#${m[1]!.toLowerCase()}`;
  const n = parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  // Scale towards black in small steps until white text passes.
  for (let f = 0.98; f > 0; f -= 0.02) {
    const candidate = toHex(r * f, g * f, b * f);
    if (contrastWithWhite(candidate) >= ratio) return candidate;
  }
  return '#000000';
}
