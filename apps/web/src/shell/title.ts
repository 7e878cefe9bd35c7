/**
 * Route titles are i18n keys. The server may send `ns:key` (any namespace) or a bare key, which is
 * looked up in the `menu` namespace; an unknown key shows as sent rather than as a blank tab.
 */
import type { TFunction } from 'i18next';

export function routeTitle(t: TFunction, key: string | undefined): string {
  if (!key) return '';
  const nsKey = key.includes(':') ? key : `menu:${key}`;
  return t(nsKey, { defaultValue: key });
}
