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

/** A tab's title: the page's, then the record it shows (`還款處理 · LN2026…`). */
export function tabTitle(pageTitle: string, detail: string | undefined): string {
  return detail && pageTitle ? `${pageTitle} · ${detail}` : pageTitle;
}
