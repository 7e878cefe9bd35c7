/**
 * Route titles are i18n keys. The server sends `ns:key` (the catalogue uses `shell:menu.<key>`);
 * a bare key is looked up under `shell:menu.`; an unknown key shows as sent rather than blank.
 */
import type { TFunction } from 'i18next';

export function routeTitle(t: TFunction, key: string | undefined): string {
  if (!key) return '';
  const nsKey = key.includes(':') ? key : `shell:menu.${key}`;
  return t(nsKey, { defaultValue: key });
}
