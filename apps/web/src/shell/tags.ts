/**
 * Tags view and page cache logic (spec §2, §4), pure so it is tested without a browser.
 * A tab is keyed by the full path (path + query): the same route with other parameters is
 * another tab. The page cache is a least-recently-used list of full paths, at most 20 long.
 */
export interface TagView {
  fullPath: string;
  /** Route name (only named routes get a tab). */
  name: string;
  /** i18n key of the title. */
  title?: string;
  /** Affixed tabs (the dashboard) cannot be closed. */
  affix?: boolean;
}

export const MAX_CACHED_PAGES = 20;

export function addTag(tags: readonly TagView[], tag: TagView): TagView[] {
  const i = tags.findIndex((t) => t.fullPath === tag.fullPath);
  if (i < 0) return [...tags, tag];
  const copy = [...tags];
  copy[i] = { ...copy[i]!, ...tag };
  return copy;
}

export function closeTag(tags: readonly TagView[], fullPath: string): TagView[] {
  return tags.filter((t) => t.fullPath !== fullPath || t.affix);
}

export function closeOtherTags(tags: readonly TagView[], fullPath: string): TagView[] {
  return tags.filter((t) => t.affix || t.fullPath === fullPath);
}

export function closeAllTags(tags: readonly TagView[]): TagView[] {
  return tags.filter((t) => t.affix);
}

/** Where to go after the active tab closed: the last remaining tab, or `/` when none is left. */
export function pathAfterClosing(remaining: readonly TagView[]): string {
  return remaining.at(-1)?.fullPath ?? '/';
}

/** Marks `key` as most recently used; drops the least recently used beyond `max`. */
export function touchCache(cache: readonly string[], key: string, max = MAX_CACHED_PAGES): string[] {
  const next = [...cache.filter((k) => k !== key), key];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function dropFromCache(cache: readonly string[], keys: readonly string[]): string[] {
  return cache.filter((k) => !keys.includes(k));
}
